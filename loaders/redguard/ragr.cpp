#include "loaders/redguard/ragr.h"

namespace rgx::loaders {

namespace {

// Bits [shift, shift + width) of v, sign-extended from width bits.
std::int32_t signedField(std::uint32_t v, unsigned shift, unsigned width) {
    std::uint32_t mask = (1u << width) - 1u;
    std::uint32_t x = (v >> shift) & mask;
    if (x & (1u << (width - 1))) return static_cast<std::int32_t>(x) - static_cast<std::int32_t>(1u << width);
    return static_cast<std::int32_t>(x);
}

std::uint32_t unsignedField(std::uint32_t v, unsigned shift, unsigned width) {
    return (v >> shift) & ((1u << width) - 1u);
}

std::uint32_t put(std::int32_t value, unsigned shift, unsigned width) {
    return (static_cast<std::uint32_t>(value) & ((1u << width) - 1u)) << shift;
}

} // namespace

RagrCommand decodeRagrCommand(std::uint32_t packed) {
    RagrCommand c;
    c.opcode = static_cast<std::uint8_t>(packed & 0x0F);
    switch (kRagrOpcodes[c.opcode].layout) {
    case RagrLayout::Split10x10:
        c.params = {signedField(packed, 4, 10), signedField(packed, 14, 10), 0};
        break;
    case RagrLayout::Split6x6x6:
        c.params = {signedField(packed, 4, 6), signedField(packed, 10, 6), signedField(packed, 16, 6)};
        break;
    case RagrLayout::Axis2x18:
        c.params = {static_cast<std::int32_t>(unsignedField(packed, 4, 2)), signedField(packed, 6, 18), 0};
        break;
    case RagrLayout::Split6x7x7:
        c.params = {static_cast<std::int32_t>(unsignedField(packed, 4, 6)), signedField(packed, 10, 7),
                    signedField(packed, 17, 7)};
        break;
    case RagrLayout::Value20:
        c.params = {signedField(packed, 4, 20), 0, 0};
        break;
    }
    return c;
}

std::uint32_t encodeRagrCommand(const RagrCommand& c) {
    std::uint32_t v = c.opcode & 0x0Fu;
    switch (kRagrOpcodes[v].layout) {
    case RagrLayout::Split10x10:
        v |= put(c.params[0], 4, 10) | put(c.params[1], 14, 10);
        break;
    case RagrLayout::Split6x6x6:
        v |= put(c.params[0], 4, 6) | put(c.params[1], 10, 6) | put(c.params[2], 16, 6);
        break;
    case RagrLayout::Axis2x18:
        v |= put(c.params[0], 4, 2) | put(c.params[1], 6, 18);
        break;
    case RagrLayout::Split6x7x7:
        v |= put(c.params[0], 4, 6) | put(c.params[1], 10, 7) | put(c.params[2], 17, 7);
        break;
    case RagrLayout::Value20:
        v |= put(c.params[0], 4, 20);
        break;
    }
    return v;
}

} // namespace rgx::loaders

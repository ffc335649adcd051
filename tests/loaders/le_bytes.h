#pragma once
// Little-endian words appended to bytes laid out by hand in the loaders' tests.

#include "loaders/bytes.h"

#include <cstdint>

namespace rgx::testing {

inline void put16(loaders::Bytes& b, std::uint16_t v) {
    b.push_back(static_cast<std::uint8_t>(v & 0xFF));
    b.push_back(static_cast<std::uint8_t>(v >> 8));
}

inline void put32(loaders::Bytes& b, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

} // namespace rgx::testing

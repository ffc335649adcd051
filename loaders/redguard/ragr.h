#pragma once
// RAGR animation commands: 3-byte packed little-endian values whose low 4 bits select an opcode,
// and the opcode selects how the remaining 20 bits split into parameters (the reference's
// "Bit Layout Summary"). The layout table lives here only, so playback (sim/) and the tools agree.

#include <array>
#include <cstdint>
#include <string_view>

namespace rgx::loaders {

enum class RagrLayout : std::uint8_t {
    Split10x10, // opcodes 0, 4, 10: two 10-bit signed values at bits 4 and 14
    Split6x6x6, // opcodes 6, 8: three 6-bit signed values at bits 4, 10, 16
    Axis2x18,   // opcodes 7, 9: 2-bit axis selector at bit 4, 18-bit signed value at bit 6
    Split6x7x7, // opcode 15: 6-bit unsigned mask at 4, 7-bit signed at 10 and at 17
    Value20,    // opcodes 1-3, 5, 11-14: one 20-bit signed value at bit 4
};

struct RagrOpcodeInfo {
    std::string_view name; // the reference's (UESP) name, e.g. "ShowFrame"
    RagrLayout layout;
};

// The 16 opcodes by name, for code that acts on one (sim/anim_player.cpp): RagrOp::X is the
// opcode kRagrOpcodes names "X".
enum class RagrOp : std::uint8_t {
    ShowFrame,
    EndAnimation,
    GoToPrevious,
    GoToFuture,
    PlaySound,
    BreakPoint,
    SetRotationXYZ,
    SetRotationAxis,
    SetPositionXYZ,
    SetPositionAxis,
    ChangeAnimGroup,
    Rumble,
    DelayCounter,
    ConditionalDelay,
    LoopControl,
    Transition,
};

// The 16 opcodes, indexed by opcode.
inline constexpr std::array<RagrOpcodeInfo, 16> kRagrOpcodes = {{
    {"ShowFrame", RagrLayout::Split10x10},
    {"EndAnimation", RagrLayout::Value20},
    {"GoToPrevious", RagrLayout::Value20},
    {"GoToFuture", RagrLayout::Value20},
    {"PlaySound", RagrLayout::Split10x10},
    {"BreakPoint", RagrLayout::Value20},
    {"SetRotationXYZ", RagrLayout::Split6x6x6},
    {"SetRotationAxis", RagrLayout::Axis2x18},
    {"SetPositionXYZ", RagrLayout::Split6x6x6},
    {"SetPositionAxis", RagrLayout::Axis2x18},
    {"ChangeAnimGroup", RagrLayout::Split10x10},
    {"Rumble", RagrLayout::Value20},
    {"DelayCounter", RagrLayout::Value20},
    {"ConditionalDelay", RagrLayout::Value20},
    {"LoopControl", RagrLayout::Value20},
    {"Transition", RagrLayout::Split6x7x7},
}};
constexpr const RagrOpcodeInfo& ragrOpcode(RagrOp op) {
    return kRagrOpcodes[static_cast<std::size_t>(op)];
}
static_assert(ragrOpcode(RagrOp::ShowFrame).name == "ShowFrame" &&
              ragrOpcode(RagrOp::ChangeAnimGroup).name == "ChangeAnimGroup" &&
              ragrOpcode(RagrOp::Transition).name == "Transition");

// A decoded command. params holds the layout's fields in bit order (unused ones are 0):
// 10+10: {a, b}; 6+6+6: {x, y, z}; 2+18: {axis, value}; 6+7+7: {trigger_mask, start_frame,
// target_group}; 20-bit: {value}. Opcode 0 (ShowFrame) is {handle_index, vertex_index}.
struct RagrCommand {
    std::uint8_t opcode = 0;
    std::array<std::int32_t, 3> params{};
    bool operator==(const RagrCommand&) const = default;
};

// packed: the 3 bytes as a 24-bit little-endian value (higher bits ignored).
RagrCommand decodeRagrCommand(std::uint32_t packed);

// Inverse of decodeRagrCommand for parameters inside their field ranges; out-of-range values are
// truncated to their bit width (so the result always fits 24 bits). The 6+6+6 layout covers bits
// 4..21 only, so bits 22-23 of such a command come back 0: keep the packed value for exact bytes.
std::uint32_t encodeRagrCommand(const RagrCommand& command);

// The 24-bit packed value of three bytes b0 b1 b2 (little-endian).
inline std::uint32_t packRagrBytes(std::uint8_t b0, std::uint8_t b1, std::uint8_t b2) {
    return std::uint32_t{b0} | (std::uint32_t{b1} << 8) | (std::uint32_t{b2} << 16);
}

} // namespace rgx::loaders

#pragma once
// REDGUARD.CHT, the saved cheat states: the `savecheats` cheat (#6) writes the engine's cheat
// state array, and the engine restores it at startup (the reference's "Cheat System" and its
// Redguard formats table). Decisions: docs/formats/cht.md.
//
//   64 x u32 LE, 256 bytes: slot i holds cheat #i's state (0 off, 1 on; the console's
//   `name = value` can store any integer). Slots 13..63 name no cheat and are 0 in practice.
//
// Reading policy (docs/formats.md). Error: fewer than 256 bytes (truncated), naming the first
// slot that is cut. Warnings: bytes after the 256 (ignored), a non-zero slot past the 13 cheats
// (kept).
//
// Round trips: writeCht(readCht(b)) == b for every b read without warnings; readCht(writeCht(c))
// == c for every c.

#include "loaders/bytes.h"
#include "loaders/enum_names.h"

#include <array>
#include <cstdint>
#include <string>

namespace rgx::loaders {

inline constexpr std::size_t kChtSlots = 64;
inline constexpr std::size_t kChtFileSize = kChtSlots * 4;

// The 13 cheats in the engine's order (the reference's cheat list): slot i of the file is cheat i.
enum class Cheat : std::uint8_t {
    Oracle,      // lists the cheats and their states in the console
    NodeMarker,  // draws the pathfinding node markers
    Moonraker,   // skips some of the player's combat and movement processing
    Task,        // the task scheduling system (SYSTEM.INI task_system)
    Animation,   // the animation state machine (SYSTEM.INI animation_system)
    MagicCarpet, // fly mode
    SaveCheats,  // writes REDGUARD.CHT
    DrEvil,      // the player does not die
    DrNo,        // skips part of the non-player actors' update
    Goldfinger,  // god mode: the post-hit invulnerability never runs out
    NeverSayDie, // dead code: toggled and saved, no effect
    Oddjob,      // dead code: toggled and saved, no effect
    YeahBaby,    // Page Up / Page Down pass through surfaces vertically
};
inline constexpr EnumNames<Cheat, 13> kCheatNames{{"oracle", "nodemarker", "moonraker", "task", "animation",
                                                   "magiccarpet", "savecheats", "drevil", "drno",
                                                   "goldfinger", "neversaydie", "oddjob", "yeahbaby"}};
inline constexpr std::size_t kCheatCount = kCheatNames.names.size();

struct ChtFile {
    std::array<std::uint32_t, kChtSlots> slots{}; // slot i: cheat i's state for i < 13
    bool operator==(const ChtFile&) const = default;
};

// The state of one cheat (its slot).
inline std::uint32_t cheatState(const ChtFile& file, Cheat cheat) {
    return file.slots[static_cast<std::size_t>(cheat)];
}

ChtFile readCht(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// Exactly 256 bytes.
Bytes writeCht(const ChtFile& file);

// A weak check, for `rgx info` (the file has no magic): exactly 256 bytes, the 13 cheat slots 0 or
// 1 and the rest 0.
bool looksLikeCht(ByteSpan bytes);

} // namespace rgx::loaders

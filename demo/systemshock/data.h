#pragma once
// The System Shock half of the demo: a small DATA directory in System Shock's own formats, written
// through loaders/systemshock/'s writers. ARCHIVE.DAT holds two levels (level 1: rooms at several
// floor heights joined by slopes in all four directions, every one of the 18 tile types, valleys
// and ridges with each slope control, diagonal corners; level 2: a few rooms with another z
// shift), TEXTURE.RES ten procedural level textures at the four sizes the game keeps, GAMEPAL.RES
// the palette they are drawn in. docs/demo.md "System Shock" lists the content.
//
// Contract: deterministic (integer arithmetic, no seed: the same bytes on every machine), every
// file reads back through its reader without warnings, and every texture id a level's texture
// list names has its four bitmaps in TEXTURE.RES.

#include "loaders/bytes.h"

#include <filesystem>
#include <map>
#include <string>

namespace rgx::demo::systemshock {

// DATA file name, upper case ("ARCHIVE.DAT", "TEXTURE.RES", "GAMEPAL.RES") -> file bytes.
using DataTree = std::map<std::string, rgx::loaders::Bytes>;

// The game's own folder: the CD's and the hard disc's files both sit in a "data" directory
// (spec §1.3), so the demo writes them to DATA/ beside Redguard's files and ARENA2/.
inline constexpr const char* kDataDir = "DATA";

// The two levels' numbers (chunks 4100 + n and 4200 + n) and the demo's texture count (ids
// 0..kDemoTextureCount - 1).
inline constexpr int kDemoLevels[] = {1, 2};
inline constexpr int kDemoTextureCount = 10;

DataTree buildSystemShockDemo();

// Writes every file of buildSystemShockDemo() into dataDir (created). Throws rgx::Error on I/O
// failure.
void writeSystemShockDemo(const std::filesystem::path& dataDir);

} // namespace rgx::demo::systemshock

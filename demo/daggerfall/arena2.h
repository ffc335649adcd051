#pragma once
// The Daggerfall half of the demo: a small ARENA2 directory in Daggerfall's own formats, written
// through loaders/daggerfall/'s writers. A town of four RMB blocks (a tavern, two house blocks, a
// market square) with house and tavern interiors, a dungeon of four RDB blocks with a lever that
// raises a platform, their ARCH3D objects, TEXTURE files, the palette and shading tables, a
// MAPS.BSA that names both and a CLIMATE.PAK that puts both in the woodlands. docs/demo.md
// "Daggerfall" lists the content and its sources.
//
// Contract: deterministic (integer arithmetic, no seed: the same bytes on every machine), every
// file reads back through its reader without warnings, and everything a file names (blocks,
// models, texture records) exists in another.

#include "loaders/bytes.h"

#include <filesystem>
#include <map>
#include <string>

namespace rgx::demo::daggerfall {

// ARENA2 file name, upper case as the game ships it ("PAL.PAL", "TEXTURE.302", "BLOCKS.BSA")
// -> file bytes. std::map keeps the order fixed.
using Arena2Tree = std::map<std::string, rgx::loaders::Bytes>;

Arena2Tree buildDaggerfallDemo();

// Writes every file of buildDaggerfallDemo() into arena2Dir (created). Throws rgx::Error on I/O
// failure.
void writeDaggerfallDemo(const std::filesystem::path& arena2Dir);

} // namespace rgx::demo::daggerfall

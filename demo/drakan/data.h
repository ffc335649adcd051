#pragma once
// The Drakan half of the demo: a small Riot game directory in the Riot Engine's own formats,
// written through loaders/drakan/'s writers (issue 44). Drakan/ holds Dragon.rrc (what marks the
// engine's top directory), three databases in Common/ (Textures: a palette and seven textures, one
// in each pixel format the text lists; Models: five models, the tree with a lower level of detail
// and bounds on the rest; Classes: five classes naming their models, with fields of several types)
// and Levels/Valley.lvl (two layers, a terrain with holes and both cell dividers and a stone
// bridge between; objects placed by class, one scaled, one changing a field, one without a model).
// docs/demo.md "Drakan" lists the content.
//
// Contract: deterministic (integer arithmetic, no seed), every file reads back through its reader
// without warnings, and every reference resolves.

#include "loaders/bytes.h"

#include <filesystem>
#include <map>
#include <string>

namespace rgx::demo::drakan {

// Path under the demo's Drakan directory ("Common/Textures.txd") -> file bytes.
using DrakanTree = std::map<std::string, rgx::loaders::Bytes>;

// The game's top directory inside the demo, beside Redguard's files, ARENA2/ and DATA/.
inline constexpr const char* kDrakanDir = "Drakan";
inline constexpr const char* kDemoLevel = "Levels/Valley.lvl";
inline constexpr const char* kDemoModels = "Common/Models.mod";

DrakanTree buildDrakanDemo();

// Writes every file of buildDrakanDemo() under dir (created). Throws rgx::Error on I/O failure.
void writeDrakanDemo(const std::filesystem::path& dir);

} // namespace rgx::demo::drakan

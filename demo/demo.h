#pragma once
// The demo world: a whole game directory, generated in the real file formats through the
// loaders' writers, so every layer runs on real formats with no game installed.
//
// Contract: buildDemo() is deterministic — the same options give byte-identical trees on every
// machine (no clocks, no unordered containers in output order, no std::*_distribution, whose
// results differ between standard libraries: use DemoRandom from demo_catalog.h).

#include "loaders/bytes.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>

namespace rgx::demo {

enum class Scale {
    Small,  // tests: a few MB, about a second to generate
    Island, // benchmarks: the real island's counts (1,691 statics, 510 placements, 576 flats)
};

struct DemoOptions {
    Scale scale = Scale::Small;
    std::uint32_t seed = 1;
};

// Relative path inside the game directory, '/'-separated, in the mixed case written to disk
// ("maps/ISLAND.RGM", "fxart/TEXBSI.302", "WORLD.INI") -> file bytes. std::map keeps the order fixed.
using DemoTree = std::map<std::string, rgx::loaders::Bytes>;

// Progress lines ("textures", "models 3/12", ...); may be empty.
using Progress = std::function<void(const std::string&)>;

// The three parts, each its own module; buildDemo() calls them in this order.
void addDemoTextures(DemoTree& tree, const DemoOptions& options); // TEXBSI.###, *.COL, *.GXA, sky/sun *.BSI
void addDemoModels(DemoTree& tree, const DemoOptions& options);   // *.ROB, *.3DC, *.3D
void addDemoWorlds(DemoTree& tree, const DemoOptions& options);   // maps/*, *.INI, FOG.INI, SOUP386.DEF

DemoTree buildDemo(const DemoOptions& options, const Progress& progress = {});

// Writes every file under outDir (creating folders), Daggerfall's half of the demo into
// outDir/ARENA2 (demo/daggerfall/arena2.h) and System Shock's into outDir/DATA
// (demo/systemshock/data.h). Throws rgx::Error on I/O failure.
void writeDemo(const DemoTree& tree, const std::filesystem::path& outDir);

// $XDG_CACHE_HOME/rgx/demo, else $HOME/.cache/rgx/demo.
std::filesystem::path defaultDemoCacheDir();

// The cached small demo, generated on first use (or when the generator version changed), with
// progress lines. Returns its directory. Never writes anywhere else.
std::filesystem::path ensureCachedDemo(const Progress& progress = {});

} // namespace rgx::demo

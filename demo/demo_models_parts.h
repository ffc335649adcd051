#pragma once
// Internal to the demo models module: the builders behind addDemoModels(), one per model, so the
// tests and the assembly in demo_models.cpp share them. Shapes follow demo_catalog.h's sizes
// (engine units, y up, base at y = 0, centred on x and z unless a builder says otherwise).

#include "demo/demo_catalog.h"
#include "demo/demo_mesh.h"
#include "loaders/redguard/model3d.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rgx::demo {

// One embedded ROB segment: the mesh and the header bytes it needs.
struct DemoStatic {
    const ModelInfo* info;
    Mesh mesh;
    std::uint16_t flags = 0;     // render mode in the high byte (0 = standard)
    std::uint8_t attributes = 0; // 0x02 texture pre-load (palms)
};

// ISLAND.ROB's embedded segments, in file order (FLAG001 is added as a type-512 reference).
std::vector<DemoStatic> islandStatics();
// DUNGEON.ROB's segments.
std::vector<DemoStatic> dungeonStatics();

// A stand-alone 3D / 3DC file for fxart/.
struct DemoModelFile {
    std::string file; // "WALKA001.3DC"
    loaders::Model model;
};
// WALKA001.3DC, WALKA002.3DC, GUARD001.3DC, SWORD001.3D, FLAG001.3DC.
std::vector<DemoModelFile> actorFiles();

// A window for a plastered wall facing +z at the origin (x centred, y from the sill): glass
// pane, sill and lintel; `place` puts it on a wall.
void addWindow(Mesh& mesh, const Place& place, double width, double height, bool lintel);

} // namespace rgx::demo

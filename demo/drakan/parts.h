#pragma once
// The parts of the Drakan demo (demo/drakan/data.h), one builder a file.

#include "loaders/drakan/class_record.h"
#include "loaders/drakan/level.h"
#include "loaders/drakan/srsc.h"
#include "loaders/drakan/texture.h"

#include <cstdint>

namespace rgx::demo::drakan {

// Texture record ids in Common/Textures.txd.
enum DemoTexture : std::uint16_t {
    kGrass = 1,  // 8 bits, palette indices
    kRock = 2,   // R5G6B5
    kDirt = 3,   // 24 bits
    kPlanks = 4, // 32 bits
    kStone = 5,  // A1R5G5B5
    kLeaves = 6, // A4R4G4B4, holes between the leaves
    kBark = 7,   // A8R3G3B2
};
inline constexpr int kDemoTextureSide = 64;

// Model record ids in Common/Models.mod.
enum DemoModel : std::uint16_t { kCrate = 1, kPillar = 2, kTree = 3, kTreeFar = 4, kBoulder = 5 };

// Class record ids in Common/Classes.odb.
enum DemoClass : std::uint16_t {
    kCrateClass = 1,
    kPillarClass = 2,
    kTreeClass = 3,
    kBoulderClass = 4,
    kWaypointClass = 5
};

loaders::drakan::DrakanPalette demoDrakanPalette(); // textures.cpp
loaders::drakan::SrscFile demoTextureDatabase();
loaders::drakan::SrscFile demoModelDatabase(); // models.cpp
loaders::drakan::SrscFile demoClassDatabase(); // level.cpp
loaders::drakan::Level demoLevel();

} // namespace rgx::demo::drakan

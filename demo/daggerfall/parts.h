#pragma once
// Internal to demo/daggerfall/: the parts arena2.cpp assembles, one module each.

#include "demo/daggerfall/arena2.h"
#include "loaders/bytes.h"

#include <cstdint>
#include <vector>

namespace rgx::demo::daggerfall {

// PAL.PAL and the shading tables SHADE.000/.001 and HAZE.000/.001 (palette.cpp).
void addPalettes(Arena2Tree& tree);

// Every TEXTURE.### the models and blocks use (textures.cpp).
void addTextures(Arena2Tree& tree);

// One image: frames of width x height palette indices (index 0 transparent in flats).
struct Picture {
    int width = 0;
    int height = 0;
    std::vector<rgx::loaders::Bytes> frames;
};
// Surfaces of the models and the ground set (surfaces.cpp), by archive and record; empty
// frames when the pair is not one of catalog.h's.
Picture surfacePicture(std::uint16_t archive, std::uint8_t record);
// Flats: lights, nature, signs and props, people and the editor markers (flats.cpp).
Picture flatPicture(std::uint16_t archive, std::uint8_t record);

// ARCH3D.BSA, a Numbers BSA of every model in catalog.h (models_town.cpp, models_dungeon.cpp).
rgx::loaders::Bytes arch3dBsa();

// BLOCKS.BSA: the RMB blocks (blocks_town.cpp) and the RDB blocks (blocks_dungeon.cpp).
struct NamedBlock {
    std::string name;
    rgx::loaders::Bytes bytes;
};
std::vector<NamedBlock> townBlocks();
std::vector<NamedBlock> dungeonBlocks();

// MAPS.BSA (maps.cpp).
rgx::loaders::Bytes mapsBsa();

// CLIMATE.PAK (climate.cpp): woodlands where MAPS.BSA's locations stand.
rgx::loaders::Bytes climatePak();

} // namespace rgx::demo::daggerfall

#pragma once
// The parts of the System Shock demo (demo/systemshock/data.h), one builder a file.

#include "loaders/bytes.h"
#include "loaders/palette.h"
#include "loaders/systemshock/level.h"

#include <cstdint>
#include <vector>

namespace rgx::demo::systemshock {

// One level's chunks, unpacked: what ARCHIVE.DAT stores at 4000 + 100 L + n.
struct DemoLevel {
    int number = 0;
    loaders::systemshock::LevelInfo info;
    loaders::systemshock::TileMap map;
    loaders::systemshock::TextureList textures; // 54 ids, as the game's
};

DemoLevel demoLevel1(); // levels.cpp
DemoLevel demoLevel2();

loaders::Palette256 demoPalette(); // media.cpp
// Texture `id` (0..kDemoTextureCount - 1) at side x side pixels (128, 64, 32, 16): palette indices.
loaders::Bytes demoTexture(int id, int side);
// Whether the demo stores texture `id` RLE-packed (those with long runs and transparent holes).
bool demoTextureIsRle(int id);

} // namespace rgx::demo::systemshock

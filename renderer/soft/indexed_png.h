#pragma once
// Indexed PNG (colour type 3, 8 bits, PLTE = the palette) through libpng: the software
// renderer's frames keep their palette indices on disk. And RGB PNG at a chosen zlib level, for
// pictures too large for stb's encoder to be quick (rgx map). Errors are rgx::Error naming the path.

#include "loaders/redguard/col.h"

#include <cstdint>
#include <filesystem>
#include <vector>

namespace rgx::renderer::soft {

struct IndexedImage {
    int width = 0, height = 0;
    std::vector<std::uint8_t> index; // row-major
    loaders::Palette256 palette{};
    int paletteEntries = 256; // PLTE entries (readIndexedPng: as the file has them)
};

// Writes image as an indexed PNG with all 256 palette entries (no transparency: index 0 is a colour
// like any other once a frame is drawn).
void writeIndexedPng(const std::filesystem::path& path, const IndexedImage& image);

// Writes RGBA8 rows (alpha dropped) as an 8-bit RGB PNG at zlib `level` (0..9; -1 libpng's default).
void writeRgbPng(const std::filesystem::path& path, int width, int height,
                 const std::vector<std::uint8_t>& rgba, int level);

// Reads an indexed (colour type 3, 8-bit) PNG back; throws for any other kind (tests and tools).
IndexedImage readIndexedPng(const std::filesystem::path& path);

} // namespace rgx::renderer::soft

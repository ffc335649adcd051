#pragma once
// Indexed PNG (colour type 3, 8 bits, PLTE = the palette) through libpng: the software
// renderer's frames keep their palette indices on disk. Errors are rgx::Error naming the path.

#include "loaders/col.h"

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

// Reads an indexed (colour type 3, 8-bit) PNG back; throws for any other kind (tests and tools).
IndexedImage readIndexedPng(const std::filesystem::path& path);

} // namespace rgx::renderer::soft

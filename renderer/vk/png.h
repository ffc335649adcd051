#pragma once
// RGBA8 images to and from PNG files (stb_image_write / stb_image).

#include "renderer/vk/rgba8_image.h"

#include <filesystem>

namespace rgx::renderer {

// Writes image as an 8-bit RGBA PNG, creating parent directories. Throws rgx::Error naming the
// path when the image is malformed or the file cannot be written.
void writePng(const std::filesystem::path& path, const Rgba8Image& image);

// Reads any PNG stb_image understands, converted to RGBA8. Throws rgx::Error naming the path.
Rgba8Image readPng(const std::filesystem::path& path);

} // namespace rgx::renderer

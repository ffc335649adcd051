#pragma once
// RGBA8 images to and from PNG files (stb_image_write / stb_image).

#include "loaders/bytes.h"
#include "renderer/vk/rgba8_image.h"

#include <filesystem>
#include <string>

namespace rgx::renderer {

// Writes image as an 8-bit RGBA PNG, creating parent directories. Throws rgx::Error naming the
// path when the image is malformed or the file cannot be written.
void writePng(const std::filesystem::path& path, const Rgba8Image& image);

// Decodes any PNG stb_image understands, converted to RGBA8. Throws rgx::Error naming `name`.
// (The renderer reads no files: the caller reads the bytes.)
Rgba8Image decodePng(loaders::ByteSpan bytes, const std::string& name);

} // namespace rgx::renderer

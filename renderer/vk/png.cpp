#include "renderer/vk/png.h"

#include "base/error.h"
#include "loaders/file_io.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <climits>
#include <cstring>
#include <string>

namespace rgx::renderer {

namespace {

void appendBytes(void* context, void* data, int size) {
    auto& out = *static_cast<loaders::Bytes*>(context);
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    out.insert(out.end(), bytes, bytes + size);
}

} // namespace

void writePng(const std::filesystem::path& path, const Rgba8Image& image) {
    const std::string name = path.string();
    if (image.width == 0 || image.height == 0 || image.width > INT_MAX / 4 || image.height > INT_MAX) {
        throw Error(name, Error::kNoOffset, "image",
                    "cannot write a " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                        " PNG");
    }
    if (image.pixels.size() != std::size_t{image.width} * image.height * 4) {
        throw Error(name, Error::kNoOffset, "image",
                    std::to_string(image.pixels.size()) + " bytes is not " + std::to_string(image.width) +
                        "x" + std::to_string(image.height) + " RGBA8");
    }
    loaders::Bytes encoded;
    const int width = static_cast<int>(image.width);
    if (!stbi_write_png_to_func(appendBytes, &encoded, width, static_cast<int>(image.height), 4,
                                image.pixels.data(), width * 4)) {
        throw Error(name, Error::kNoOffset, "png", "stb_image_write could not encode the image");
    }
    loaders::writeFile(path, encoded);
}

Rgba8Image decodePng(loaders::ByteSpan bytes, const std::string& name) {
    if (bytes.size() > INT_MAX) throw Error(name, Error::kNoOffset, "png", "file too large");
    int width = 0, height = 0, channels = 0;
    stbi_uc* pixels =
        stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &width, &height, &channels, 4);
    if (!pixels) {
        const char* reason = stbi_failure_reason();
        throw Error(name, Error::kNoOffset, "png",
                    std::string("cannot decode: ") + (reason ? reason : "unknown"));
    }
    Rgba8Image image;
    image.width = static_cast<std::uint32_t>(width);
    image.height = static_cast<std::uint32_t>(height);
    image.pixels.assign(pixels, pixels + std::size_t{image.width} * image.height * 4);
    stbi_image_free(pixels);
    return image;
}

} // namespace rgx::renderer

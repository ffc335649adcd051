#include "renderer/soft/indexed_png.h"

#include "base/error.h"

#include <png.h>

#include <cstdio>
#include <memory>
#include <string>

namespace rgx::renderer::soft {

namespace {

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

// libpng reports errors through a callback that must not return: it keeps the message and jumps
// back to the setjmp in runPng (no C++ object lives between the two, so nothing is skipped), and
// the caller throws.
struct PngMessage {
    std::string text;
};

[[noreturn]] void pngError(png_structp png, png_const_charp message) {
    static_cast<PngMessage*>(png_get_error_ptr(png))->text = message ? message : "libpng error";
    png_longjmp(png, 1);
}

void pngWarning(png_structp, png_const_charp) {}

// Runs body(png, info) under libpng's error jump; false when libpng reported an error.
template <typename Body> bool runPng(png_structp png, png_infop info, const Body& body) {
    if (setjmp(png_jmpbuf(png))) return false;
    body(png, info);
    return true;
}

} // namespace

namespace {

// Writes a PNG of `height` rows of `rowBytes` bytes each (row(y) gives row y) in the colour type
// `colorType`, with `palette` as PLTE when given, at zlib level `level` (-1: libpng's default).
template <typename Row>
void writePngRows(const std::filesystem::path& path, int width, int height, int colorType,
                  const loaders::Palette256* palette, int level, const Row& row) {
    const std::string name = path.string();
    File file(std::fopen(name.c_str(), "wb"));
    if (!file) throw Error(name, Error::kNoOffset, "png", "cannot open for writing");
    PngMessage message;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &message, pngError, pngWarning);
    if (!png) throw Error(name, Error::kNoOffset, "png", "libpng: out of memory");
    png_infop info = png_create_info_struct(png);
    struct Guard {
        png_structp& p;
        png_infop& i;
        ~Guard() { png_destroy_write_struct(&p, &i); }
    } guard{png, info};
    if (!info) throw Error(name, Error::kNoOffset, "png", "libpng: out of memory");
    png_color entries[256];
    if (palette)
        for (int i = 0; i < 256; ++i)
            entries[i] = {(*palette)[static_cast<std::size_t>(i)].r,
                          (*palette)[static_cast<std::size_t>(i)].g,
                          (*palette)[static_cast<std::size_t>(i)].b};
    std::FILE* out = file.get();
    const bool ok = runPng(png, info, [&](png_structp p, png_infop i) {
        png_init_io(p, out);
        if (level >= 0) png_set_compression_level(p, level);
        // A fast level asks for speed: one filter instead of libpng's per-row trial of all five.
        if (level >= 0 && level <= 3) png_set_filter(p, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
        png_set_IHDR(p, i, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8, colorType,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        if (palette) png_set_PLTE(p, i, entries, 256);
        png_write_info(p, i);
        for (int y = 0; y < height; ++y)
            png_write_row(p, row(y));
        png_write_end(p, nullptr);
    });
    if (!ok) throw Error(name, Error::kNoOffset, "png", message.text);
    if (std::fflush(out) != 0) throw Error(name, Error::kNoOffset, "png", "write failed");
}

} // namespace

void writeIndexedPng(const std::filesystem::path& path, const IndexedImage& image) {
    if (image.width <= 0 || image.height <= 0 ||
        image.index.size() != static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height))
        throw Error(path.string(), Error::kNoOffset, "png", "image size does not match its pixels");
    writePngRows(path, image.width, image.height, PNG_COLOR_TYPE_PALETTE, &image.palette, -1, [&](int y) {
        return image.index.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width);
    });
}

void writeRgbPng(const std::filesystem::path& path, int width, int height,
                 const std::vector<std::uint8_t>& rgba, int level) {
    if (width <= 0 || height <= 0 || rgba.size() != static_cast<std::size_t>(width) * height * 4)
        throw Error(path.string(), Error::kNoOffset, "png", "image size does not match its pixels");
    std::vector<std::uint8_t> rgb(static_cast<std::size_t>(width) * 3);
    writePngRows(path, width, height, PNG_COLOR_TYPE_RGB, nullptr, level, [&](int y) {
        const std::uint8_t* from = rgba.data() + static_cast<std::size_t>(y) * width * 4;
        for (int x = 0; x < width; ++x)
            for (int c = 0; c < 3; ++c)
                rgb[static_cast<std::size_t>(x) * 3 + c] = from[x * 4 + c];
        return rgb.data();
    });
}

IndexedImage readIndexedPng(const std::filesystem::path& path) {
    const std::string name = path.string();
    File file(std::fopen(name.c_str(), "rb"));
    if (!file) throw Error(name, Error::kNoOffset, "png", "cannot open");
    PngMessage message;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &message, pngError, pngWarning);
    if (!png) throw Error(name, Error::kNoOffset, "png", "libpng: out of memory");
    png_infop info = png_create_info_struct(png);
    struct Guard {
        png_structp& p;
        png_infop& i;
        ~Guard() { png_destroy_read_struct(&p, &i, nullptr); }
    } guard{png, info};
    if (!info) throw Error(name, Error::kNoOffset, "png", "libpng: out of memory");
    IndexedImage image;
    bool indexed = true;
    std::FILE* in = file.get();
    const bool ok = runPng(png, info, [&](png_structp p, png_infop i) {
        png_init_io(p, in);
        png_read_info(p, i);
        if (png_get_color_type(p, i) != PNG_COLOR_TYPE_PALETTE || png_get_bit_depth(p, i) != 8) {
            indexed = false;
            return;
        }
        image.width = static_cast<int>(png_get_image_width(p, i));
        image.height = static_cast<int>(png_get_image_height(p, i));
        png_colorp entries = nullptr;
        int count = 0;
        png_get_PLTE(p, i, &entries, &count);
        image.paletteEntries = count;
        for (int k = 0; k < count && k < 256; ++k)
            image.palette[static_cast<std::size_t>(k)] = {entries[k].red, entries[k].green, entries[k].blue};
        image.index.resize(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height));
        for (int y = 0; y < image.height; ++y)
            png_read_row(
                p, image.index.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width),
                nullptr);
        png_read_end(p, nullptr);
    });
    if (!ok) throw Error(name, Error::kNoOffset, "png", message.text);
    if (!indexed) throw Error(name, Error::kNoOffset, "png", "not an 8-bit indexed PNG");
    return image;
}

} // namespace rgx::renderer::soft

// Checks a screenshot of `rgx explore`: it exists, has the expected size, is not one flat colour
// (at least --min-colors distinct RGB values), and optionally differs from another PNG in at
// least --min-diff percent of its pixels (a world switch changed the picture), or is the same
// as another PNG in every pixel (--same: the same frame drawn two ways).
// With --indexed 1 the file must be an 8-bit indexed PNG (the software renderer's) whose pixels
// all use colours of its palette.
//   rgx_explore_png_check FILE [--size WxH] [--min-colors N] [--differs OTHER --min-diff PCT]
//                         [--same OTHER] [--indexed 1]

#include "loaders/file_io.h"
#include "renderer/soft/indexed_png.h"
#include "renderer/vk/png.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <unordered_set>

int main(int argc, char** argv) {
    try {
        if (argc < 2) {
            std::fprintf(stderr,
                         "usage: %s FILE [--size WxH] [--min-colors N] [--differs OTHER --min-diff PCT]\n",
                         argv[0]);
            return 2;
        }
        const std::string file = argv[1];
        std::string size, other, same;
        long minColors = 2;
        bool indexed = false;
        double minDiff = 1.0;
        for (int i = 2; i + 1 < argc; i += 2) {
            const std::string key = argv[i];
            if (key == "--size")
                size = argv[i + 1];
            else if (key == "--min-colors")
                minColors = std::atol(argv[i + 1]);
            else if (key == "--differs")
                other = argv[i + 1];
            else if (key == "--same")
                same = argv[i + 1];
            else if (key == "--min-diff")
                minDiff = std::atof(argv[i + 1]);
            else if (key == "--indexed")
                indexed = std::string(argv[i + 1]) == "1";
            else {
                std::fprintf(stderr, "unknown option %s\n", key.c_str());
                return 2;
            }
        }
        if (indexed) { // throws unless it is 8-bit indexed
            const rgx::renderer::soft::IndexedImage png = rgx::renderer::soft::readIndexedPng(file);
            std::printf("%s: indexed, %dx%d, %d palette entries\n", file.c_str(), png.width, png.height,
                        png.paletteEntries);
            for (std::uint8_t index : png.index)
                if (index >= png.paletteEntries) {
                    std::fprintf(stderr, "%s: index %d is not in its %d-entry palette\n", file.c_str(), index,
                                 png.paletteEntries);
                    return 1;
                }
        }
        const auto image =
            rgx::renderer::decodePng(rgx::loaders::readFile(file), std::filesystem::path(file).string());
        const std::string actual = std::to_string(image.width) + "x" + std::to_string(image.height);
        if (!size.empty() && actual != size) {
            std::fprintf(stderr, "%s: size %s, expected %s\n", file.c_str(), actual.c_str(), size.c_str());
            return 1;
        }
        std::unordered_set<std::uint32_t> colors;
        for (std::size_t i = 0; i + 3 < image.pixels.size(); i += 4)
            colors.insert(std::uint32_t{image.pixels[i]} | std::uint32_t{image.pixels[i + 1]} << 8 |
                          std::uint32_t{image.pixels[i + 2]} << 16);
        std::printf("%s: %s, %zu colours\n", file.c_str(), actual.c_str(), colors.size());
        if (static_cast<long>(colors.size()) < minColors) {
            std::fprintf(stderr, "%s: only %zu distinct colours (want %ld)\n", file.c_str(), colors.size(),
                         minColors);
            return 1;
        }
        if (!same.empty()) {
            const auto second =
                rgx::renderer::decodePng(rgx::loaders::readFile(same), std::filesystem::path(same).string());
            if (second.width != image.width || second.height != image.height) {
                std::fprintf(stderr, "%s and %s differ in size\n", file.c_str(), same.c_str());
                return 1;
            }
            for (std::size_t i = 0; i < image.pixels.size(); i += 4)
                for (std::size_t c = 0; c < 3; ++c)
                    if (image.pixels[i + c] != second.pixels[i + c]) {
                        const std::size_t pixel = i / 4;
                        std::fprintf(stderr,
                                     "%s differs from %s first at (%zu, %zu): %d,%d,%d against %d,%d,%d\n",
                                     file.c_str(), same.c_str(), pixel % image.width, pixel / image.width,
                                     image.pixels[i], image.pixels[i + 1], image.pixels[i + 2],
                                     second.pixels[i], second.pixels[i + 1], second.pixels[i + 2]);
                        return 1;
                    }
            std::printf("every pixel is %s's\n", same.c_str());
        }
        if (!other.empty()) {
            const auto second = rgx::renderer::decodePng(rgx::loaders::readFile(other),
                                                         std::filesystem::path(other).string());
            if (second.width != image.width || second.height != image.height) {
                std::fprintf(stderr, "%s and %s differ in size\n", file.c_str(), other.c_str());
                return 1;
            }
            std::size_t differing = 0;
            for (std::size_t i = 0; i < image.pixels.size(); i += 4)
                if (image.pixels[i] != second.pixels[i] || image.pixels[i + 1] != second.pixels[i + 1] ||
                    image.pixels[i + 2] != second.pixels[i + 2])
                    ++differing;
            const double percent =
                100.0 * static_cast<double>(differing) / (image.width * double(image.height));
            std::printf("%.1f%% of the pixels differ from %s\n", percent, other.c_str());
            if (percent < minDiff) {
                std::fprintf(stderr, "only %.2f%% of the pixels differ (want %.2f%%)\n", percent, minDiff);
                return 1;
            }
        }
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}

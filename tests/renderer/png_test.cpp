// PNG output: a round trip through writePng and stb_image, and errors that name the path.

#include "base/error.h"
#include "loaders/file_io.h"
#include "renderer/vk/png.h"

#include <gtest/gtest.h>
#include <stb_image.h>

#include <filesystem>
#include <unistd.h>

namespace rgx::renderer {
namespace {

std::filesystem::path tempDir() {
    auto dir = std::filesystem::temp_directory_path() / ("rgx_png_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return dir;
}

Rgba8Image pattern(std::uint32_t width, std::uint32_t height) {
    Rgba8Image image{width, height, {}};
    for (std::uint32_t y = 0; y < height; ++y) {
        for (std::uint32_t x = 0; x < width; ++x) {
            image.pixels.push_back(static_cast<std::uint8_t>(x * 37));
            image.pixels.push_back(static_cast<std::uint8_t>(y * 53));
            image.pixels.push_back(static_cast<std::uint8_t>((x ^ y) * 11));
            image.pixels.push_back(static_cast<std::uint8_t>(255 - x - y)); // alpha varies too
        }
    }
    return image;
}

TEST(Png, RoundTripThroughStbImage) {
    const auto dir = tempDir();
    const auto path = dir / "sub" / "pattern.png"; // parent is created by writePng
    const Rgba8Image image = pattern(7, 5);        // odd sizes: no row padding assumptions
    writePng(path, image);

    int width = 0, height = 0, channels = 0;
    stbi_uc* pixels = stbi_load(path.c_str(), &width, &height, &channels, 4);
    ASSERT_NE(pixels, nullptr) << stbi_failure_reason();
    EXPECT_EQ(width, 7);
    EXPECT_EQ(height, 5);
    EXPECT_EQ(channels, 4);
    const std::vector<std::uint8_t> loaded(pixels, pixels + width * height * 4);
    stbi_image_free(pixels);
    EXPECT_EQ(loaded, image.pixels);

    EXPECT_EQ(decodePng(rgx::loaders::readFile(path), std::filesystem::path(path).string()), image);
    std::filesystem::remove_all(dir);
}

TEST(Png, RejectsPixelsThatDoNotMatchTheSize) {
    Rgba8Image image = pattern(4, 4);
    image.pixels.pop_back();
    const auto path = tempDir() / "bad.png";
    try {
        writePng(path, image);
        FAIL() << "expected rgx::Error";
    } catch (const Error& e) {
        EXPECT_EQ(e.path(), path.string());
        EXPECT_NE(std::string(e.what()).find("63 bytes"), std::string::npos) << e.what();
    }
    EXPECT_FALSE(std::filesystem::exists(path));
    std::filesystem::remove_all(path.parent_path());
}

TEST(Png, UnwritablePathIsAnErrorNamingIt) {
    const std::filesystem::path path = "/proc/rgx_no_such_dir/out.png";
    try {
        writePng(path, pattern(2, 2));
        FAIL() << "expected rgx::Error";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
    }
}

TEST(Png, ReadingGarbageIsAnErrorNamingThePath) {
    const auto dir = tempDir();
    const auto path = dir / "garbage.png";
    {
        std::FILE* f = std::fopen(path.c_str(), "wb");
        ASSERT_NE(f, nullptr);
        std::fputs("not a png at all", f);
        std::fclose(f);
    }
    try {
        decodePng(rgx::loaders::readFile(path), std::filesystem::path(path).string());
        FAIL() << "expected rgx::Error";
    } catch (const Error& e) {
        EXPECT_EQ(e.path(), path.string());
    }
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace rgx::renderer

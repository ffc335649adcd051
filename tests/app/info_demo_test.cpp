// `rgx info` over generated files: every file of the demo world is described with the format its
// extension names (textures at several seeds), and a COL whose header is zeroed is read by its
// extension, with the reader's warnings after the one saying so.

#include "app/info/info_registry.h"
#include "base/error.h"
#include "demo/daggerfall/arena2.h"
#include "demo/demo.h"
#include "demo/systemshock/data.h"
#include "loaders/redguard/col.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <string>

namespace rgx::app {
namespace {

std::string extensionOf(const std::string& path) {
    const std::size_t dot = path.rfind('.');
    std::string ext = dot == std::string::npos ? "" : path.substr(dot + 1);
    for (char& c : ext)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return ext;
}

// The format `rgx info` must report for a demo file; "" where any format will do (maps, banks
// are checked by name below).
std::string expectedFormat(const std::string& path) {
    const std::string ext = extensionOf(path);
    // Daggerfall's ARENA2 (issue 42): each file by the format its name says.
    if (path.find("ARENA2/") != std::string::npos) {
        if (path.find("MAPS.BSA") != std::string::npos) return "daggerfall-maps";
        if (ext == "BSA") return "daggerfall-bsa";
        if (ext == "PAK") return "daggerfall-pak";
        if (ext == "PAL") return "daggerfall-pal";
        if (path.find("SHADE.") != std::string::npos || path.find("HAZE.") != std::string::npos)
            return "daggerfall-colour-translation";
        if (path.find("TEXTURE.") != std::string::npos) return "daggerfall-texture";
        return "?"; // a file this test does not know: it must be added here
    }
    // System Shock's DATA (issue 43): resource files, ARCHIVE.DAT among them.
    if (path.find("DATA/") != std::string::npos) {
        if (ext == "RES" || ext == "DAT") return "systemshock-res";
        return "?";
    }
    if (ext == "ROB") return "rob";
    if (ext == "3DC") return "3dc";
    if (ext == "3D") return "3d";
    if (ext == "COL") return "col";
    if (ext == "GXA") return "gxa";
    if (ext == "BSI" || path.find("TEXBSI.") != std::string::npos) return "texbsi";
    if (ext == "INI") return "ini";
    if (ext == "RGM") return "rgm";
    if (ext == "WLD") return "wld";
    if (ext == "PVO") return "pvo";
    if (ext == "FNT") return "fnt";
    return "";
}

void describeAll(const demo::DemoTree& tree) {
    for (const auto& [path, bytes] : tree) {
        SCOPED_TRACE(path);
        nlohmann::json info;
        ASSERT_NO_THROW(info = describeFile(bytes, path));
        ASSERT_TRUE(info.contains("format"));
        if (const std::string want = expectedFormat(path); !want.empty()) {
            EXPECT_EQ(info["format"], want);
        }
        // The typed INI layers find no malformed line, unknown key or duplicate in the demo's INIs.
        if (info["format"] == "ini") {
            EXPECT_TRUE(info["issues"].empty()) << info["issues"].dump();
        }
    }
}

TEST(InfoDemo, DescribesEveryFileOfTheSmallDemo) {
    describeAll(demo::buildDemo(demo::DemoOptions{demo::Scale::Small, 1}));
}

// Daggerfall's half of the demo, its ARENA2 (written beside Redguard's files by writeDemo).
demo::DemoTree arena2() {
    demo::DemoTree tree;
    for (auto& [name, bytes] : demo::daggerfall::buildDaggerfallDemo())
        tree["ARENA2/" + name] = std::move(bytes);
    return tree;
}

TEST(InfoDemo, DescribesEveryFileOfTheDaggerfallDemo) {
    const demo::DemoTree tree = arena2();
    ASSERT_GE(tree.size(), 10u);
    describeAll(tree);
}

// System Shock's half of the demo, its DATA directory (written beside Redguard's files too).
demo::DemoTree systemShockData() {
    demo::DemoTree tree;
    for (auto& [name, bytes] : demo::systemshock::buildSystemShockDemo())
        tree[std::string(demo::systemshock::kDataDir) + "/" + name] = std::move(bytes);
    return tree;
}

TEST(InfoDemo, DescribesEveryFileOfTheSystemShockDemo) {
    const demo::DemoTree tree = systemShockData();
    ASSERT_EQ(tree.size(), 3u);
    describeAll(tree);
    // TEXTURE.RES: 16 and 32 pixel textures as blocks of chunks 76 and 77, then one chunk a bitmap
    // (707 + id: 64, 1000 + id: 128); some RLE, none with a private palette, no warnings.
    const nlohmann::json j = describeFile(tree.at("DATA/TEXTURE.RES"), "DATA/TEXTURE.RES");
    EXPECT_TRUE(j["warnings"].empty()) << j["warnings"].dump();
    int bitmaps = 0, rle = 0;
    for (const nlohmann::json& c : j["chunks"]) {
        const int id = c["id"];
        const int side = id == 76 ? 16 : id == 77 ? 32 : id >= 1000 ? 128 : 64;
        EXPECT_EQ(c["content_type_name"], "bitmap");
        for (const nlohmann::json& b : c["bitmaps"]) {
            EXPECT_EQ(b["width"], side) << id;
            EXPECT_EQ(b["height"], side) << id;
            EXPECT_EQ(b["private_palette"], false);
            ++bitmaps;
            rle += b["compressed"].get<bool>();
        }
    }
    EXPECT_EQ(bitmaps, 4 * demo::systemshock::kDemoTextureCount);
    EXPECT_GT(rle, 0);
    const nlohmann::json pal = describeFile(tree.at("DATA/GAMEPAL.RES"), "DATA/GAMEPAL.RES");
    ASSERT_EQ(pal["chunks"].size(), 1u);
    EXPECT_EQ(pal["chunks"][0]["id"], 700);
    EXPECT_EQ(pal["chunks"][0]["colors"].size(), 256u);
    EXPECT_EQ(pal["chunks"][0]["colors"][0], nlohmann::json::array({0, 0, 0}));
}

// The demo's CLIMATE.PAK: the whole map, every pixel counted once, woodlands where the town and
// the barrow stand (docs/formats/daggerfall_archives.md).
TEST(InfoDemo, DescribesDaggerfallsClimateMap) {
    const demo::DemoTree tree = arena2();
    const auto pak = tree.find("ARENA2/CLIMATE.PAK");
    ASSERT_NE(pak, tree.end());
    const nlohmann::json j = describeFile(pak->second, pak->first);
    EXPECT_EQ(j["format"], "daggerfall-pak");
    EXPECT_EQ(j["width"], 1001);
    EXPECT_EQ(j["height"], 500);
    EXPECT_EQ(j["row_runs"].size(), 500u);
    std::uint64_t pixels = 0;
    bool woodlands = false;
    for (const nlohmann::json& v : j["values"]) {
        pixels += v["pixels"].get<std::uint64_t>();
        woodlands = woodlands || v["value"] == 231;
    }
    EXPECT_EQ(pixels, 1001u * 500u);
    EXPECT_TRUE(woodlands);
}

TEST(InfoDemo, DescribesTheTexturesAtOtherSeeds) {
    for (const std::uint32_t seed : {2u, 3u, 77u, 0xFFFFFFFFu}) {
        SCOPED_TRACE(seed);
        demo::DemoTree textures;
        demo::addDemoTextures(textures, demo::DemoOptions{demo::Scale::Small, seed});
        describeAll(textures);
    }
}

TEST(InfoDemo, ColWithAZeroedHeaderIsReadByItsExtension) {
    loaders::ColFile col;
    for (int i = 0; i < 256; ++i)
        col.colors[static_cast<std::size_t>(i)] = {static_cast<std::uint8_t>(i),
                                                   static_cast<std::uint8_t>((2 * i) & 0xFF),
                                                   static_cast<std::uint8_t>(255 - i)};
    loaders::Bytes zero = loaders::writeCol(col);
    std::fill(zero.begin(), zero.begin() + 8, 0);
    const nlohmann::json j = describeFile(zero, "x.COL");
    EXPECT_EQ(j["format"], "col");
    EXPECT_EQ(j["colors"][1], nlohmann::json::array({1, 2, 254}));
    // First: the extension, not the content, chose the format; then the reader's two.
    ASSERT_EQ(j["warnings"].size(), 3u) << j["warnings"].dump();
    EXPECT_EQ(j["warnings"][0]["field"], "format");
    EXPECT_NE(j["warnings"][0]["message"].get<std::string>().find("read as col by the file's extension"),
              std::string::npos);
    EXPECT_EQ(j["warnings"][1]["offset"], 0);
    EXPECT_EQ(j["warnings"][1]["field"], "COL file_size");
    EXPECT_EQ(j["warnings"][2]["offset"], 4);
    EXPECT_EQ(j["warnings"][2]["field"], "COL magic");
    EXPECT_NE(j["warnings"][2]["message"].get<std::string>().find("expected 0xB123"), std::string::npos);
    // Without the name nothing says it is a COL.
    EXPECT_THROW(describeFile(zero, "x.bin"), Error);
}

} // namespace
} // namespace rgx::app

// A user's Drakan install: RGX_REAL_DRAKAN=DIR names the game's top directory (the one holding
// Dragon.rrc; no Drakan data is public, so nothing fetches it). Every database definition, SRSC
// file and level under it reads, every record of a type rgx reads decodes (textures included),
// every level builds a scene and every model database a catalogue, and each draws a picture in
// the software look (the CPU: no GPU needed). Skipped, visibly, without it.

#include "loaders/drakan/class_record.h"
#include "loaders/drakan/db_definition.h"
#include "loaders/drakan/level.h"
#include "loaders/drakan/model.h"
#include "loaders/drakan/srsc.h"
#include "loaders/drakan/texture.h"
#include "loaders/file_io.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/world/prepared_world.h"
#include "scene/drakan/dk_engine.h"
#include "scene/engine.h"
#include "tests/support/frame_request.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <set>

namespace rgx {
namespace {

namespace fs = std::filesystem;
namespace dk = loaders::drakan;

std::optional<fs::path> installDir() {
    const char* dir = std::getenv("RGX_REAL_DRAKAN");
    if (!dir || !*dir) return std::nullopt;
    return fs::path(dir);
}

#define SKIP_WITHOUT_DRAKAN()                                                                                \
    if (!installDir())                                                                                       \
    GTEST_SKIP()                                                                                             \
        << "RGX_REAL_DRAKAN is not set: real-Drakan tests skipped (point it at a Drakan install's top "      \
           "directory, the one holding Dragon.rrc)"

std::string upper(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

std::vector<fs::path> filesWith(const std::set<std::string>& extensions) {
    std::vector<fs::path> out;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(*installDir()))
        if (e.is_regular_file() && extensions.count(upper(e.path().extension().string())))
            out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

// The records of one SRSC file that rgx reads, decoded; the count of each type printed.
void decodeRecords(const dk::SrscFile& file, const std::string& path) {
    std::optional<dk::DrakanPalette> palette;
    std::map<std::string, int> types;
    for (const dk::SrscRecord& r : file.records) {
        ++types[std::string(dk::srscRecordTypeName(r.type))];
        const std::string at = path + " record 0x" + std::to_string(r.type) + " id " + std::to_string(r.id);
        try {
            switch (r.type) {
            case dk::kPaletteRecord:
                palette = dk::readPaletteRecord(r.body, at);
                break;
            case dk::kTextureRecord:
                dk::decodeTexture(dk::readTextureRecord(r.body, at), palette ? &*palette : nullptr, at);
                break;
            case dk::kClassRecord:
                dk::readClassRecord(r.body, at);
                break;
            case dk::kModelNameRecord:
                dk::readModelName(r.body, at);
                break;
            case dk::kVerticesRecord:
                dk::readVertices(r.body, at);
                break;
            case dk::kPolygonsRecord:
                dk::readPolygons(r.body, at);
                break;
            case dk::kTextureListRecord:
                dk::readTextureList(r.body, at);
                break;
            case dk::kBoundsRecord:
                dk::readModelBounds(r.body, at);
                break;
            case dk::kCharacterRecord:
                dk::readCharacterData(r.body, at);
                break;
            case dk::kLodRecord:
                dk::readModelLod(r.body, at);
                break;
            default:
                break;
            }
        } catch (const Error& e) {
            ADD_FAILURE() << e.what();
        }
    }
    std::cout << path << ":";
    for (const auto& [name, count] : types)
        std::cout << " " << name << " " << count;
    std::cout << "\n";
}

TEST(RealDrakan, EveryDatabaseAndLevelReads) {
    SKIP_WITHOUT_DRAKAN();
    for (const fs::path& p : filesWith({".DB"}))
        EXPECT_NO_THROW(dk::readDbDefinition(loaders::readFile(p), p.string())) << p;
    const std::vector<fs::path> srsc = filesWith({".TXD", ".MOD", ".ODB", ".SDB", ".ADB", ".SSD", ".RRC"});
    EXPECT_FALSE(srsc.empty()) << "no database files under " << installDir()->string();
    for (const fs::path& p : srsc) {
        dk::SrscFile file;
        ASSERT_NO_THROW(file = dk::readSrsc(loaders::readFile(p), p.string())) << p;
        decodeRecords(file, p.string());
    }
    for (const fs::path& p : filesWith({".LVL"})) {
        dk::Level level;
        ASSERT_NO_THROW(level = dk::readLevel(loaders::readFile(p), p.string())) << p;
        std::cout << p.string() << ": " << level.info.name << ", " << level.layers.size() << " layers, "
                  << level.objects.size() << " objects\n";
    }
}

// A picture: the software look at the scene's first view, more than a few palette indices.
void expectPicture(const scene::Scene& s, const std::string& what) {
    const renderer::PreparedWorld world = renderer::prepareWorld(s);
    renderer::soft::SoftRenderer renderer(world);
    renderer::soft::IndexedFrame frame;
    renderer.draw(frame, test::frameRequest(world.views.front(), 0, 160, 100));
    const std::set<std::uint8_t> distinct(frame.index.begin(), frame.index.end());
    EXPECT_GE(distinct.size(), 3u) << what << " draws no picture";
}

// Every model and texture the scene asked for was found and read: no model left undrawn, no
// magenta stand-in (the warnings say which).
void expectEverythingDrawn(const scene::Scene& s, const std::string& what) {
    EXPECT_EQ(s.stats.placeholders, 0u) << what;
    for (const scene::Material& m : s.materials)
        EXPECT_FALSE(m.placeholder) << what << ": a magenta stand-in";
    for (const std::string& warning : s.warnings) {
        EXPECT_EQ(warning.find("is not drawn"), std::string::npos) << what << ": " << warning;
        EXPECT_EQ(warning.find("magenta"), std::string::npos) << what << ": " << warning;
    }
}

TEST(RealDrakan, EveryLevelAndModelDatabaseRenders) {
    SKIP_WITHOUT_DRAKAN();
    const scene::GameFs gameFs(*installDir());
    ASSERT_TRUE(scene::drakan::drakanEngine().recognises(gameFs))
        << "no Dragon.rrc in " << installDir()->string();
    const scene::GameDirectory games(gameFs);
    std::size_t levels = 0;
    for (const scene::GameWorld& w : games.worlds()) {
        if (w.engine != &scene::drakan::drakanEngine()) continue;
        ++levels;
        scene::Scene s;
        ASSERT_NO_THROW(s = games.build(w.world.id)) << w.world.name;
        std::cout << w.world.name << ": " << s.nodes.size() << " nodes, " << s.totalTriangles()
                  << " triangles, " << s.warnings.size() << " warnings\n";
        expectPicture(s, w.world.name);
    }
    EXPECT_GT(levels, 0u);
    for (const fs::path& p : filesWith({".MOD"})) {
        scene::Scene s;
        ASSERT_NO_THROW(s = scene::drakan::buildRiotModelScene(p)) << p;
        std::cout << p.string() << ": " << s.catalog.size() << " models, " << s.warnings.size()
                  << " warnings\n";
        expectEverythingDrawn(s, p.string());
        if (!s.nodes.empty()) expectPicture(s, p.string());
    }
}

} // namespace
} // namespace rgx

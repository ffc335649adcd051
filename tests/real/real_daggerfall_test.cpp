// A real Daggerfall (issue 42): RGX_REAL_DAGGERFALL=DIR names a user's install (the directory
// holding ARENA2/, or ARENA2 itself; the game is free, never committed). Every record of every
// BSA reads (warnings allowed, failures named), every TEXTURE.### reads, CLIMATE.PAK reads and
// writes back with every value a known climate, every location builds a scene, and a tour of the
// first town and the first dungeon renders. Skipped, visibly, without it.

#include "loaders/daggerfall/arch3d.h"
#include "loaders/daggerfall/bsa.h"
#include "loaders/daggerfall/maps.h"
#include "loaders/daggerfall/pak.h"
#include "loaders/daggerfall/rdb.h"
#include "loaders/daggerfall/rmb.h"
#include "loaders/daggerfall/texture.h"
#include "loaders/file_io.h"
#include "renderer/glide/glide_renderer.h"
#include "renderer/world/prepared_world.h"
#include "scene/daggerfall/df_engine.h"
#include "scene/engine.h"
#include "tests/renderer/glide_image.h"
#include "tests/renderer/vulkan_test_env.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

namespace rgx {
namespace {

namespace fs = std::filesystem;
namespace ldf = loaders::daggerfall;

std::optional<fs::path> installDir() {
    const char* dir = std::getenv("RGX_REAL_DAGGERFALL");
    if (!dir || !*dir) return std::nullopt;
    return fs::path(dir);
}

#define RGX_SKIP_WITHOUT_DAGGERFALL()                                                                        \
    if (!installDir()) {                                                                                     \
        GTEST_SKIP() << "RGX_REAL_DAGGERFALL is not set: real-Daggerfall test skipped (point it at a "       \
                        "Daggerfall install, the directory holding ARENA2/)";                                \
    }

fs::path arena2() {
    const fs::path dir = *installDir();
    const scene::GameFs fs(dir);
    return fs.exists("ARENA2/BLOCKS.BSA") ? *fs.find("ARENA2") : dir;
}

// UESP's count of ARCH3D.BSA's records, two of an unknown layout (warnings, never failures).
constexpr std::size_t kArch3dRecords = 10251;

TEST(RealDaggerfall, EveryRecordOfEveryBsaReads) {
    RGX_SKIP_WITHOUT_DAGGERFALL();
    const scene::GameFs fs(arena2());
    std::size_t bsas = 0, records = 0, warned = 0;
    for (const std::string& name : fs.listFiles("")) {
        const std::string upper = scene::upperAscii(name);
        if (upper.size() < 4 || upper.compare(upper.size() - 4, 4, ".BSA") != 0) continue;
        SCOPED_TRACE(name);
        const loaders::Bytes bytes = fs.read(name);
        loaders::Warnings warnings;
        ldf::BsaDirectory dir;
        ASSERT_NO_THROW(dir = ldf::readBsaDirectory(bytes, name, &warnings));
        ++bsas;
        for (const ldf::BsaRecord& r : dir.records) {
            const std::string label = name + ":" + ldf::bsaRecordLabel(dir, r);
            loaders::Warnings w;
            try {
                const loaders::ByteSpan rec = ldf::bsaRecordBytes(bytes, r, name);
                const std::string rn = scene::upperAscii(r.name);
                if (upper == "ARCH3D.BSA")
                    ldf::readArch3d(rec, label, &w);
                else if (upper == "BLOCKS.BSA" && rn.ends_with(".RMB"))
                    ldf::readRmb(rec, label, &w);
                else if (upper == "BLOCKS.BSA" && rn.ends_with(".RDB"))
                    ldf::readRdb(rec, label, &w);
            } catch (const Error& e) {
                ADD_FAILURE() << e.what();
            }
            warned += w.empty() ? 0 : 1;
            ++records;
        }
        if (upper == "ARCH3D.BSA") {
            EXPECT_EQ(dir.records.size(), kArch3dRecords) << "UESP's count";
        }
        if (upper == "MAPS.BSA") {
            EXPECT_NO_THROW(ldf::readMaps(bytes, name));
        }
    }
    EXPECT_GE(bsas, 3u) << "BLOCKS.BSA, ARCH3D.BSA and MAPS.BSA at least";
    std::cout << bsas << " BSA files, " << records << " records read, " << warned << " with warnings\n";
}

TEST(RealDaggerfall, EveryTextureFileReads) {
    RGX_SKIP_WITHOUT_DAGGERFALL();
    const scene::GameFs fs(arena2());
    std::size_t files = 0;
    for (const std::string& name : fs.listFiles("")) {
        if (scene::upperAscii(name).rfind("TEXTURE.", 0) != 0) continue;
        loaders::Warnings w;
        EXPECT_NO_THROW(ldf::readTexture(fs.read(name), name, &w)) << name;
        ++files;
    }
    EXPECT_GT(files, 100u);
    std::cout << files << " TEXTURE files read\n";
}

// UESP: rows laid out one after another, values 223-232. The reader's warnings are printed, not
// failed: the layout is the writer's choice, not the game's promise.
TEST(RealDaggerfall, ClimatePakReadsAndHoldsOnlyKnownClimates) {
    RGX_SKIP_WITHOUT_DAGGERFALL();
    const scene::GameFs fs(arena2());
    const loaders::Bytes bytes = fs.read("CLIMATE.PAK");
    loaders::Warnings w;
    const ldf::PakFile pak = ldf::readPak(bytes, "CLIMATE.PAK", &w);
    for (const Warning& warning : w)
        std::cout << warning.text() << "\n";
    if (w.empty()) {
        EXPECT_TRUE(ldf::writePak(pak) == bytes) << "CLIMATE.PAK does not write back byte for byte";
    }
    std::size_t unknown = 0;
    for (const std::uint8_t v : ldf::pakValues(pak))
        unknown += ldf::climateName(v) == "unknown";
    EXPECT_EQ(unknown, 0u) << "values outside 223-232";
}

TEST(RealDaggerfall, EveryLocationBuildsAndATourRenders) {
    RGX_SKIP_WITHOUT_DAGGERFALL();
    const scene::GameFs fs(*installDir());
    const scene::GameDirectory games(fs);
    std::size_t built = 0;
    std::optional<std::int64_t> town, dungeon;
    for (const scene::GameWorld& w : games.worlds()) {
        if (w.engine != &scene::daggerfall::daggerfallEngine() || w.world.kind == "block") continue;
        SCOPED_TRACE(w.world.name);
        EXPECT_NO_THROW(games.build(w.world.id));
        if (w.world.kind == "town" && !town) town = w.world.id;
        if (w.world.kind == "dungeon" && !dungeon) dungeon = w.world.id;
        ++built;
    }
    EXPECT_GT(built, 1000u);
    for (const std::optional<std::int64_t>& id : {town, dungeon}) {
        ASSERT_TRUE(id.has_value());
        const scene::Scene s = games.build(*id);
        const renderer::PreparedWorld world = renderer::prepareWorld(s);
        renderer::GlideRenderer r(test::vulkan(), world);
        renderer::FrameStats stats;
        test::renderToImage(r, {160, 100}, world.views[0], 0.0, {}, &stats);
        EXPECT_GT(stats.triangles, 0u) << s.title;
    }
    std::cout << built << " locations built\n";
}

} // namespace
} // namespace rgx

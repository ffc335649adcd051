// The whole demo tree (textures, models and worlds together): deterministic, every file read by
// `rgx info`, every file round-trips through its reader and writer, and everything the maps and
// INI files name exists in the tree.

#include "demo/demo.h"
#include "demo/demo_catalog.h"
#include "demo/demo_layout.h"
#include "loaders/redguard/col.h"
#include "loaders/redguard/fog_ini.h"
#include "loaders/redguard/gxa.h"
#include "loaders/redguard/ini.h"
#include "loaders/redguard/model3d.h"
#include "loaders/redguard/pvo.h"
#include "loaders/redguard/rgm.h"
#include "loaders/redguard/rob.h"
#include "loaders/redguard/soup_def.h"
#include "loaders/redguard/surface_ini.h"
#include "loaders/redguard/system_ini.h"
#include "loaders/redguard/texbsi.h"
#include "loaders/redguard/wld.h"
#include "loaders/redguard/world_ini.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>

namespace rgx::demo {
namespace {

using loaders::Bytes;

const DemoTree& smallTree() {
    static const DemoTree tree = buildDemo(DemoOptions{Scale::Small, 1});
    return tree;
}

std::string upper(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}
std::string extension(const std::string& path) {
    auto dot = path.rfind('.');
    return dot == std::string::npos ? "" : upper(path.substr(dot + 1));
}
std::string stem(const std::string& path) {
    auto slash = path.rfind('/');
    std::string name = path.substr(slash == std::string::npos ? 0 : slash + 1);
    return upper(name.substr(0, name.rfind('.')));
}

// Case-insensitive lookup of a '/'-separated path; "" when absent.
std::string findPath(const DemoTree& tree, const std::string& path) {
    for (const auto& [p, bytes] : tree)
        if (upper(p) == upper(path)) return p;
    return "";
}
// A WORLD.INI path (backslashes, any case; 3DART\ falls back to fxart/, notes.md).
std::string resolveIniPath(const DemoTree& tree, std::string path) {
    std::replace(path.begin(), path.end(), '\\', '/');
    if (std::string p = findPath(tree, path); !p.empty()) return p;
    if (upper(path).rfind("3DART/", 0) == 0) return findPath(tree, "fxart/" + path.substr(6));
    return "";
}

TEST(DemoTree, SameSeedGivesIdenticalBytesOtherSeedDiffers) {
    DemoTree again = buildDemo(DemoOptions{Scale::Small, 1});
    ASSERT_EQ(again.size(), smallTree().size());
    for (const auto& [path, bytes] : smallTree()) {
        ASSERT_TRUE(again.count(path)) << path;
        EXPECT_TRUE(again.at(path) == bytes) << path << " differs between two builds with one seed";
    }
    DemoTree other = buildDemo(DemoOptions{Scale::Small, 2});
    EXPECT_FALSE(other.at("maps/ISLAND.WLD") == smallTree().at("maps/ISLAND.WLD"));
    EXPECT_FALSE(other.at("maps/ISLAND.RGM") == smallTree().at("maps/ISLAND.RGM"));
}

TEST(DemoTree, HasTheWorldFiles) {
    for (const char* p :
         {"WORLD.INI", "SYSTEM.INI", "surface.ini", "fxart/FOG.INI", "maps/ISLAND.WLD", "maps/ISLAND.RGM",
          "maps/ISLNIGHT.RGM", "maps/ISLAND.PVO", "maps/DUNGEON.RGM", "maps/DUNGEON.PVO"})
        EXPECT_TRUE(smallTree().count(p)) << p;
    EXPECT_TRUE(smallTree().count("soup386/SOUP386.DEF"));
}

TEST(DemoTree, SmallScaleStaysSmall) {
    std::size_t bytes = 0;
    for (const auto& [path, data] : smallTree())
        bytes += data.size();
    EXPECT_LT(bytes, 8u * 1024u * 1024u);
}

TEST(DemoTree, EveryFileRoundTrips) {
    int checked = 0;
    for (const auto& [path, bytes] : smallTree()) {
        const std::string ext = extension(path), name = upper(path);
        Bytes back;
        if (ext == "ROB")
            back = loaders::writeRob(loaders::readRob(bytes, path));
        else if (ext == "3DC" || ext == "3D")
            back = loaders::writeModel(loaders::readModel(bytes, path));
        else if (ext == "RGM")
            back = loaders::writeRgm(loaders::readRgm(bytes, path));
        else if (ext == "WLD")
            back = loaders::writeWld(loaders::readWld(bytes, path));
        else if (ext == "PVO")
            back = loaders::writePvo(loaders::readPvo(bytes, path));
        else if (ext == "BSI" || name.find("TEXBSI.") != std::string::npos)
            back = loaders::writeTexbsi(loaders::readTexbsi(bytes, path));
        else if (ext == "COL")
            back = loaders::writeCol(loaders::readCol(bytes, path));
        else if (ext == "GXA")
            back = loaders::writeGxa(loaders::readGxa(bytes, path));
        else if (ext == "DEF")
            back = loaders::writeSoupDef(loaders::readSoupDef(bytes, path));
        else if (ext == "INI") {
            EXPECT_TRUE(loaders::writeIni(loaders::readIni(bytes, path)) == bytes) << path;
            // The typed layers write the same canonical text back.
            if (name == "WORLD.INI")
                back = loaders::writeWorldIni(loaders::readWorldIni(bytes, path));
            else if (name == "SYSTEM.INI")
                back = loaders::writeSystemIni(loaders::readSystemIni(bytes, path));
            else if (name == "SURFACE.INI")
                back = loaders::writeSurfaceIni(loaders::readSurfaceIni(bytes, path));
            else if (name == "FXART/FOG.INI")
                back = loaders::writeFogIni(loaders::readFogIni(bytes, path));
            else
                back = bytes;
        } else {
            ADD_FAILURE() << "no round trip for " << path;
            continue;
        }
        EXPECT_TRUE(back == bytes) << path << " does not write back byte for byte";
        ++checked;
    }
    EXPECT_EQ(checked, static_cast<int>(smallTree().size()));
}

// Every model, texture and palette the maps and INI files name.
struct Assets {
    std::set<std::string> robSegments;    // upper-case segment names of fxart/*.ROB
    std::set<std::string> modelFiles;     // upper-case stems of fxart/*.3DC and *.3D
    std::set<std::pair<int, int>> images; // (TEXBSI number, image id)
};

Assets collectAssets(const DemoTree& tree) {
    Assets a;
    for (const auto& [path, bytes] : tree) {
        const std::string ext = extension(path);
        if (upper(path).rfind("FXART/", 0) != 0) continue;
        if (ext == "ROB")
            for (const auto& s : loaders::readRob(bytes, path).segments)
                a.robSegments.insert(upper(s.name));
        if (ext == "3DC" || ext == "3D") a.modelFiles.insert(stem(path));
        if (upper(path).find("TEXBSI.") != std::string::npos) {
            int bank = std::stoi(ext);
            for (const auto& image : loaders::readTexbsi(bytes, path).images)
                a.images.insert({bank, loaders::texbsiImageId(image)});
        }
    }
    return a;
}

void expectModel(const Assets& a, const std::string& name, const std::string& where) {
    std::string n = upper(name);
    EXPECT_TRUE(a.robSegments.count(n) || a.modelFiles.count(n))
        << where << " names model " << name << ", not in the tree";
}

TEST(DemoTree, EveryNamedModelTextureAndPaletteExists) {
    const DemoTree& tree = smallTree();
    const Assets assets = collectAssets(tree);
    ASSERT_GE(assets.robSegments.size(), 20u);
    ASSERT_GE(assets.modelFiles.size(), 5u);
    ASSERT_GE(assets.images.size(), 20u);
    for (const char* map : {"maps/ISLAND.RGM", "maps/ISLNIGHT.RGM", "maps/DUNGEON.RGM"}) {
        loaders::Rgm rgm = loaders::readRgm(tree.at(map), map);
        for (const auto& s : rgm.mpso) {
            std::string n = upper(loaders::rgmName(s.modelName));
            EXPECT_TRUE(assets.robSegments.count(n)) << map << " MPSO " << n << " is no ROB segment";
        }
        std::vector<std::string> resolved = loaders::resolveMpobModels(rgm);
        for (std::size_t i = 0; i < rgm.mpob.size(); ++i)
            if (!isDemoMarkerMpob(rgm.mpob[i])) expectModel(assets, resolved[i], std::string(map) + " MPOB");
        for (const auto& e : rgm.raan)
            expectModel(assets, loaders::rgmModelStem(e.path), std::string(map) + " RAAN");
        for (const auto& r : rgm.mprp) {
            expectModel(assets, loaders::rgmName(r.ropeModel), std::string(map) + " MPRP");
            expectModel(assets, loaders::rgmName(r.staticModel), std::string(map) + " MPRP");
        }
        for (const auto& f : rgm.mpsf)
            EXPECT_TRUE(assets.images.count({loaders::rgmFlatTextureId(f), loaders::rgmFlatImageId(f)}))
                << map << " MPSF names image " << loaders::rgmFlatTextureId(f) << "/"
                << loaders::rgmFlatImageId(f);
    }
    // Model faces' textures.
    auto checkFaces = [&](const loaders::Model& m, const std::string& where) {
        for (const auto& face : m.faces) {
            loaders::FaceTexture t = loaders::decodeFaceTexture(m.version(), face.textureRaw);
            if (!t.solid) {
                EXPECT_TRUE(assets.images.count({static_cast<int>(t.textureId), static_cast<int>(t.imageId)}))
                    << where << " face texture " << t.textureId << "/" << t.imageId;
            }
        }
    };
    for (const auto& [path, bytes] : tree) {
        const std::string ext = extension(path);
        if (ext == "ROB")
            for (const auto& s : loaders::readRob(bytes, path).segments)
                if (s.model) checkFaces(*s.model, path + ":" + s.name);
        if (ext == "3DC" || ext == "3D") checkFaces(loaders::readModel(bytes, path), path);
    }
    // WORLD.INI paths and names.
    loaders::WorldIni world = loaders::readWorldIni(tree.at("WORLD.INI"), "WORLD.INI");
    ASSERT_EQ(world.worlds.size(), 3u);
    for (const auto& [id, w] : world.worlds) {
        const std::string where = "WORLD.INI world " + std::to_string(id);
        ASSERT_TRUE(w.map) << where;
        EXPECT_NE(resolveIniPath(tree, *w.map), "") << where << " map " << *w.map;
        ASSERT_TRUE(w.palette) << where;
        EXPECT_NE(resolveIniPath(tree, *w.palette), "") << where << " palette " << *w.palette;
        if (w.world) {
            EXPECT_NE(resolveIniPath(tree, *w.world), "") << where << " terrain " << *w.world;
        }
        if (w.sky) {
            EXPECT_NE(resolveIniPath(tree, *w.sky), "") << where << " sky " << *w.sky;
        }
        if (w.skyFx) {
            EXPECT_NE(resolveIniPath(tree, "fxart\\" + *w.skyFx), "") << where << " skyfx " << *w.skyFx;
        }
        if (w.sunImg) {
            EXPECT_NE(resolveIniPath(tree, "fxart\\" + *w.sunImg), "") << where << " sunimg " << *w.sunImg;
        }
        // Node maps are .noo files, which the game may not ship and the demo does not write; the
        // PVO of a world is maps/<RGM stem>.PVO (issue 12).
        for (const auto& n : w.nodeMaps) {
            EXPECT_TRUE(n.path.ends_with(".noo")) << where << " node map " << n.path;
            EXPECT_EQ(resolveIniPath(tree, n.path), "") << where << " node map " << n.path;
        }
    }
}

TEST(DemoTree, ActorFilesMatchTheirRaanEntries) {
    const DemoTree& tree = smallTree();
    for (const char* map : {"maps/ISLAND.RGM", "maps/DUNGEON.RGM"}) {
        loaders::Rgm rgm = loaders::readRgm(tree.at(map), map);
        ASSERT_EQ(rgm.raan.size(), 5u) << map; // walker x2, guard, its sword drawn and sheathed
        std::vector<loaders::Model> models;
        for (const auto& e : rgm.raan) {
            std::string path = resolveIniPath(tree, e.path); // "fxart\WALKA001.3DC"
            ASSERT_NE(path, "") << map << " RAAN " << e.path;
            models.push_back(loaders::readModel(tree.at(path), path));
            EXPECT_EQ(models.back().header.numFrames, e.frameCount) << e.path;
            EXPECT_EQ(loaders::isAnimatedModelFile(models.back()), e.modelType == 'c') << e.path;
        }
        // The walker's two files: type-2 frames, different vertex counts.
        EXPECT_EQ(models[0].frameType(), 2u);
        EXPECT_EQ(models[1].frameType(), 2u);
        EXPECT_NE(models[0].vertices.size(), models[1].vertices.size());
        // The guard's tracked vertices (hand, scabbard) exist in every frame.
        EXPECT_LT(static_cast<std::size_t>(kGuardHandVertex), models[2].vertices.size());
        EXPECT_LT(static_cast<std::size_t>(-kGuardScabbardVertex), models[2].vertices.size());
        EXPECT_EQ(loaders::decodableFrameCount(models[2]), models[2].header.numFrames);
    }
}

} // namespace
} // namespace rgx::demo

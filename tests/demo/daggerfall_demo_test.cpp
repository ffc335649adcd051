// The demo's ARENA2 directory (demo/daggerfall/): every file reads back through its reader with
// no warnings and writes back byte for byte; MAPS.BSA names the town and the dungeon and every
// block it names is in BLOCKS.BSA; every model and texture record a file names exists; the
// generator is deterministic and small. Geometry checks are worked from the catalog's sizes.
#include "demo/daggerfall/arena2.h"
#include "demo/daggerfall/catalog.h"
#include "loaders/daggerfall/arch3d.h"
#include "loaders/daggerfall/bsa.h"
#include "loaders/daggerfall/maps.h"
#include "loaders/daggerfall/pak.h"
#include "loaders/daggerfall/palette.h"
#include "loaders/daggerfall/rdb.h"
#include "loaders/daggerfall/rmb.h"
#include "loaders/daggerfall/texture.h"
#include "tests/loaders/warning_checks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <string>

namespace rgx::demo::daggerfall {
namespace {

namespace ld = rgx::loaders::daggerfall;
using rgx::loaders::Bytes;

const Arena2Tree& arena2() {
    static const Arena2Tree tree = buildDaggerfallDemo();
    return tree;
}

std::map<std::string, Bytes> blocks() {
    const Bytes& file = arena2().at("BLOCKS.BSA");
    const ld::BsaArchive bsa = rgx::testing::readQuietly(
        "BLOCKS.BSA", [&](Warnings* w) { return ld::readBsa(file, "BLOCKS.BSA", w); });
    EXPECT_EQ(bsa.type, ld::BsaDirectoryType::Names);
    std::map<std::string, Bytes> out;
    for (const ld::BsaEntry& e : bsa.entries)
        out[e.name] = e.data;
    return out;
}

std::map<std::uint32_t, ld::Arch3dObject> models() {
    const Bytes& file = arena2().at("ARCH3D.BSA");
    const ld::BsaArchive bsa = rgx::testing::readQuietly(
        "ARCH3D.BSA", [&](Warnings* w) { return ld::readBsa(file, "ARCH3D.BSA", w); });
    EXPECT_EQ(bsa.type, ld::BsaDirectoryType::Numbers);
    std::map<std::uint32_t, ld::Arch3dObject> out;
    for (const ld::BsaEntry& e : bsa.entries)
        out[e.id] = rgx::testing::readQuietly("ARCH3D " + std::to_string(e.id), [&](Warnings* w) {
            return ld::readArch3d(e.data, "ARCH3D", w);
        });
    return out;
}

std::map<std::uint16_t, ld::TextureFile> textures() {
    std::map<std::uint16_t, ld::TextureFile> out;
    for (const auto& [name, bytes] : arena2())
        if (name.rfind("TEXTURE.", 0) == 0)
            out[static_cast<std::uint16_t>(std::stoi(name.substr(8)))] =
                rgx::testing::readQuietly(name, [&](Warnings* w) { return ld::readTexture(bytes, name, w); });
    return out;
}

bool endsWith(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

TEST(DaggerfallDemo, EveryFileReadsWithoutWarningsAndWritesBack) {
    int checked = 0;
    for (const auto& [name, bytes] : arena2()) {
        Bytes back;
        if (name == "PAL.PAL")
            back = ld::writePal(
                rgx::testing::readQuietly(name, [&](Warnings* w) { return ld::readPal(bytes, name, w); }));
        else if (name.rfind("SHADE.", 0) == 0 || name.rfind("HAZE.", 0) == 0)
            back = ld::writeColourTranslation(rgx::testing::readQuietly(
                name, [&](Warnings* w) { return ld::readColourTranslation(bytes, name, w); }));
        else if (name.rfind("TEXTURE.", 0) == 0)
            back = ld::writeTexture(rgx::testing::readQuietly(
                name, [&](Warnings* w) { return ld::readTexture(bytes, name, w); }));
        else if (name == "MAPS.BSA")
            back = ld::writeMaps(
                rgx::testing::readQuietly(name, [&](Warnings* w) { return ld::readMaps(bytes, name, w); }));
        else if (name == "CLIMATE.PAK")
            back = ld::writePak(
                rgx::testing::readQuietly(name, [&](Warnings* w) { return ld::readPak(bytes, name, w); }));
        else if (name == "ARCH3D.BSA" || name == "BLOCKS.BSA")
            back = ld::writeBsa(
                rgx::testing::readQuietly(name, [&](Warnings* w) { return ld::readBsa(bytes, name, w); }));
        else
            ADD_FAILURE() << "no reader for " << name;
        EXPECT_TRUE(back == bytes) << name << " does not write back byte for byte";
        ++checked;
    }
    // The records inside the archives.
    for (const auto& [name, bytes] : blocks()) {
        if (endsWith(name, ".RMB"))
            EXPECT_TRUE(ld::writeRmb(rgx::testing::readQuietly(
                            name, [&](Warnings* w) { return ld::readRmb(bytes, name, w); })) == bytes);
        else if (endsWith(name, ".RDB"))
            EXPECT_TRUE(ld::writeRdb(rgx::testing::readQuietly(
                            name, [&](Warnings* w) { return ld::readRdb(bytes, name, w); })) == bytes);
        else
            ADD_FAILURE() << "BLOCKS.BSA record " << name << " is neither RMB nor RDB";
    }
    for (const auto& [id, object] : models())
        EXPECT_FALSE(ld::writeArch3d(object).empty()) << id;
    EXPECT_GE(checked, 20);
}

TEST(DaggerfallDemo, MapsNamesTheTownAndTheDungeonAndBlocksExist) {
    const ld::MapsArchive maps = rgx::testing::readQuietly(
        "MAPS.BSA", [&](Warnings* w) { return ld::readMaps(arena2().at("MAPS.BSA"), "MAPS.BSA", w); });
    ASSERT_EQ(maps.regions.size(),
              kRegion + 1); // regions 0..16 empty, so 17 is read where the engine reads it
    const ld::MapsRegion& region = maps.regions[kRegion];
    EXPECT_EQ(ld::mapsRegionName(region.index), "Daggerfall");
    ASSERT_EQ(region.locations.size(), 2u);
    const std::map<std::string, Bytes> inBlocks = blocks();

    const ld::MapsLocation& town = region.locations[0];
    EXPECT_EQ(town.name, kTownName);
    EXPECT_EQ(town.table.locationType(), static_cast<unsigned>(ld::MapsLocationType::TownCity));
    EXPECT_EQ(town.exterior.width, 2);
    EXPECT_EQ(town.exterior.height, 2);
    const std::vector<std::string> townBlocks = ld::mapsRmbBlockNames(town.exterior);
    EXPECT_EQ(townBlocks,
              (std::vector<std::string>{"TVRNAA01.RMB", "RESIAA01.RMB", "MARKAA01.RMB", "RESIAA02.RMB"}));
    for (const std::string& b : townBlocks)
        EXPECT_TRUE(inBlocks.count(b)) << b;

    const ld::MapsLocation& barrow = region.locations[1];
    EXPECT_EQ(barrow.name, kDungeonName);
    for (const std::string& b : ld::mapsRmbBlockNames(barrow.exterior))
        EXPECT_TRUE(inBlocks.count(b)) << b;
    const ld::MapsDungeon* dungeon = ld::findMapsDungeon(region, barrow);
    ASSERT_NE(dungeon, nullptr);
    EXPECT_EQ(ld::findMapsDungeon(region, town), nullptr);
    ASSERT_EQ(dungeon->blocks.size(), 4u);
    int starts = 0;
    std::set<std::pair<int, int>> cells;
    for (const ld::MapsDungeonBlock& b : dungeon->blocks) {
        EXPECT_TRUE(inBlocks.count(ld::mapsRdbBlockName(b))) << ld::mapsRdbBlockName(b);
        starts += b.isStart();
        cells.insert({b.x, b.z});
        if (b.isStart()) {
            EXPECT_EQ(ld::mapsRdbBlockName(b), kStartBlock);
        }
    }
    EXPECT_EQ(starts, 1);
    EXPECT_EQ(cells, (std::set<std::pair<int, int>>{{0, 0}, {1, 0}, {0, 1}, {1, 1}}));
}

// Every model id an RMB or RDB block places, and every texture record a model, flat, person,
// ground tile or scenery byte names, exists.
struct Uses {
    std::set<std::uint32_t> modelIds;
    std::set<std::pair<unsigned, unsigned>> flatTextures;   // billboards (index 0 transparent)
    std::set<std::pair<unsigned, unsigned>> groundTextures; // TEXTURE.302 records
};

Uses blockUses() {
    Uses u;
    auto addFlat = [&](std::uint16_t bits) {
        u.flatTextures.insert({ld::rmbTextureArchive(bits), ld::rmbTextureRecord(bits)});
    };
    auto addSection = [&](const ld::RmbSection& s) {
        for (const auto& m : s.models)
            u.modelIds.insert(static_cast<std::uint32_t>(ld::rmbModelId(m)));
        for (const auto& f : s.flats)
            addFlat(f.textureBits);
        for (const auto& p : s.people)
            addFlat(p.textureBits);
    };
    for (const auto& [name, bytes] : blocks()) {
        if (endsWith(name, ".RMB")) {
            const ld::RmbBlock b = ld::readRmb(bytes, name);
            for (const auto& sub : b.subrecords)
                addSection(sub.exterior), addSection(sub.interior);
            for (const auto& m : b.models)
                u.modelIds.insert(static_cast<std::uint32_t>(ld::rmbModelId(m)));
            for (const auto& f : b.flats)
                addFlat(f.textureBits);
            for (int y = 0; y < 16; ++y)
                for (int x = 0; x < 16; ++x)
                    u.groundTextures.insert(
                        {tex::kGround, ld::rmbGroundTile(b.fld.smallMaps, x, y).textureIndex});
            for (std::uint8_t s : b.fld.smallMaps.scenery)
                if (s != 0xFF) u.flatTextures.insert({tex::kOak.archive, s / 4u - 1u});
        } else {
            const ld::RdbBlock b = ld::readRdb(bytes, name);
            for (const auto& list : b.roots)
                for (const auto& o : list.objects) {
                    if (const auto* m = std::get_if<ld::RdbModelPost>(&o.post)) {
                        const std::optional<std::uint32_t> id =
                            ld::rdbModelIdNumber(b.modelRefs[m->modelIndex]);
                        EXPECT_TRUE(id.has_value()) << name << ": model reference " << m->modelIndex;
                        if (id) u.modelIds.insert(*id);
                    } else if (const auto* f = std::get_if<ld::RdbFlatPost>(&o.post)) {
                        addFlat(f->textureBits);
                    }
                }
        }
    }
    return u;
}

TEST(DaggerfallDemo, EveryModelTheBlocksPlaceExists) {
    const auto all = models();
    const Uses u = blockUses();
    for (std::uint32_t id : u.modelIds)
        EXPECT_TRUE(all.count(id)) << "model " << id << " is placed but not in ARCH3D.BSA";
    // And nothing in ARCH3D.BSA is unused: every model is part of the town or the dungeon.
    for (const auto& [id, object] : all)
        EXPECT_TRUE(u.modelIds.count(id)) << "model " << id << " is in ARCH3D.BSA but placed nowhere";
    for (std::uint32_t id :
         {model::kHouseA, model::kTavern, model::kTavernInterior, model::kRoom, model::kLever})
        EXPECT_TRUE(u.modelIds.count(id)) << id;
}

TEST(DaggerfallDemo, EveryTextureRecordNamedExists) {
    const auto files = textures();
    auto exists = [&](unsigned archive, unsigned record) {
        const auto it = files.find(static_cast<std::uint16_t>(archive));
        return it != files.end() && record < it->second.records.size() &&
               !it->second.records[record].frames.empty();
    };
    int planes = 0;
    for (const auto& [id, object] : models())
        for (const ld::Arch3dPlane& p : object.planes) {
            EXPECT_TRUE(exists(p.textureArchive(), p.textureRecord()))
                << "model " << id << " uses TEXTURE." << p.textureArchive() << " record "
                << p.textureRecord();
            ++planes;
        }
    EXPECT_GT(planes, 100);
    const Uses u = blockUses();
    for (const auto& [archive, record] : u.flatTextures)
        EXPECT_TRUE(exists(archive, record)) << "a flat uses TEXTURE." << archive << " record " << record;
    for (const auto& [archive, record] : u.groundTextures)
        EXPECT_TRUE(exists(archive, record))
            << "a ground tile uses TEXTURE." << archive << " record " << record;
    EXPECT_GE(u.groundTextures.size(), 6u); // grass, road, cobbles, flagstones, dirt, gravel, ...
    EXPECT_TRUE(u.flatTextures.count({tex::kBarkeep.archive, tex::kBarkeep.record}));
    EXPECT_TRUE(u.flatTextures.count({tex::kStartMarker.archive, tex::kStartMarker.record}));
}

// Flats are cut out (index 0 around them, corners transparent), surfaces are solid; the torch is
// animated; flats use both row-compressed forms.
TEST(DaggerfallDemo, TextureFormsAndTransparency) {
    const auto files = textures();
    const Uses u = blockUses();
    std::set<std::uint16_t> compressions;
    for (const auto& [archive, file] : files)
        for (std::size_t r = 0; r < file.records.size(); ++r) {
            const ld::TextureRecord& t = file.records[r];
            const bool flat = u.flatTextures.count({archive, static_cast<unsigned>(r)}) != 0;
            compressions.insert(t.compression);
            for (const Bytes& frame : t.frames) {
                ASSERT_EQ(frame.size(), static_cast<std::size_t>(t.width * t.height));
                const auto zeros = std::count(frame.begin(), frame.end(), std::uint8_t{0});
                if (flat) {
                    EXPECT_EQ(frame[0], 0)
                        << archive << "/" << r << ": a flat's top-left corner is transparent";
                } else if (archive != tex::kMarkers) {
                    EXPECT_EQ(zeros, 0) << archive << "/" << r << ": a surface has no transparent texels";
                }
            }
        }
    EXPECT_EQ(files.at(tex::kTorch.archive).records[tex::kTorch.record].frames.size(), 4u);
    EXPECT_TRUE(compressions.count(0x0108) && compressions.count(0x1108) && compressions.count(0));
}

// Worked from the catalog: house A's south wall spans x -256..256 and y -160..0 at 8/16 texel a
// unit, so its UVs run over u -128..128 and v -80..0 texels; its normal points south.
TEST(DaggerfallDemo, HouseWallUvsAndNormalAreWorkedOut) {
    const auto all = models();
    const ld::Arch3dObject& house = all.at(model::kHouseA);
    ASSERT_FALSE(house.planes.empty());
    const std::vector<std::array<float, 2>> uvs = ld::arch3dPlaneUvs(house, 0, model::kHouseA);
    ASSERT_EQ(uvs.size(), 4u);
    EXPECT_EQ(uvs[0], (std::array<float, 2>{-128, -80})); // top left seen from the south
    EXPECT_EQ(uvs[1], (std::array<float, 2>{-128, 0}));
    EXPECT_EQ(uvs[2], (std::array<float, 2>{128, 0}));
    EXPECT_EQ(uvs[3], (std::array<float, 2>{128, -80}));
    EXPECT_EQ(house.normals[0], (rgx::loaders::Vec3i{0, 0, -256}));
    EXPECT_EQ(house.points[house.planes[0].corners[0].point],
              (rgx::loaders::Vec3i{-256 * 256, -160 * 256, -192 * 256}));
}

// Buildings, props and the dungeon's exterior face out; rooms and corridors face in: a plane's
// normal, and the file's winding (p1 - p0) x (p2 - p0), point away from the model's centre (in:
// towards it). The centre is the middle of the model's bounding box.
TEST(DaggerfallDemo, FacesPointOutOfBuildingsAndIntoRooms) {
    const auto all = models();
    auto check = [&](std::uint32_t id, bool out) {
        const ld::Arch3dObject& o = all.at(id);
        std::array<std::int64_t, 3> lo{INT64_MAX, INT64_MAX, INT64_MAX}, hi{INT64_MIN, INT64_MIN, INT64_MIN};
        for (const auto& p : o.points) {
            const std::array<std::int64_t, 3> v{p.x, p.y, p.z};
            for (int i = 0; i < 3; ++i)
                lo[i] = std::min(lo[i], v[i]), hi[i] = std::max(hi[i], v[i]);
        }
        for (std::size_t i = 0; i < o.planes.size(); ++i) {
            const auto& c = o.planes[i].corners;
            const auto& p0 = o.points[c[0].point];
            const auto& p1 = o.points[c[1].point];
            const auto& p2 = o.points[c[2].point];
            const std::int64_t ax = p1.x - p0.x, ay = p1.y - p0.y, az = p1.z - p0.z;
            const std::int64_t bx = p2.x - p0.x, by = p2.y - p0.y, bz = p2.z - p0.z;
            const std::array<std::int64_t, 3> cross{ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx};
            const auto& n = o.normals[i];
            std::array<std::int64_t, 3> fromCentre{}; // centroid of the plane minus the centre
            for (int k = 0; k < 3; ++k) {
                std::int64_t sum = 0;
                for (const auto& corner : c)
                    sum += k == 0   ? o.points[corner.point].x
                           : k == 1 ? o.points[corner.point].y
                                    : o.points[corner.point].z;
                fromCentre[k] = sum / static_cast<std::int64_t>(c.size()) - (lo[k] + hi[k]) / 2;
            }
            const std::int64_t side = fromCentre[0] * n.x + fromCentre[1] * n.y + fromCentre[2] * n.z;
            const std::int64_t agree = cross[0] * n.x + cross[1] * n.y + cross[2] * n.z;
            EXPECT_GT(agree, 0) << "model " << id << " plane " << i << ": winding and normal disagree";
            EXPECT_TRUE(out ? side > 0 : side < 0)
                << "model " << id << " plane " << i << " faces the wrong way";
        }
    };
    for (std::uint32_t id :
         {model::kHouseA, model::kHouseB, model::kTavern, model::kCryptEntrance, model::kWell})
        check(id, true);
    for (std::uint32_t id : {model::kHouseInterior, model::kRoom, model::kCorridor, model::kCorner})
        check(id, false);
}

// Positions as Daggerfall Unity's layouts read them: buildings inside their 4,096-unit block
// (z from the north edge), the block's own objects at z - 4,096, dungeon objects inside their
// 2,048-unit block; the lever's action turns it and raises the platform.
TEST(DaggerfallDemo, PositionsLieInsideTheirBlocksAndTheLeverMovesThePlatform) {
    bool leverFound = false;
    for (const auto& [name, bytes] : blocks()) {
        if (endsWith(name, ".RMB")) {
            const ld::RmbBlock b = ld::readRmb(bytes, name);
            for (std::size_t i = 0; i < b.subrecords.size(); ++i) {
                const auto& p = b.fld.positions[i];
                EXPECT_TRUE(p.x > 0 && p.x < 4096 && p.z > 0 && p.z < 4096) << name << " subrecord " << i;
                EXPECT_FALSE(b.subrecords[i].interior.doors.empty()) << name;
            }
            for (const auto& m : b.models)
                EXPECT_TRUE(m.x > 0 && m.x < 4096 && m.z < 0 && m.z > -4096) << name;
            for (const auto& f : b.flats)
                EXPECT_TRUE(f.x > 0 && f.x < 4096 && f.z < 0 && f.z > -4096 && f.y <= 0) << name;
        } else {
            const ld::RdbBlock b = ld::readRdb(bytes, name);
            for (const auto& list : b.roots)
                for (const auto& o : list.objects) {
                    EXPECT_TRUE(o.x >= 0 && o.x <= 2048 && o.z >= 0 && o.z <= 2048 && o.y <= 0) << name;
                    const auto* m = std::get_if<ld::RdbModelPost>(&o.post);
                    if (!m || ld::rdbModelIdNumber(b.modelRefs[m->modelIndex]) != model::kLever) continue;
                    leverFound = true;
                    const std::vector<const ld::RdbObject*> chain = ld::rdbActionChain(b, o);
                    ASSERT_EQ(chain.size(), 2u) << name;
                    const auto& platform = std::get<ld::RdbModelPost>(chain[1]->post);
                    EXPECT_EQ(ld::rdbModelIdNumber(b.modelRefs[platform.modelIndex]), model::kPlatform);
                    EXPECT_EQ(m->action->type, 8);       // rotation
                    EXPECT_EQ(platform.action->type, 1); // translation
                    EXPECT_EQ(platform.action->axis, 4); // up, as Daggerfall Unity moves it
                }
        }
    }
    EXPECT_TRUE(leverFound);
}

// Worked from the plan: the tavern's front wall stands 192 units north of the east-west road
// (tile rows 7-8, north-up uz 1792..2304), so its centre is at uz = 2304 + 192 + 512 / 2 = 2752,
// stored as z = 4096 - 2752 = 1344 (Daggerfall Unity: z counts from the block's north edge). Its
// ground tile (column 896 / 256 = 3, row 15 - 2752 / 256 = 5) is dirt; the road tile below it
// (row 7) runs east-west, so it is turned.
TEST(DaggerfallDemo, TavernPlacementAndGroundAreWorkedOut) {
    const ld::RmbBlock b = ld::readRmb(blocks().at(std::string(kTavernBlock)), "TVRNAA01.RMB");
    ASSERT_GE(b.subrecords.size(), 1u);
    EXPECT_EQ(b.fld.positions[0].x, 896);
    EXPECT_EQ(b.fld.positions[0].z, 1344);
    EXPECT_EQ(b.fld.positions[0].yRotation, 0);
    EXPECT_EQ(ld::rmbModelId(b.subrecords[0].exterior.models.at(0)),
              static_cast<std::int32_t>(model::kTavern));
    EXPECT_EQ(b.fld.buildings[0].buildingType, 15); // Daggerfall Unity's BuildingTypes.Tavern
    EXPECT_EQ(ld::rmbGroundTile(b.fld.smallMaps, 3, 5), (ld::RmbGroundTile{tex::kDirt, false, false}));
    const ld::RmbGroundTile road = ld::rmbGroundTile(b.fld.smallMaps, 3, 7);
    EXPECT_EQ(road.textureIndex, tex::kRoad);
    EXPECT_TRUE(road.rotate);
    // The automap (64-unit pixels, row 0 north) marks the tavern at its centre: row 63 - 2752 / 64.
    EXPECT_EQ(b.fld.automap[static_cast<std::size_t>((63 - 2752 / 64) * 64 + 896 / 64)], 0x10);
    // The barkeep stands behind the counter in the interior.
    const auto& people = b.subrecords[0].interior.people;
    ASSERT_FALSE(people.empty());
    EXPECT_EQ(ld::rmbTextureArchive(people[0].textureBits), tex::kBarkeep.archive);
    EXPECT_EQ(ld::rmbTextureRecord(people[0].textureBits), tex::kBarkeep.record);
}

TEST(DaggerfallDemo, DeterministicAndSmall) {
    const Arena2Tree again = buildDaggerfallDemo();
    ASSERT_EQ(again.size(), arena2().size());
    std::size_t total = 0;
    for (const auto& [name, bytes] : arena2()) {
        ASSERT_TRUE(again.count(name)) << name;
        EXPECT_TRUE(again.at(name) == bytes) << name << " differs between two builds";
        total += bytes.size();
    }
    EXPECT_LT(total, 2u * 1024u * 1024u) << "the ARENA2 directory is " << total << " bytes";
    std::printf("ARENA2: %zu files, %zu bytes\n", arena2().size(), total);
}

TEST(DaggerfallDemo, WritesTheDirectory) {
    const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "rgx_df_demo" / "ARENA2";
    std::filesystem::remove_all(dir.parent_path());
    writeDaggerfallDemo(dir);
    for (const auto& [name, bytes] : arena2())
        EXPECT_EQ(std::filesystem::file_size(dir / name), bytes.size()) << name;
    std::filesystem::remove_all(dir.parent_path());
}

} // namespace
} // namespace rgx::demo::daggerfall

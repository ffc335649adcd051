#include "loaders/daggerfall/maps.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using namespace rgx::loaders::daggerfall;
using rgx::testing::hasWarning;
using rgx::testing::throwsAt;

RGX_DECLARE_FUZZ_TARGET(df_maps);

namespace {

void name32(ByteWriter& w, std::string_view s) {
    w.fixedString(s, 32);
}

// The 112-byte record header of MapsFile.cs (dfbsa.txt's 71 bytes, then name and 9 bytes).
void header(ByteWriter& w, std::int32_t x, std::int32_t y, std::uint16_t isExterior, std::uint16_t locationId,
            std::string_view name) {
    w.u32(1), w.zeros(3), w.i32(x), w.u32(0), w.i32(y), w.u16(isExterior), w.u16(0);
    w.u32(0x11111111), w.u32(0x22222222), w.u16(1), w.u16(locationId), w.u32(0), w.u16(0), w.u32(0);
    w.zeros(26);
    name32(w, name);
    for (std::uint8_t i = 1; i <= 9; ++i)
        w.u8(i);
}

// One region's four records, built field by field from the layout (docs/formats/daggerfall_archives.md).
struct RegionBytes {
    Bytes pitem, ditem, table, names;
};

// A 3 x 1 town "Tinytown" (location id 42) over a dungeon of three RDB blocks.
RegionBytes regionFixture() {
    RegionBytes r;
    ByteWriter names;
    names.u32(1);
    name32(names, "Tinytown");
    r.names = names.take();

    ByteWriter table;
    table.i32(1234);
    table.u32((12800u << 8) | 0x5A | (2u << 25) | 0x40000000u); // longitude 12800, village, discovered
    table.u32((6400u << 8) | 0x07);                             // latitude 6400
    table.u8(2), table.u32(0xDEADBEEF);
    r.table = table.take();

    ByteWriter p;
    p.u32(0); // the one record starts right after the offset table
    p.u32(1), p.u16(3), p.u8(0), p.u8(0x11), p.u8(0x22), p.u8(0x33); // one door
    header(p, 3276800, 1638400, 0x8000, 42, "Tinytown");
    p.u16(1), p.bytes(Bytes{5, 4, 3, 2, 1});
    p.u16(0x1234), p.u32(0x01020304), p.u16(0), p.u16(0), p.u32(0), p.u32(0);
    p.u16(7), p.i16(-1), p.u16(42), p.u8(2), p.u8(15);
    name32(p, "Tinytown");
    p.i32(1234), p.u32(42), p.u8(3), p.u8(1), p.zeros(4), p.u8('B'), p.u8(0), p.u8(0);
    Bytes index(64, 0), number(64, 0), character(64, 0);
    index[0] = 0, number[0] = 1, character[0] = 0x20;  // TVRN, A, L, 01
    index[1] = 1, number[1] = 12, character[1] = 0x50; // GENR, letter1 B, M, 12
    index[2] = 13, number[2] = 3, character[2] = 0x00; // TEMP, A, A, temple letter A, 3
    p.bytes(index), p.bytes(number), p.bytes(character);
    p.u8(0x77), p.zeros(174);
    p.bytes(Bytes{0xE1, 0xE2, 0xE3}); // bytes after the record, up to the end of MAPPITEM
    r.pitem = p.take();

    ByteWriter d;
    d.u32(1), d.u32(0), d.u16(1), d.u16(42);
    d.u32(0);
    header(d, 3276800, 1638400, 0, 42, "Tinytown Crypt");
    d.u16(0), d.u32(0), d.u32(0), d.u16(3), d.zeros(5);
    d.i8(0), d.i8(0), d.u16(19 | 0x400);       // N0000019.RDB, the start block
    d.i8(1), d.i8(0), d.u16(999 | (3u << 11)); // S0000999.RDB
    d.i8(0), d.i8(-1), d.u16(4 | (4u << 11));  // B0000004.RDB
    r.ditem = d.take();
    return r;
}

// A names BSA of the given records, laid out by hand: header, data, 18-byte entries.
Bytes bsaOf(const std::vector<std::pair<std::string, Bytes>>& records) {
    ByteWriter w;
    w.u16(static_cast<std::uint16_t>(records.size())), w.u16(0x0100);
    for (const auto& rec : records)
        w.bytes(rec.second);
    for (const auto& rec : records) {
        w.fixedString(rec.first, 14);
        w.u32(static_cast<std::uint32_t>(rec.second.size()));
    }
    return w.take();
}

Bytes mapsOf(const RegionBytes& r, const std::string& digits = "000") {
    return bsaOf({{"MAPPITEM." + digits, r.pitem},
                  {"MAPDITEM." + digits, r.ditem},
                  {"MAPTABLE." + digits, r.table},
                  {"MAPNAMES." + digits, r.names}});
}

// Absolute offsets of the four records in mapsOf(r).
std::size_t pitemAt(const RegionBytes&) {
    return 4;
}
std::size_t ditemAt(const RegionBytes& r) {
    return 4 + r.pitem.size();
}
std::size_t tableAt(const RegionBytes& r) {
    return ditemAt(r) + r.ditem.size();
}
std::size_t namesAt(const RegionBytes& r) {
    return tableAt(r) + r.table.size();
}

MapsArchive demoMaps() {
    MapsLocation town = makeMapsTown("Demoville", MapsLocationType::TownHamlet, 77, 501, 64000, 32000, 2, 2,
                                     {"TVRNAL01.RMB", "RESIAM05.RMB", "TEMPAAB12.RMB", "GENRCS03.RMB"}, 'C');
    const std::vector<MapsDungeonBlock> blocks = {*encodeMapsDungeonBlock("N0000019.RDB", 0, 0, false),
                                                  *encodeMapsDungeonBlock("W0000005.RDB", 0, 1, true),
                                                  *encodeMapsDungeonBlock("B0000001.RDB", 1, 1, false)};
    MapsDungeon dungeon = makeMapsDungeon(town, blocks, 6);
    MapsArchive maps;
    maps.regions.push_back({0, {town}, {dungeon}});
    return maps;
}

} // namespace

TEST(DaggerfallMaps, ReadsHandBuiltRegion) {
    const RegionBytes r = regionFixture();
    rgx::Warnings warnings;
    const MapsArchive maps = readMaps(mapsOf(r), "MAPS.BSA", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    ASSERT_EQ(maps.regions.size(), 1u);
    const MapsRegion& region = maps.regions[0];
    EXPECT_EQ(region.index, 0u);
    EXPECT_EQ(mapsRegionName(region.index), "Alik'r Desert");
    ASSERT_EQ(region.locations.size(), 1u);
    const MapsLocation& loc = region.locations[0];
    EXPECT_EQ(loc.name, "Tinytown");
    EXPECT_EQ(loc.table.mapId, 1234);
    EXPECT_EQ(loc.table.longitude(), 12800u);
    EXPECT_EQ(loc.table.latitude(), 6400u);
    EXPECT_EQ(loc.table.locationType(), 2u);
    EXPECT_EQ(mapsLocationTypeName(loc.table.locationType()), "town_village");
    EXPECT_TRUE(loc.table.discovered());
    EXPECT_EQ(loc.table.dungeonType, 2);
    EXPECT_EQ(loc.table.key, 0xDEADBEEFu);
    EXPECT_EQ(mapsMapPixel(loc.table).x, 100);
    EXPECT_EQ(mapsMapPixel(loc.table).y, 449);

    const MapsExterior& x = loc.exterior;
    ASSERT_EQ(x.record.doors.size(), 1u);
    EXPECT_EQ(x.record.doors[0], (MapsDoor{3, 0, 0x11, 0x22, 0x33}));
    EXPECT_EQ(x.record.x, 3276800);
    EXPECT_EQ(x.record.y, 1638400);
    EXPECT_EQ(x.record.isExterior, 0x8000);
    EXPECT_EQ(x.record.unknown1, 0x11111111u);
    EXPECT_EQ(x.record.locationId, 42);
    EXPECT_EQ(x.record.name, "Tinytown");
    EXPECT_EQ(x.record.unknown3[8], 9);
    ASSERT_EQ(x.buildings.size(), 1u);
    EXPECT_EQ(x.buildings[0].nameSeed, 0x1234);
    EXPECT_EQ(x.buildings[0].serviceTimeLimit, 0x01020304u);
    EXPECT_EQ(x.buildings[0].sector, -1);
    EXPECT_EQ(x.buildings[0].quality, 15);
    EXPECT_EQ(x.anotherName, "Tinytown");
    EXPECT_EQ(x.mapId, 1234);
    EXPECT_EQ(x.width, 3);
    EXPECT_EQ(x.height, 1);
    EXPECT_EQ(x.tail[0], 0x77);
    EXPECT_EQ(x.extra, (Bytes{0xE1, 0xE2, 0xE3}));
    EXPECT_EQ(mapsRmbBlockNames(x),
              (std::vector<std::string>{"TVRNAL01.RMB", "GENRBM12.RMB", "TEMPAAA3.RMB"}));

    ASSERT_EQ(region.dungeons.size(), 1u);
    const MapsDungeon* d = findMapsDungeon(region, loc);
    ASSERT_EQ(d, &region.dungeons[0]);
    EXPECT_EQ(d->isDungeon, 1);
    EXPECT_EQ(d->record.name, "Tinytown Crypt");
    ASSERT_EQ(d->blocks.size(), 3u);
    EXPECT_EQ(mapsRdbBlockName(d->blocks[0]), "N0000019.RDB");
    EXPECT_TRUE(d->blocks[0].isStart());
    EXPECT_EQ(mapsRdbBlockName(d->blocks[1]), "S0000999.RDB");
    EXPECT_FALSE(d->blocks[1].isStart());
    EXPECT_EQ(d->blocks[1].x, 1);
    EXPECT_EQ(mapsRdbBlockName(d->blocks[2]), "B0000004.RDB");
    EXPECT_EQ(d->blocks[2].z, -1);
}

TEST(DaggerfallMaps, RoundTrips) {
    const Bytes file = mapsOf(regionFixture());
    EXPECT_EQ(writeMaps(readMaps(file, "x")), file);

    const MapsArchive demo = demoMaps();
    const Bytes written = writeMaps(demo);
    rgx::Warnings warnings;
    const MapsArchive back = readMaps(written, "x", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_EQ(back, demo);
    EXPECT_EQ(writeMaps(back), written);
}

TEST(DaggerfallMaps, TownHelpersSetWhatTheEngineReads) {
    const MapsArchive maps = readMaps(writeMaps(demoMaps()), "x");
    const MapsRegion& region = maps.regions[0];
    const MapsLocation& loc = region.locations[0];
    EXPECT_EQ(loc.name, "Demoville");
    EXPECT_EQ(loc.exterior.record.name, "Demoville");
    EXPECT_EQ(loc.exterior.anotherName, "Demoville");
    EXPECT_EQ(loc.table.locationType(), 1u);
    EXPECT_EQ(loc.table.dungeonType, 6);
    EXPECT_EQ(mapsMapPixel(loc.table).x, 500);
    EXPECT_EQ(mapsMapPixel(loc.table).y, 249);
    EXPECT_EQ(loc.exterior.record.x, 64000 * 256);
    EXPECT_EQ(mapsRmbBlockNames(loc.exterior),
              (std::vector<std::string>{"TVRNAL01.RMB", "RESIAM05.RMB", "TEMPAAB12.RMB", "GENRCS03.RMB"}));
    const MapsDungeon* d = findMapsDungeon(region, loc);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->exteriorLocationId, 501);
    EXPECT_EQ(mapsRdbBlockName(d->blocks[1]), "W0000005.RDB");
    EXPECT_TRUE(d->blocks[1].isStart());
    EXPECT_THROW(
        makeMapsTown("X", MapsLocationType::TownCity, 1, 1, 0, 0, 2, 1, {"NOPEAA01.RMB", "TVRNAA01.RMB"}),
        rgx::Error);
    EXPECT_THROW(makeMapsTown("X", MapsLocationType::TownCity, 1, 1, 0, 0, 9, 1,
                              std::vector<std::string>(9, "TVRNAA01.RMB")),
                 rgx::Error);
}

TEST(DaggerfallMaps, BlockNamesEncodeAndDecode) {
    for (const char* name :
         {"TVRNAL01.RMB", "CUSTAA45.RMB", "TEMPAAP255.RMB", "WITCAS00.RMB", "MARKBL99.RMB"}) {
        const std::optional<MapsRmbSlot> slot = encodeMapsRmbSlot(name, 'B');
        ASSERT_TRUE(slot) << name;
        MapsExterior x;
        x.letter1ForRmbName = 'B';
        EXPECT_EQ(mapsRmbBlockName(x, *slot), name);
    }
    EXPECT_EQ(encodeMapsRmbSlot("TVRNAL01.RMB", 'A')->blockCharacter, 0x20);
    EXPECT_FALSE(encodeMapsRmbSlot("NOPEAL01.RMB", 'A'));  // unknown prefix
    EXPECT_FALSE(encodeMapsRmbSlot("TVRNAL1.RMB", 'A'));   // the engine writes two digits
    EXPECT_FALSE(encodeMapsRmbSlot("TVRNBL01.RMB", 'C'));  // first letter is neither A nor letter1
    EXPECT_FALSE(encodeMapsRmbSlot("TVRNAX01.RMB", 'A'));  // second letter outside A L M S
    EXPECT_FALSE(encodeMapsRmbSlot("TVRNAL256.RMB", 'A')); // a byte
    EXPECT_FALSE(encodeMapsRmbSlot("TVRNAL01.RDB", 'A'));
    MapsExterior x;
    EXPECT_EQ(mapsRmbBlockName(x, MapsRmbSlot{45, 1, 0}), ""); // past the prefix table

    const MapsDungeonBlock b = *encodeMapsDungeonBlock("m0001023.rdb", -3, 4, true);
    EXPECT_EQ(b.bits, 1023 | 0x400 | (5u << 11));
    EXPECT_EQ(mapsRdbBlockName(b), "M0001023.RDB");
    EXPECT_FALSE(encodeMapsDungeonBlock("N0001024.RDB", 0, 0, false));
    EXPECT_FALSE(encodeMapsDungeonBlock("X0000001.RDB", 0, 0, false));
    EXPECT_FALSE(encodeMapsDungeonBlock("N000001.RDB", 0, 0, false));
    EXPECT_EQ(mapsRdbBlockName(MapsDungeonBlock{0, 0, std::uint16_t(6u << 11)}), "");
}

TEST(DaggerfallMaps, RejectCountsPastTheirRecords) {
    RegionBytes r = regionFixture();
    r.names[1] = 0x10; // 4097 names in 36 bytes
    EXPECT_TRUE(throwsAt([&] { readMaps(mapsOf(r), "x"); }, namesAt(r) + 4, "MAPNAMES.000 names", "exceeds"));

    r = regionFixture();
    r.table.pop_back(); // 16 of 17 bytes
    EXPECT_TRUE(throwsAt([&] { readMaps(mapsOf(r), "x"); }, tableAt(r), "MAPTABLE.000 entries"));

    r = regionFixture();
    r.pitem[6] = 0x10; // door count 0x100001
    EXPECT_TRUE(throwsAt([&] { readMaps(mapsOf(r), "x"); }, pitemAt(r) + 8, "MAPPITEM.000 doors", "exceeds"));

    r = regionFixture();
    r.ditem[2] = 1; // 65537 dungeons
    EXPECT_TRUE(throwsAt([&] { readMaps(mapsOf(r), "x"); }, ditemAt(r) + 4, "MAPDITEM.000 entries"));

    r = regionFixture();
    const std::size_t blockCountAt = 12 + 4 + kMapsRecordHeaderSize + 10; // entries, doors, header, 3 fields
    r.ditem[blockCountAt] = 0xFF;
    EXPECT_TRUE(
        throwsAt([&] { readMaps(mapsOf(r), "x"); }, ditemAt(r) + blockCountAt + 7, "MAPDITEM.000 blocks"));
}

TEST(DaggerfallMaps, RejectOffsetsPastTheirRecords) {
    RegionBytes r = regionFixture();
    r.pitem[1] = 0x10; // 4096, past the record
    EXPECT_TRUE(
        throwsAt([&] { readMaps(mapsOf(r), "x"); }, pitemAt(r), "MAPPITEM.000 offset", "past the end"));
    r = regionFixture();
    r.ditem[5] = 0x10;
    EXPECT_TRUE(
        throwsAt([&] { readMaps(mapsOf(r), "x"); }, ditemAt(r) + 4, "MAPDITEM.000 offset", "past the end"));
}

TEST(DaggerfallMaps, RejectTruncatedRecords) {
    RegionBytes r = regionFixture();
    r.pitem.resize(r.pitem.size() - 13); // the 3 extra bytes and 10 of the exterior data
    const std::size_t dataAt = 4 + 4 + 6 + kMapsRecordHeaderSize + 2 + 5 + kMapsBuildingSize;
    EXPECT_TRUE(throwsAt([&] { readMaps(mapsOf(r), "x"); }, pitemAt(r) + dataAt, "MAPPITEM.000 exterior data",
                         "truncated"));
    r = regionFixture();
    r.ditem.resize(r.ditem.size() - 1); // the three blocks no longer fit
    const std::size_t blocksAt = 12 + 4 + kMapsRecordHeaderSize + kMapsDungeonHeaderSize;
    EXPECT_TRUE(
        throwsAt([&] { readMaps(mapsOf(r), "x"); }, ditemAt(r) + blocksAt, "MAPDITEM.000 blocks", "exceeds"));
    // Every cut of any one record is refused or warned about, never read silently.
    const RegionBytes full = regionFixture();
    for (Bytes RegionBytes::*part :
         {&RegionBytes::pitem, &RegionBytes::ditem, &RegionBytes::table, &RegionBytes::names}) {
        // MAPPITEM's last 3 bytes are kept opaque after the record, so cutting them is not seen.
        const std::size_t opaque = part == &RegionBytes::pitem ? 3 : 0;
        for (std::size_t n = 0; n < (full.*part).size() - opaque; ++n) {
            RegionBytes cut = full;
            (cut.*part).resize(n);
            const Bytes file = mapsOf(cut);
            EXPECT_TRUE(rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readMaps(file, "x", w); },
                                                       file.size()))
                << n;
        }
    }
}

TEST(DaggerfallMaps, RejectNumbersDirectory) {
    Bytes b = mapsOf(regionFixture());
    BsaArchive bsa = readBsa(b, "x");
    bsa.type = BsaDirectoryType::Numbers;
    EXPECT_TRUE(throwsAt([&] { readMaps(writeBsa(bsa), "x"); }, 2, "BSA directory_type", "names directory"));
}

TEST(DaggerfallMaps, RecordsOutOfOrderAreLaidOutAgain) {
    // Two locations pointing at one record: read twice, with a warning, then written one after another.
    RegionBytes r = regionFixture();
    r.names[0] = 2;
    const Bytes second(r.names.begin() + 4, r.names.end());
    r.names.insert(r.names.end(), second.begin(), second.end());
    const Bytes entry = r.table;
    r.table.insert(r.table.end(), entry.begin(), entry.end());
    Bytes p(r.pitem.begin() + 4, r.pitem.end());
    r.pitem = {0, 0, 0, 0, 0, 0, 0, 0};
    r.pitem.insert(r.pitem.end(), p.begin(), p.end());
    rgx::Warnings warnings;
    const MapsArchive maps = readMaps(mapsOf(r), "x", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, pitemAt(r) + 8, "MAPPITEM.000 records", "overlap"));
    ASSERT_EQ(maps.regions[0].locations.size(), 2u);
    EXPECT_TRUE(maps.regions[0].locations[1].exterior.extra.empty());
    EXPECT_EQ(readMaps(writeMaps(maps), "x"), maps);
}

TEST(DaggerfallMaps, DeparturesAreWarnings) {
    RegionBytes r = regionFixture();
    r.names.push_back(0); // a byte after the names
    rgx::Warnings warnings;
    MapsArchive maps = readMaps(mapsOf(r), "x", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, namesAt(r) + 36, "MAPNAMES.000 size", "dropped"));
    EXPECT_EQ(writeMaps(maps), mapsOf(regionFixture()));

    // A region lacking one record is dropped; the engine would read other records in its place.
    r = regionFixture();
    warnings.clear();
    maps = readMaps(bsaOf({{"MAPPITEM.000", r.pitem}, {"MAPDITEM.000", r.ditem}, {"MAPNAMES.000", r.names}}),
                    "x", &warnings);
    EXPECT_TRUE(maps.regions.empty());
    EXPECT_TRUE(hasWarning(warnings, 4 + r.pitem.size() + r.ditem.size() + r.names.size(), "MAPS region",
                           "no MAPTABLE.000"));

    // Lower-case names, and a region whose number is not its position.
    warnings.clear();
    const Bytes lower = bsaOf({{"mappitem.003", r.pitem},
                               {"MAPDITEM.003", r.ditem},
                               {"MAPTABLE.003", r.table},
                               {"MAPNAMES.003", r.names}});
    maps = readMaps(lower, "x", &warnings);
    EXPECT_TRUE(hasWarning(warnings, lower.size() - 72, "MAPS record name", "upper case"));
    EXPECT_TRUE(hasWarning(warnings, lower.size() - 72, "MAPS record order", "4n..4n+3"));
    EXPECT_EQ(maps.regions[0].index, 3u);
    fillMapsRegionGaps(maps);
    ASSERT_EQ(maps.regions.size(), 4u);
    EXPECT_EQ(maps.regions[2].index, 2u);
    EXPECT_TRUE(maps.regions[2].locations.empty());
    warnings.clear();
    EXPECT_EQ(readMaps(writeMaps(maps), "x", &warnings), maps);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);

    // A grid past the 64 slots, and a block prefix past the table.
    r = regionFixture();
    const std::size_t widthAt = 4 + 4 + 6 + kMapsRecordHeaderSize + 2 + 5 + kMapsBuildingSize + 40;
    r.pitem[widthAt] = 9, r.pitem[widthAt + 1] = 8;
    r.pitem[widthAt + 9 + 1] = 45;
    warnings.clear();
    maps = readMaps(mapsOf(r), "x", &warnings);
    EXPECT_TRUE(hasWarning(warnings, pitemAt(r) + widthAt, "MAPPITEM.000 width", "past the 64 slots"));
    EXPECT_TRUE(hasWarning(warnings, pitemAt(r) + widthAt + 10, "MAPPITEM.000 block_index", "slot 1"));
    EXPECT_EQ(mapsRmbBlockNames(maps.regions[0].locations[0].exterior).size(), 72u);
    EXPECT_EQ(mapsRmbBlockNames(maps.regions[0].locations[0].exterior)[1], "");
    EXPECT_EQ(writeMaps(maps), mapsOf(r)); // kept as read
}

// How many of the 3,000 mutated inputs the reader must accept: about a third of the lowest
// count seen over several seeds.
constexpr std::size_t kMinAccepted_df_maps = 400;

TEST(DaggerfallMapsFuzz, MutatedWriterOutputNeverCrashes) {
    MapsArchive two = demoMaps();
    two.regions.push_back(two.regions[0]);
    two.regions[1].index = 1;
    std::vector<Bytes> seeds = {mapsOf(regionFixture()), writeMaps(demoMaps()), writeMaps(two)};
    for (Bytes& b : rgx::testing::corpusSeeds({"maps.bsa"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("df_maps", seeds, rgxFuzz_df_maps, 3000, kMinAccepted_df_maps);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}

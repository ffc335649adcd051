// WLD terrain: a file hand-built from the reference's header/section tables, the 2x2 tile
// arrangement of notes.md, the height and texture decode, water cells, exact round trips and
// rejection of truncated files and wrong header values.
#include "loaders/redguard/wld.h"

#include "base/error.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>

using namespace rgx::loaders;
using rgx::testing::expectError;

RGX_DECLARE_FUZZ_TARGET(wld);

namespace {

constexpr std::size_t kSec0 = 1184; // reference: section0_offset
constexpr std::size_t kSecLen = 65558;
constexpr std::size_t kPlane = 16384;

void putU32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

// Byte offset in the file of plane p (1..4) byte (r, c) of section s, from the reference layout.
std::size_t planeAt(std::size_t s, int p, std::size_t r, std::size_t c) {
    return kSec0 + s * kSecLen + 22 + static_cast<std::size_t>(p - 1) * kPlane + r * 128 + c;
}

// A shipped-layout file with all planes zero, every value typed from the reference tables.
Bytes handBuiltFile() {
    Bytes b(263432, 0);
    putU32(b, 0x00, 16);
    putU32(b, 0x04, 2);
    putU32(b, 0x08, 2);
    putU32(b, 0x10, 160);
    putU32(b, 0x14, 1);
    putU32(b, 0x18, 22);
    putU32(b, 0x1C, 263416);
    putU32(b, 0x90, 1184);
    putU32(b, 0x94, 66742);
    putU32(b, 0x98, 132300);
    putU32(b, 0x9C, 197858);
    putU32(b, 0xA0, 2135957017u);
    const std::uint8_t first2[4][2] = {{0x68, 0x08}, {0x38, 0x02}, {0x1C, 0x05}, {0x0A, 0x00}};
    for (std::size_t s = 0; s < 4; ++s) {
        const std::size_t at = kSec0 + s * kSecLen;
        const std::uint8_t hdr[22] = {first2[s][0], first2[s][1], 0, 0, 0, 0, 0x2E, 0x01, 0x00, 0x01};
        std::copy(std::begin(hdr), std::end(hdr), b.begin() + static_cast<std::ptrdiff_t>(at));
    }
    const std::uint8_t footer[16] = {0x54, 0x55, 0x4C, 0x4F, 0x28, 0xC0, 0x43, 0x00,
                                     0xFF, 0xFF, 0xFF, 0xFF, 0x35, 0x37, 0x04, 0x00};
    std::copy(std::begin(footer), std::end(footer), b.end() - 16);
    return b;
}

// Hand-built file with a few marked plane bytes.
Bytes markedFile() {
    Bytes b = handBuiltFile();
    b[planeAt(0, 1, 0, 0)] = 0x83;     // grid (0, 0): height 3, high flag set
    b[planeAt(1, 1, 0, 0)] = 0x05;     // grid (0, 128): height 5
    b[planeAt(2, 1, 127, 127)] = 0x7F; // grid (255, 127): height 127
    b[planeAt(3, 1, 127, 127)] = 0xFF; // grid (255, 255): height 127 after & 0x7F
    b[planeAt(2, 3, 3, 4)] = 0xC7;     // grid (131, 4): texture 7, rotation 3
    b[planeAt(1, 3, 10, 2)] = 0x7E;    // grid (10, 130): texture 62, rotation 1
    b[planeAt(3, 3, 0, 0)] = 0x80;     // grid (128, 128): texture 0, rotation 2
    b[planeAt(0, 2, 5, 5)] = 0x11;     // unused plane 2 byte: kept raw
    b[planeAt(3, 4, 1, 1)] = 0x22;     // unused plane 4 byte: kept raw
    return b;
}

WldGrids uniformGrids(std::uint8_t height, std::uint8_t texture, std::uint8_t rotation) {
    WldGrids g;
    g.heightIndex.assign(kWldGridCells, height);
    g.textureIndex.assign(kWldGridCells, texture);
    g.rotation.assign(kWldGridCells, rotation);
    return g;
}

std::size_t at(std::size_t row, std::size_t col) {
    return row * 256 + col;
}

} // namespace

TEST(Wld, LayoutConstantsMatchTheReference) {
    EXPECT_EQ(kWldHeaderSize, 1184u);
    EXPECT_EQ(kWldSectionSize, 65558u);
    EXPECT_EQ(kWldFileSize, 263432u);
}

TEST(Wld, ReadsHandBuiltHeaderAndSections) {
    Bytes bytes = markedFile();
    Wld wld = readWld(bytes, "HAND.WLD");
    EXPECT_EQ(wld.header[0], 16u);
    EXPECT_EQ(wld.header[1], 2u);
    EXPECT_EQ(wld.header[2], 2u);
    EXPECT_EQ(wld.header[7], 263416u);
    EXPECT_EQ(wld.header[0x94 / 4], 66742u);
    EXPECT_EQ(wld.header[0xA0 / 4], 0x7F501E19u);
    const std::uint16_t unknown1[4] = {2152, 568, 1308, 10};
    for (std::size_t s = 0; s < 4; ++s) {
        EXPECT_EQ(wld.sections[s].header[0], unknown1[s]);
        EXPECT_EQ(wld.sections[s].header[3], 302); // texbsi_file
        EXPECT_EQ(wld.sections[s].header[4], 256); // map_size
        EXPECT_EQ(wld.sections[s].heights.size(), kPlane);
    }
    EXPECT_EQ(wld.sections[0].heights[0], 0x83); // raw byte kept, flag included
    EXPECT_EQ(wld.sections[0].plane2[5 * 128 + 5], 0x11);
    EXPECT_EQ(wld.sections[3].plane4[129], 0x22);
    EXPECT_EQ(wld.footer.size(), 16u);
    EXPECT_EQ(wld.footer[0], 0x54);
    EXPECT_EQ(wld.footer[15], 0x00);
}

TEST(Wld, CombinesSectionsAsTwoByTwoTiles) {
    WldGrids g = wldGrids(readWld(markedFile(), "HAND.WLD"));
    ASSERT_EQ(g.heightIndex.size(), 65536u);
    EXPECT_EQ(g.heightIndex[at(0, 0)], 3);       // high bit stripped
    EXPECT_EQ(g.heightIndex[at(0, 128)], 5);     // section 1 is top-right
    EXPECT_EQ(g.heightIndex[at(255, 127)], 127); // section 2 is bottom-left
    EXPECT_EQ(g.heightIndex[at(255, 255)], 127); // section 3 is bottom-right
    EXPECT_EQ(g.heightIndex[at(128, 0)], 0);
    EXPECT_EQ(g.textureIndex[at(131, 4)], 7);
    EXPECT_EQ(g.rotation[at(131, 4)], 3);
    EXPECT_EQ(g.textureIndex[at(10, 130)], 62);
    EXPECT_EQ(g.rotation[at(10, 130)], 1);
    EXPECT_EQ(g.textureIndex[at(128, 128)], 0);
    EXPECT_EQ(g.rotation[at(128, 128)], 2);
    EXPECT_EQ(std::count(g.heightIndex.begin(), g.heightIndex.end(), 0), 65536 - 4);

    WldTileIndex t = wldTileIndex(131, 4);
    EXPECT_EQ(t.section, 2u);
    EXPECT_EQ(t.index, 3u * 128 + 4);
    std::vector<std::uint8_t> raw3 = wldCombinedPlane(readWld(markedFile(), "HAND.WLD"), 3);
    EXPECT_EQ(raw3[at(131, 4)], 0xC7);
}

// An independent oracle: the reference's 128-entry source table, typed here row by row from
// redguard-formats.txt ("Height Lookup Table"), not copied from the loader, compared entry by entry
// (a changed entry that keeps the table sorted must fail too).
TEST(Wld, HeightTableFromTheReference) {
    const std::array<std::int32_t, 128> reference = {
        0,    40,   40,   40,   80,   80,   80,   120,  120,  120,  // 0
        160,  160,  160,  200,  200,  200,  240,  240,  240,  280,  // 10
        280,  320,  320,  320,  360,  360,  400,  400,  400,  440,  // 20
        440,  480,  480,  480,  520,  520,  560,  560,  600,  600,  // 30
        600,  640,  640,  680,  680,  720,  720,  760,  760,  800,  // 40
        800,  840,  840,  880,  880,  920,  920,  960,  1000, 1000, // 50
        1040, 1040, 1080, 1120, 1120, 1160, 1160, 1200, 1240, 1240, // 60
        1280, 1320, 1320, 1360, 1400, 1440, 1440, 1480, 1520, 1560, // 70
        1600, 1600, 1640, 1680, 1720, 1760, 1800, 1840, 1880, 1920, // 80
        1960, 2000, 2040, 2080, 2120, 2200, 2240, 2280, 2320, 2400, // 90
        2440, 2520, 2560, 2640, 2680, 2760, 2840, 2920, 3000, 3080, // 100
        3160, 3240, 3360, 3440, 3560, 3680, 3800, 3960, 4080, 4280, // 110
        4440, 4680, 4920, 5200, 5560, 6040, 6680, 7760,             // 120
    };
    for (std::size_t i = 0; i < reference.size(); ++i) {
        EXPECT_EQ(kWldHeightTable[i], reference[i]) << "entry " << i;
        EXPECT_EQ(wldWorldY(static_cast<std::uint8_t>(i)), -static_cast<double>(reference[i]))
            << "entry " << i;
    }
    EXPECT_EQ(wldWorldY(0x80 | 127), -7760.0); // raw byte: the flag is masked off
}

TEST(Wld, WaterTexturesAfterMasking) {
    for (int t : {0, 5, 30, 31, 0x40 | 5, 0xC0 | 30})
        EXPECT_TRUE(isWldWaterTexture(static_cast<std::uint8_t>(t)));
    for (int t : {1, 4, 6, 29, 32, 63, 0x40 | 1})
        EXPECT_FALSE(isWldWaterTexture(static_cast<std::uint8_t>(t)));
}

TEST(Wld, CountsWaterCellsOfTheVertexGrid) {
    EXPECT_EQ(wldWaterCells(uniformGrids(0, 1, 0)), 0u);
    EXPECT_EQ(wldWaterCells(uniformGrids(0, 30, 3)), 255u * 255u); // 255x255 cells, not 256x256

    WldGrids g = uniformGrids(0, 1, 0);
    // A 3x3 block of water vertices mixing the four water indices: 2x2 = 4 cells.
    const std::uint8_t water[3][3] = {{0, 5, 30}, {31, 0, 5}, {30, 31, 0}};
    for (std::size_t r = 0; r < 3; ++r)
        for (std::size_t c = 0; c < 3; ++c)
            g.textureIndex[at(10 + r, 20 + c)] = water[r][c];
    EXPECT_EQ(wldWaterCells(g), 4u);
    // Two water vertices in the last column (rows 100..101, columns 254..255): the cell starting at
    // column 254 counts once.
    for (std::size_t r : {100, 101})
        for (std::size_t c : {254, 255})
            g.textureIndex[at(r, c)] = 5;
    EXPECT_EQ(wldWaterCells(g), 5u);
    // Water along the whole last column alone forms no cell (column 254 is land).
    WldGrids edge = uniformGrids(0, 1, 0);
    for (std::size_t r = 0; r < 256; ++r)
        edge.textureIndex[at(r, 255)] = 0;
    EXPECT_EQ(wldWaterCells(edge), 0u);
    // Three water corners are not enough.
    WldGrids three = uniformGrids(0, 1, 0);
    three.textureIndex[at(50, 50)] = 0;
    three.textureIndex[at(50, 51)] = 0;
    three.textureIndex[at(51, 50)] = 0;
    EXPECT_EQ(wldWaterCells(three), 0u);
}

TEST(Wld, MakeWldWritesTheShippedLayout) {
    // With all-zero grids the writer's file is the hand-built file exactly.
    Bytes written = writeWld(makeWld(uniformGrids(0, 0, 0)));
    EXPECT_EQ(written, handBuiltFile());
}

TEST(Wld, RoundTripsBytesAndStructs) {
    Bytes bytes = markedFile();
    EXPECT_EQ(writeWld(readWld(bytes, "HAND.WLD")), bytes);

    WldGrids g = uniformGrids(0, 0, 0);
    for (std::size_t i = 0; i < kWldGridCells; ++i) {
        g.heightIndex[i] = static_cast<std::uint8_t>((i * 7) % 128);
        g.textureIndex[i] = static_cast<std::uint8_t>((i * 13 + i / 256) % 64);
        g.rotation[i] = static_cast<std::uint8_t>((i / 3) % 4);
    }
    Wld wld = makeWld(g);
    EXPECT_EQ(wldGrids(wld), g);
    Bytes out = writeWld(wld);
    EXPECT_EQ(out.size(), kWldFileSize);
    EXPECT_EQ(readWld(out, "made.wld"), wld);
    EXPECT_EQ(writeWld(readWld(out, "made.wld")), out);
}

TEST(Wld, KeepsArbitraryFooterBytes) {
    Bytes bytes = handBuiltFile();
    bytes.resize(bytes.size() - 16); // no footer at all: the engine never reads it
    Wld wld = readWld(bytes, "short.wld");
    EXPECT_TRUE(wld.footer.empty());
    EXPECT_EQ(writeWld(wld), bytes);
    bytes.push_back(0xAB);
    EXPECT_EQ(writeWld(readWld(bytes, "odd.wld")), bytes);
}

TEST(Wld, RejectTruncatedAtEveryBoundary) {
    const Bytes bytes = markedFile();
    std::vector<std::size_t> cuts;
    for (std::size_t i = 0; i <= kSec0; ++i)
        cuts.push_back(i); // every header prefix
    for (std::size_t s = 0; s < 4; ++s) {
        for (std::size_t part = 0; part <= 4; ++part) {
            std::size_t boundary = kSec0 + s * kSecLen + (part == 0 ? 0 : 22 + (part - 1) * kPlane);
            for (std::size_t d : {0, 1, 2, 21, 22, 23})
                cuts.push_back(boundary + d);
            cuts.push_back(boundary - 1);
        }
    }
    for (std::size_t i = kSec0; i < kSec0 + 4 * kSecLen; i += 509)
        cuts.push_back(i); // a sample between
    cuts.push_back(kSec0 + 4 * kSecLen - 1);
    for (std::size_t cut : cuts) {
        if (cut >= kSec0 + 4 * kSecLen) continue;
        Bytes prefix(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(cut));
        EXPECT_THROW(readWld(prefix, "cut.wld"), rgx::Error) << "prefix " << cut;
    }
    rgx::Error e = expectError([&] { readWld(ByteSpan(bytes).first(kSec0 + 2 * kSecLen + 100), "cut.wld"); });
    EXPECT_EQ(e.path(), "cut.wld");
    EXPECT_EQ(e.offset(), kSec0 + 2 * kSecLen);
    EXPECT_NE(e.field().find("section 2"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("truncated"), std::string::npos) << e.what();
}

// The layout is fixed (2 x 2 sections of 65558 bytes), so the header words that describe it are
// not needed to read the file: another value reads with one warning naming the word, and the
// file writes back unchanged.
TEST(Wld, WrongHeaderValuesReadWithAWarning) {
    struct Case {
        std::size_t offset;
        std::uint32_t value;
        const char* field;
        const char* message;
    };
    const Wld whole = readWld(handBuiltFile(), "ok.wld");
    for (const Case& c :
         {Case{0x04, 3, "header section_cols", "is 3, expected 2"},
          Case{0x08, 1, "header section_rows", "is 1, expected 2"},
          Case{0x14, 0, "header dword 0x14", "is 0, expected 1"},
          Case{0x18, 24, "header section_header_size", "is 24, expected 22"},
          Case{0x18, 0xFFFFFFFF, "header section_header_size", "is 4294967295, expected 22"}}) {
        Bytes bytes = handBuiltFile();
        putU32(bytes, c.offset, c.value);
        rgx::Warnings warnings;
        Wld wld = readWld(bytes, "odd.wld", &warnings);
        EXPECT_TRUE(rgx::testing::onlyWarning(warnings, c.offset, c.field, c.message)) << c.field;
        EXPECT_NE(warnings.front().message.find("the fixed 2 x 2 layout is read"), std::string::npos);
        EXPECT_EQ(wld.sections, whole.sections);
        EXPECT_EQ(wldGrids(wld).heightIndex, wldGrids(whole).heightIndex);
        EXPECT_EQ(writeWld(wld), bytes);
    }
}

// A WLD whose header another tool left zero: four warnings, the terrain reads.
TEST(Wld, ZeroHeaderReadsWithFourWarnings) {
    Bytes bytes = markedFile();
    std::fill(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(kSec0), 0);
    rgx::Warnings warnings;
    Wld wld = readWld(bytes, "zero.wld", &warnings);
    ASSERT_EQ(warnings.size(), 4u) << rgx::testing::listWarnings(warnings);
    EXPECT_TRUE(rgx::testing::warningMatches(warnings[0], 0x04, "header section_cols", "is 0, expected 2"));
    EXPECT_TRUE(rgx::testing::warningMatches(warnings[1], 0x08, "header section_rows", "is 0, expected 2"));
    EXPECT_TRUE(rgx::testing::warningMatches(warnings[2], 0x14, "header dword 0x14", "is 0, expected 1"));
    EXPECT_TRUE(
        rgx::testing::warningMatches(warnings[3], 0x18, "header section_header_size", "is 0, expected 22"));
    EXPECT_EQ(wld.sections, readWld(markedFile(), "x").sections);
    EXPECT_EQ(writeWld(wld), bytes);
}

TEST(Wld, RejectBadInMemoryValues) {
    Wld wld = makeWld(uniformGrids(0, 0, 0));
    wld.sections[1].textures.pop_back();
    EXPECT_THROW(writeWld(wld), rgx::Error);
    EXPECT_THROW(wldGrids(wld), rgx::Error);
    EXPECT_THROW(wldCombinedPlane(makeWld(uniformGrids(0, 0, 0)), 5), rgx::Error);
    EXPECT_THROW(makeWld(uniformGrids(128, 0, 0)), rgx::Error);
    EXPECT_THROW(makeWld(uniformGrids(0, 64, 0)), rgx::Error);
    EXPECT_THROW(makeWld(uniformGrids(0, 0, 4)), rgx::Error);
    WldGrids small = uniformGrids(0, 0, 0);
    small.rotation.resize(100);
    EXPECT_THROW(makeWld(small), rgx::Error);
}

// How many of the 3,000 mutated inputs the reader must accept, so the checks after parsing
// (writers, round trips) really run: about a third of the lowest count seen over several seeds.
constexpr std::size_t kMinAccepted_wld = 500;

TEST(WldFuzz, MutatedWriterOutputNeverCrashes) {
    WldGrids g = uniformGrids(3, 5, 1);
    g.textureIndex[at(7, 9)] = 40;
    std::vector<Bytes> seeds = {writeWld(makeWld(g)), markedFile()};
    // Plus the demo's files and, with RGX_REAL_SAMPLES, the real ones (tests/support/fuzz_corpus.h).
    for (Bytes& b : rgx::testing::corpusSeeds({".wld"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("wld", seeds, rgxFuzz_wld, 3000, kMinAccepted_wld);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}

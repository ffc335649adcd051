// A Drakan level's reading policy (loaders/drakan/level.h): what is rejected (truncated bodies, a
// missing record, a layer past the side bound, streams that are not zlib or do not inflate to the
// layer's size, counts and sizes past their record), what reads with a warning, and a mutation run
// of the fuzz target. The hand-built level: level_fixture.h.
#include "loaders/drakan/level.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/drakan/level_fixture.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using namespace rgx::loaders::drakan;
namespace fx = rgx::testing::dk_level;
using rgx::testing::put16;
using rgx::testing::put32;
using rgx::testing::throwsAt;

RGX_DECLARE_FUZZ_TARGET(drakan_level);

namespace {

// Where the layers' body starts in fx::levelFile(): after the header and the 54-byte 0x0000 body.
constexpr std::size_t kLayersBodyAt = 12 + 54;

void patch32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b.at(at + i) = static_cast<std::uint8_t>(v >> (8 * i));
}

TEST(DrakanLevel, RejectTruncatedBodies) {
    ASSERT_EQ(fx::infoBody().size(), 54u);
    const Bytes info = fx::infoBody();
    EXPECT_TRUE(
        throwsAt([&] { readLevelInfo(ByteSpan(info).first(12), "t"); }, 10, "level max height", "truncated"));
    // Every prefix of every body throws (or warns): none reads as if it were whole.
    const auto prefixes = [](const Bytes& body, auto read) {
        for (std::size_t n = 0; n < body.size(); ++n) {
            const ByteSpan prefix = ByteSpan(body).first(n);
            EXPECT_TRUE(rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { read(prefix, w); }, n));
        }
    };
    prefixes(fx::infoBody(), [](ByteSpan b, rgx::Warnings* w) { readLevelInfo(b, "t", w); });
    prefixes(fx::layersBody(), [](ByteSpan b, rgx::Warnings* w) { readLayers(b, "t", w); });
    prefixes(fx::groupsBody(), [](ByteSpan b, rgx::Warnings* w) { readLayerGroups(b, "t", w); });
    prefixes(fx::objectsBody(), [](ByteSpan b, rgx::Warnings* w) { readLevelObjects(b, "t", w); });
    // A cut inside the stream: its size runs past the record.
    const Bytes layers = fx::layersBody();
    EXPECT_TRUE(throwsAt([&] { readLayers(ByteSpan(layers).first(layers.size() - 1), "t"); },
                         fx::kStreamSizeAt, "layer compressed size", "past the record"));
}

TEST(DrakanLevel, RejectAMissingRecord) {
    const rgx::Error noLayers = rgx::testing::expectError([] {
        readLevel(fx::container({{0x0000, fx::infoBody()}}), "maps/a.lvl");
    });
    EXPECT_EQ(noLayers.path(), "maps/a.lvl");
    EXPECT_EQ(noLayers.field(), "layers record");
    EXPECT_NE(noLayers.message().find("0x0001"), std::string::npos);
    const rgx::Error noName = rgx::testing::expectError([] {
        readLevel(fx::container({{0x0001, fx::layersBody()}}), "a.lvl");
    });
    EXPECT_EQ(noName.field(), "level name record");
    // Not a container at all: readSrsc's error.
    EXPECT_TRUE(throwsAt([] { readLevel(fx::infoBody(), "a.lvl"); }, 0, "SRSC magic"));
}

TEST(DrakanLevel, RejectALayerPastTheSideBound) {
    const Bytes wide = fx::layersBody(kMaxLayerSide + 1);
    EXPECT_TRUE(throwsAt([&] { readLayers(wide, "t"); }, 8, "layer width", "past 1024"));
    // In a whole file the offset is the file's.
    const Bytes file = fx::container({{0x0000, fx::infoBody()}, {0x0001, wide}});
    EXPECT_TRUE(throwsAt([&] { readLevel(file, "t.lvl"); }, kLayersBodyAt + 8, "layer width", "past 1024"));
}

TEST(DrakanLevel, RejectAStreamOfTheWrongSize) {
    // 6 vertices x 4 + 2 cells x 26 = 76 bytes; one cell short, and one byte over.
    Bytes shortData = fx::layerData();
    ASSERT_EQ(shortData.size(), 76u);
    shortData.resize(50);
    EXPECT_TRUE(throwsAt([&] { readLayers(fx::layersBody(2, 1, shortData), "t"); }, fx::kStreamAt,
                         "layer data", "inflates to 50 bytes, not 76"));
    Bytes longData = fx::layerData();
    longData.push_back(0);
    EXPECT_TRUE(throwsAt([&] { readLayers(fx::layersBody(2, 1, longData), "t"); }, fx::kStreamAt,
                         "layer data", "inflates past 76 bytes"));
}

TEST(DrakanLevel, RejectAStreamThatIsNotZlib) {
    Bytes body = fx::layersBody();
    body.resize(fx::kStreamSizeAt);
    put32(body, 5);
    for (const char c : {'h', 'e', 'l', 'l', 'o'})
        body.push_back(static_cast<std::uint8_t>(c));
    EXPECT_TRUE(throwsAt([&] { readLayers(body, "t"); }, fx::kStreamAt, "layer data", "not a zlib stream"));
}

TEST(DrakanLevel, RejectCountsAndSizesPastTheBody) {
    Bytes objects;
    put16(objects, 1000); // 1,000 objects in 2 bytes
    EXPECT_TRUE(throwsAt([&] { readLevelObjects(objects, "t"); }, 2, "object count", "exceeds"));
    Bytes links = fx::objectsBody();
    links.at(32) = 0xFF; // the first object's link count: 0x00FF
    EXPECT_TRUE(throwsAt([&] { readLevelObjects(links, "t"); }, 34, "object link count", "exceeds"));
    Bytes dwords = fx::objectsBody();
    patch32(dwords, 42, 0x40000000);
    EXPECT_TRUE(throwsAt([&] { readLevelObjects(dwords, "t"); }, 50, "object data size", "exceeds"));
    Bytes fields = fx::objectsBody();
    patch32(fields, 46, 0x10000);
    EXPECT_TRUE(throwsAt([&] { readLevelObjects(fields, "t"); }, 62, "object field count", "exceeds"));
    Bytes layers;
    put32(layers, 0x10000000);
    EXPECT_TRUE(throwsAt([&] { readLayers(layers, "t"); }, 4, "layer count", "exceeds"));
    Bytes stream = fx::layersBody();
    patch32(stream, fx::kStreamSizeAt, 0xFFFFFFFF);
    EXPECT_TRUE(throwsAt([&] { readLayers(stream, "t"); }, fx::kStreamSizeAt, "layer compressed size",
                         "past the record"));
    Bytes visible = fx::layersBody();
    patch32(visible, 64, 0x01000000); // the visible layers' count
    EXPECT_TRUE(throwsAt([&] { readLayers(visible, "t"); }, 68, "layer visible layer count", "exceeds"));
    Bytes dbs = fx::infoBody();
    patch32(dbs, 14, 1000);
    EXPECT_TRUE(throwsAt([&] { readLevelInfo(dbs, "t"); }, 18, "level database count", "exceeds"));
    Bytes groups = fx::groupsBody();
    patch32(groups, 12, 2); // two layer ids, one there
    EXPECT_TRUE(throwsAt([&] { readLayerGroups(groups, "t"); }, 16, "layer group layer count", "exceeds"));
}

TEST(DrakanLevel, DeparturesAreWarnings) {
    rgx::Warnings w;
    // The u32 after the definitions: OpenDrakan's reader expects 1.
    std::uint32_t marker = 0;
    const std::vector<Layer> layers = readLayers(fx::layersBody(2, 2), "t", &w, &marker);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, fx::kMarkerAt, "layers marker", "2, not 1"));
    EXPECT_EQ(marker, 2u);
    EXPECT_EQ(writeLayers(layers, marker), fx::layersBody(2, 2));
    w.clear();
    const Level level =
        readLevel(fx::container({{0x0000, fx::infoBody()}, {0x0001, fx::layersBody(2, 2)}}), "t.lvl", &w);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, kLayersBodyAt + fx::kMarkerAt, "layers marker", "2, not 1"));
    EXPECT_EQ(level.layersMarker, 2u);

    // Bytes after each record's fields.
    const auto trailing = [&](Bytes body, auto read, const char* field) {
        const std::size_t size = body.size();
        body.push_back(0);
        rgx::Warnings tw;
        read(body, &tw);
        EXPECT_TRUE(rgx::testing::onlyWarning(tw, size, field, "1 bytes after the fields"));
    };
    trailing(
        fx::infoBody(), [](const Bytes& b, rgx::Warnings* tw) { readLevelInfo(b, "t", tw); },
        "level name trailing");
    trailing(
        fx::layersBody(), [](const Bytes& b, rgx::Warnings* tw) { readLayers(b, "t", tw); },
        "layers trailing");
    trailing(
        fx::groupsBody(), [](const Bytes& b, rgx::Warnings* tw) { readLayerGroups(b, "t", tw); },
        "layer groups trailing");
    trailing(
        fx::objectsBody(), [](const Bytes& b, rgx::Warnings* tw) { readLevelObjects(b, "t", tw); },
        "objects trailing");

    // A database entry's second u16 (OpenDrakan's reader expects 0), kept.
    Bytes info = fx::infoBody();
    info.at(20) = 9;
    w.clear();
    EXPECT_EQ(readLevelInfo(info, "t", &w).databases[0].unknown, 9);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 20, "level database unknown", "is 9, not 0"));
    // A layer type past "between", a visible layer past the layers: kept.
    Bytes odd = fx::layersBody();
    patch32(odd, 16, 5);
    patch32(odd, 68, 3);
    w.clear();
    EXPECT_EQ(readLayers(odd, "t", &w)[0].type, static_cast<LayerType>(5));
    EXPECT_EQ(w.size(), 2u) << rgx::testing::listWarnings(w);
    EXPECT_TRUE(rgx::testing::hasWarning(w, 16, "layer type", "type 5"));
    EXPECT_TRUE(rgx::testing::hasWarning(w, 68, "layer visible layer", "index 3 of 1"));
    // A second layers record and a record of another type: dropped. Their directory entries follow
    // the bodies (the header, 54 bytes, two layers bodies, 4 bytes), 14 bytes each.
    const Bytes layersBody = fx::layersBody();
    const Bytes extra = fx::container(
        {{0x0000, fx::infoBody()}, {0x0001, layersBody}, {0x0001, layersBody}, {0x0030, Bytes(4, 0)}});
    const std::size_t directory = 12 + 54 + 2 * layersBody.size() + 4;
    w.clear();
    EXPECT_EQ(readLevel(extra, "t.lvl", &w).layers.size(), 1u);
    EXPECT_EQ(w.size(), 2u) << rgx::testing::listWarnings(w);
    EXPECT_TRUE(rgx::testing::hasWarning(w, directory + 2 * 14, "level record", "not the first of its type"));
    EXPECT_TRUE(rgx::testing::hasWarning(w, directory + 3 * 14, "level record", "type 0x0030, not a level"));
}

constexpr std::size_t kMinAccepted_drakan_level = 600;

TEST(DrakanLevelFuzz, MutatedWriterOutputNeverCrashes) {
    const std::vector<Bytes> seeds = {fx::levelFile(), fx::layersBody(), fx::objectsBody(), fx::infoBody(),
                                      fx::groupsBody()};
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("drakan_level", seeds, rgxFuzz_drakan_level, 3000, kMinAccepted_drakan_level);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}

} // namespace

// Field offsets of the smaller RGM record types, checked on bytes written by hand from the
// reference tables (MPRP 80, MPSL 42, MPMK 13, RAVC 9, RALC 12, RAEX 30 bytes; WDNM walk maps).

#include "loaders/redguard/rgm.h"
#include "tests/loaders/redguard/rgm_fixture.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using rgm_fixture::Hand;

namespace {

Bytes recordsFixture() {
    Hand h;
    h.section("MPRP", 4 + 80).le32(1);
    h.le32(1).u8({0xAB}).u8({0xFE, 0xFF, 0xFF, 0}).u8({3, 0, 0, 0}).u8({0xFC, 0xFF, 0xFF});
    h.le32(100).le32(2).le32(3).le32(4).le16(12).text("BELL", 9).text("ROPELINK", 9);
    h.zeros(24).le32(0xFFFFFFFF);

    h.section("MPSL", 4 + 42).le32(1);
    h.u8({0xFF, 0x80, 0x00, 0x82}).le32(28).u8({1, 0, 0, 0}).u8({2, 0, 0, 0}).u8({0xFD, 0xFF, 0xFF, 0});
    h.le16(100).le16(200).le16(1).le16(0xFFFF).le16(300).u8({0, 1, 2, 3, 4, 5, 6, 7}).zeros(4);

    h.section("MPMK", 4 + 13).le32(1);
    h.u8({5, 0, 0, 0}).u8({6, 0, 0, 0}).u8({0xF9, 0xFF, 0xFF, 0}).u8({6});

    h.section("RAVC", 9).u8({0xFF, 0x02, 0xFD}).le16(700).le32(100000);
    h.section("RALC", 12).le32(0xFFFFFFFF).le32(2).le32(0xFFFFFFFD);
    h.section("RAEX", 30).zeros(28).le16(0x10000 - 300);

    // One walk map: length 99, 1 node (dup 1) at (10, -10, 20), radius 500; the node at (1, -2, 3)
    // has one route to node 0 with cost 7.
    h.section("WDNM", 48).le32(1);
    h.le32(99).le32(1).le32(1).u8({10, 0, 0, 0}).u8({0xF6, 0xFF, 0xFF, 0}).u8({20, 0, 0, 0}).le32(500);
    h.le32(16).le16(1).le16(0x10000 - 2).le16(3).u8({0, 1}).le16(0).le16(7);
    h.section("END ", 0);
    return h.b;
}

} // namespace

TEST(RgmRecords, ReadsHandBuiltRecordOffsets) {
    Bytes file = recordsFixture();
    RgmReadResult read = readRgmWithWarnings(file, "R.RGM");
    EXPECT_TRUE(read.warnings.empty());
    const Rgm& rgm = read.rgm;

    ASSERT_EQ(rgm.mprp.size(), 1u);
    const RgmMprp& rope = rgm.mprp[0];
    EXPECT_EQ(rope.reserved, 0xAB);
    EXPECT_EQ(rope.pos.x, -2);
    EXPECT_EQ(rope.pos.y, 3);
    EXPECT_EQ(rope.pos.z, -4);
    EXPECT_EQ(rope.angleY, 100);
    EXPECT_EQ(rope.speed, 4);
    EXPECT_EQ(rope.length, 12);
    EXPECT_EQ(rope.staticModel, "BELL");
    EXPECT_EQ(rope.ropeModel, "ROPELINK");
    EXPECT_EQ(rope.reserved2[6], -1);

    ASSERT_EQ(rgm.mpsl.size(), 1u);
    const RgmMpsl& light = rgm.mpsl[0];
    EXPECT_EQ(light.rgb, (std::array<std::uint8_t, 3>{0xFF, 0x80, 0x00}));
    EXPECT_EQ(light.lightType, 0x82);
    EXPECT_EQ(light.lightParam, 28u);
    EXPECT_EQ(light.pos.z, -3);
    EXPECT_EQ(light.param1, 200);
    EXPECT_EQ(light.direction, (std::array<std::int16_t, 3>{1, -1, 300}));
    EXPECT_EQ(light.channelMap[7], 7);

    ASSERT_EQ(rgm.mpmk.size(), 1u);
    EXPECT_EQ(rgm.mpmk[0].pos.z, -7);
    EXPECT_EQ(rgm.mpmk[0].reserved, 6);

    ASSERT_EQ(rgm.ravc.size(), 1u);
    EXPECT_EQ(rgm.ravc[0].x, -1);
    EXPECT_EQ(rgm.ravc[0].z, -3);
    EXPECT_EQ(rgm.ravc[0].vertex, 700);
    EXPECT_EQ(rgm.ravc[0].radius, 100000u);
    ASSERT_EQ(rgm.ralc.size(), 1u);
    EXPECT_EQ(rgm.ralc[0], (RgmRalc{-1, 2, -3}));
    ASSERT_EQ(rgm.raex.size(), 1u);
    EXPECT_EQ(rgm.raex[0][14], -300);

    ASSERT_EQ(rgm.wdnm.size(), 1u);
    const RgmWalkMap& map = rgm.wdnm[0];
    EXPECT_EQ(map.mapLength, 99u);
    EXPECT_EQ(map.pos.y, -10);
    EXPECT_EQ(map.radius, 500u);
    ASSERT_EQ(map.nodes.size(), 1u);
    EXPECT_EQ(map.nodes[0].y, -2);
    ASSERT_EQ(map.nodes[0].routes.size(), 1u);
    EXPECT_EQ(map.nodes[0].routes[0].cost, 7);

    EXPECT_EQ(writeRgm(rgm), file);
}

TEST(RgmRecords, PositionDecodeIsSharedByEverySection) {
    Rgm rgm = readRgm(recordsFixture(), "R.RGM");
    // Marker (5, 6, -7): x = -5 * 256 / 5120 = -0.25, y = -0.3, z = -(0xFFFFFF + 7 * 256) / 5120.
    auto p = rgmPosition(rgm.mpmk[0].pos);
    EXPECT_DOUBLE_EQ(p[0], -0.25);
    EXPECT_DOUBLE_EQ(p[1], -0.3);
    EXPECT_DOUBLE_EQ(p[2], -(16777215.0 + 1792.0) / 5120.0);
}

// MPSL channel_map: the identity mapping is an active light, all zeros an inactive one (and any
// non-zero byte counts as active: the reader does not reject other maps).
TEST(RgmMpsl, ActiveWhenTheChannelMapIsNotAllZero) {
    RgmMpsl light;
    EXPECT_FALSE(rgmMpslActive(light));
    light.channelMap = {0, 1, 2, 3, 4, 5, 6, 7};
    EXPECT_TRUE(rgmMpslActive(light));
    light.channelMap = {0, 0, 0, 0, 0, 0, 0, 9};
    EXPECT_TRUE(rgmMpslActive(light));
}

// RAHD visibility_flags: byte 0x79 the LOD bypass, byte 0x7B the threshold mode; the other two
// bytes mean nothing to either.
TEST(RgmActor, VisibilityBytesAreTheDecodedOnes) {
    RgmActor a;
    EXPECT_FALSE(rgmActorAlwaysVisible(a));
    EXPECT_FALSE(rgmActorDynamicLod(a));
    a.visibilityFlags = {0, 5, 0, 7};
    EXPECT_FALSE(rgmActorAlwaysVisible(a));
    EXPECT_FALSE(rgmActorDynamicLod(a));
    a.visibilityFlags = {1, 0, 0, 0};
    EXPECT_TRUE(rgmActorAlwaysVisible(a));
    a.visibilityFlags = {0, 0, 2, 0};
    EXPECT_TRUE(rgmActorDynamicLod(a));
}

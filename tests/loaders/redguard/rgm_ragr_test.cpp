#include "loaders/redguard/ragr.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;

// Packed values worked out by hand from the reference's bit layouts.
TEST(RgmRagr, ShowFrameMatchesTheReferenceByteFormula) {
    // bytes 30 80 FD: handle = (0x30 >> 4) | ((0x80 & 0x3F) << 4) = 3;
    // vertex = (0x80 >> 6) | (0xFD << 2) = 0x3F6 -> -10.
    RagrCommand c = decodeRagrCommand(packRagrBytes(0x30, 0x80, 0xFD));
    EXPECT_EQ(c.opcode, 0);
    EXPECT_EQ(c.params, (std::array<std::int32_t, 3>{3, -10, 0}));
    EXPECT_EQ(kRagrOpcodes[0].name, "ShowFrame");
}

TEST(RgmRagr, EveryLayoutDecodesSignedFields) {
    // 20-bit: GoToPrevious -4 = 2 | (0xFFFFC << 4).
    EXPECT_EQ(decodeRagrCommand(0xFFFFC2).params, (std::array<std::int32_t, 3>{-4, 0, 0}));
    // 6+6+6: SetRotationXYZ (1, -1, 31) = 6 | 1 << 4 | 0x3F << 10 | 31 << 16.
    EXPECT_EQ(decodeRagrCommand(0x1FFC16).params, (std::array<std::int32_t, 3>{1, -1, 31}));
    // 2+18: SetRotationAxis axis 2, value -1 = 7 | 2 << 4 | 0x3FFFF << 6.
    EXPECT_EQ(decodeRagrCommand(0xFFFFE7).params, (std::array<std::int32_t, 3>{2, -1, 0}));
    // 6+7+7: Transition mask 3, start -2, target 10 = 0xF | 3 << 4 | 0x7E << 10 | 10 << 17.
    EXPECT_EQ(decodeRagrCommand(0x15F83F).params, (std::array<std::int32_t, 3>{3, -2, 10}));
    // 10+10 with both extremes: PlaySound (-512, 511).
    EXPECT_EQ(decodeRagrCommand(4 | (0x200 << 4) | (0x1FF << 14)).params,
              (std::array<std::int32_t, 3>{-512, 511, 0}));
}

TEST(RgmRagr, LayoutTableFollowsTheReference) {
    for (int op : {0, 4, 10})
        EXPECT_EQ(kRagrOpcodes[op].layout, RagrLayout::Split10x10) << op;
    for (int op : {6, 8})
        EXPECT_EQ(kRagrOpcodes[op].layout, RagrLayout::Split6x6x6) << op;
    for (int op : {7, 9})
        EXPECT_EQ(kRagrOpcodes[op].layout, RagrLayout::Axis2x18) << op;
    EXPECT_EQ(kRagrOpcodes[15].layout, RagrLayout::Split6x7x7);
    for (int op : {1, 2, 3, 5, 11, 12, 13, 14})
        EXPECT_EQ(kRagrOpcodes[op].layout, RagrLayout::Value20) << op;
}

TEST(RgmRagr, EncodeIsTheInverseForEvery24BitValueSampled) {
    for (std::uint32_t v = 0; v < (1u << 24); v += 4099) {
        // 6+6+6 covers bits 4..21 only; bits 22-23 are not a parameter (the packed value keeps them).
        bool sixes = kRagrOpcodes[v & 0x0F].layout == RagrLayout::Split6x6x6;
        EXPECT_EQ(encodeRagrCommand(decodeRagrCommand(v)), sixes ? v & 0x3FFFFFu : v) << v;
    }
    RagrCommand c{15, {63, -64, 63}};
    EXPECT_EQ(decodeRagrCommand(encodeRagrCommand(c)), c);
}

#include "base/error.h"
#include "loaders/bytes.h"
#include "loaders/file_io.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <filesystem>

using rgx::Error;
using rgx::loaders::ByteReader;
using rgx::loaders::Bytes;
using rgx::loaders::ByteWriter;

TEST(ByteReader, ReadsLittleAndBigEndian) {
    const Bytes b = {0x01, 0x02, 0x03, 0x04, 0xFF, 0xFE, 0x00, 0x00, 0x80, 0x3F, 'E', 'N', 'D', ' '};
    ByteReader r(b, "x");
    EXPECT_EQ(r.u32be("be"), 0x01020304u);
    EXPECT_EQ(r.i16("i16"), -257); // 0xFEFF
    EXPECT_EQ(r.u16("u16"), 0u);
    r.seek(4, "seek");
    EXPECT_EQ(r.u16be("be16"), 0xFFFEu);
    r.seek(6, "seek");
    EXPECT_EQ(r.f32("f32"), 1.0f);
    EXPECT_EQ(r.tag("tag"), "END ");
    EXPECT_TRUE(r.atEnd());
}

TEST(ByteReader, RejectTruncatedReadNamesAbsoluteOffsetAndField) {
    const Bytes b(10, 0);
    ByteReader whole(b, "f.bin", 0);
    ByteReader r = whole.sub(4, 6, "segment");
    r.skip(4, "head");
    try {
        r.u32("segment size");
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(e.path(), "f.bin");
        EXPECT_EQ(e.offset(), 8u); // 4 (sub base) + 4 (position)
        EXPECT_EQ(e.field(), "segment size");
        EXPECT_NE(std::string(e.what()).find("truncated"), std::string::npos);
    }
}

TEST(ByteReader, RejectCountsLargerThanRemainingBytes) {
    const Bytes b(16, 0);
    ByteReader r(b, "f");
    EXPECT_EQ(r.checkCount(4, 4, "n"), 4u);
    EXPECT_THROW(r.checkCount(5, 4, "n"), Error);
    EXPECT_THROW(r.checkCount(0xFFFFFFFFFFFFFFFFull, 12, "n"), Error);
    EXPECT_THROW(r.seek(17, "offset"), Error);
    EXPECT_THROW(r.sub(8, 9, "range"), Error);
    EXPECT_THROW(r.sub(~std::size_t{0}, 2, "range"), Error);
    EXPECT_NO_THROW(r.sub(16, 0, "range"));
}

TEST(ByteReader, FixedStringStopsAtNul) {
    const Bytes b = {'P', 'A', 'L', 'M', 0, 'x', 'y', 'z'};
    ByteReader r(b, "f");
    EXPECT_EQ(r.fixedString(8, "name"), "PALM");
    EXPECT_EQ(r.pos(), 8u);
}

TEST(ByteWriter, InverseOfReader) {
    ByteWriter w;
    w.u8(7);
    w.i16(-2);
    w.u32(0xDEADBEEF);
    w.u32be(0x01020304);
    w.f32(-0.5f);
    w.fixedString("ROPE", 8);
    w.tag("END ");
    w.patchU32(3, 0xCAFEF00D);
    ByteReader r(w.bytes(), "w");
    EXPECT_EQ(r.u8("a"), 7);
    EXPECT_EQ(r.i16("b"), -2);
    EXPECT_EQ(r.u32("c"), 0xCAFEF00Du);
    EXPECT_EQ(r.u32be("d"), 0x01020304u);
    EXPECT_EQ(r.f32("e"), -0.5f);
    EXPECT_EQ(r.fixedString(8, "f"), "ROPE");
    EXPECT_EQ(r.tag("g"), "END ");
    EXPECT_TRUE(r.atEnd());
}

TEST(FileIo, RoundTripAndMissingFileError) {
    auto dir = rgx::testing::scratchDir("rgx_file_io_test");
    auto file = dir / "sub" / "a.bin";
    const Bytes b = {1, 2, 3};
    rgx::loaders::writeFile(file, b);
    EXPECT_EQ(rgx::loaders::readFile(file), b);
    std::filesystem::remove_all(dir);
    try {
        rgx::loaders::readFile(file);
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(e.path(), file.string());
        EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos);
    }
}

// The one error type and its warnings (base/error.h).
#include "base/error.h"

#include <gtest/gtest.h>

using rgx::Error;

TEST(Error, FormatsPathOffsetFieldAndMessage) {
    Error e("maps/ISLAND.RGM", 0x1a2, "MPOB count", "too large");
    EXPECT_STREQ(e.what(), "maps/ISLAND.RGM: offset 0x1a2: MPOB count: too large");
    EXPECT_EQ(e.path(), "maps/ISLAND.RGM");
    EXPECT_EQ(e.offset(), 0x1a2u);
    EXPECT_EQ(e.field(), "MPOB count");
    EXPECT_EQ(Error("a.rob", Error::kNoOffset, "", "cannot open").what(), std::string("a.rob: cannot open"));
    EXPECT_EQ(std::string(e.withPath("other").what()), "other: offset 0x1a2: MPOB count: too large");
}

TEST(Warning, TextHasTheErrorsParts) {
    const rgx::Warning w{"a.rob", 0x10, "frame count", "beyond the reference"};
    EXPECT_EQ(w.text(), "a.rob: offset 0x10: frame count: beyond the reference");
    std::vector<std::string> lines{"first"};
    rgx::appendWarningTexts(lines, {w, {"b.col", Error::kNoOffset, "", "short"}});
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[2], "b.col: short");
}

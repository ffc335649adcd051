// The one pattern for enum names (loaders/enum_names.h): name by value, value by name, the list an
// error message shows, and a value past the table.

#include "loaders/enum_names.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace rgx::loaders {
namespace {

enum class Colour : std::uint8_t { Red, Green, Blue };
constexpr EnumNames<Colour, 3> kColours{{"red", "green", "blue"}};

TEST(EnumNames, NameValueAndList) {
    EXPECT_EQ(std::string(kColours.name(Colour::Green)), "green");
    EXPECT_EQ(std::string(kColours.name(static_cast<Colour>(7))), "unknown");
    EXPECT_EQ(std::string(kColours.name(static_cast<Colour>(7), "red")), "red");
    EXPECT_EQ(kColours.find("blue"), Colour::Blue);
    EXPECT_FALSE(kColours.find("Blue").has_value()) << "exact names";
    EXPECT_FALSE(kColours.find("").has_value());
    EXPECT_EQ(kColours.list(), "red, green or blue");
    static_assert(kColours.find("red") == Colour::Red, "usable at compile time");
}

} // namespace
} // namespace rgx::loaders

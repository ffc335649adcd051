// The Riot Engine's class records (loaders/drakan/class_record.h): an RFL reference, a group name
// and a class of five fields (integer, float, model, string, integer array) laid out by hand from
// the text's "Class format", each field's value described by hand; round trips, Reject* cases,
// warnings and a mutation run of the fuzz target.
#include "loaders/drakan/class_record.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/le_bytes.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string_view>

using namespace rgx::loaders;
using namespace rgx::loaders::drakan;
using rgx::testing::put16;
using rgx::testing::put32;

RGX_DECLARE_FUZZ_TARGET(drakan_class);

namespace {

// A string as the text stores it: u16 length, padded to even with one 0 (counted).
void putString(Bytes& b, std::string_view s) {
    const std::size_t padded = s.size() + s.size() % 2;
    put16(b, static_cast<std::uint16_t>(padded));
    b.insert(b.end(), s.begin(), s.end());
    if (padded != s.size()) b.push_back(0);
}

std::uint32_t floatBits(float f) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, 4);
    return bits;
}

// The class "Door": group 2, model 7 of database 1, RFL class 0x10, icon 3; five fields and ten
// dwords. Slot 3 (the string) is (offset 5, length 2): "Hello" in dwords 5 and 6; slot 4 (the
// array) is (offset 7, length 3): 10, -1, 300 in dwords 7..9.
Bytes doorClass() {
    Bytes b;
    putString(b, "Door");  // 0..5
    put16(b, 2);           // 6: group
    put16(b, 7);           // 8: model id
    put16(b, 1);           // 10: model database
    put16(b, 0x10);        // 12: rfl class id
    put16(b, 3);           // 14: icon
    put32(b, 5);           // 16: number_of_fields
    put32(b, 10);          // 20: dword count
    put32(b, 0xFFFFFFFBu); // 24: Health = -5
    put32(b, floatBits(2.5f));
    put32(b, 0x00020007u); // Model: id 7 (low half), database 2 (high half)
    put32(b, 0x00020005u); // Text: offset 5 (low half), length 2
    put32(b, 0x00030007u); // Values: offset 7, length 3
    put32(b, 0x6C6C6548u); // "Hell"
    put32(b, 0x0000006Fu); // "o", NUL padded
    put32(b, 10);
    put32(b, 0xFFFFFFFFu);
    put32(b, 300);
    for (const auto& [type, name] : {std::pair<std::uint32_t, std::string_view>{0x01, "Health"},
                                     {0x02, "Speed"},
                                     {0x04, "Model"},
                                     {0x0a, "Text"},
                                     {0x1001, "Values"}}) {
        put32(b, type); // 64.. the definitions
        putString(b, name);
    }
    return b;
}

constexpr std::size_t kDefinitionsAt = 64;

TEST(DrakanClass, AClassAndItsFieldsByHand) {
    const ClassRecord c = rgx::testing::readQuietly(
        "door", [](rgx::Warnings* w) { return readClassRecord(doorClass(), "c.odb", w); });
    EXPECT_EQ(c.name, "Door");
    EXPECT_EQ(c.group, 2);
    EXPECT_EQ(c.model, (RecordRef{7, 1}));
    EXPECT_EQ(c.rflClassId, 0x10);
    EXPECT_EQ(c.icon, 3);
    ASSERT_EQ(c.data.size(), 10u);
    ASSERT_EQ(c.fields.size(), 5u);
    EXPECT_EQ(c.fields[1], (FieldDefinition{0x02, "Speed"})); // the pad byte dropped
    EXPECT_EQ(c.fields[4].type, 0x1001u);
    EXPECT_TRUE(c.fields[3].indirect());
    EXPECT_TRUE(c.fields[4].indirect());
    EXPECT_FALSE(c.fields[2].indirect());
    EXPECT_EQ(c.fields[2].baseType(), FieldType::Model);

    // Each field's value, worked out from the bytes above.
    EXPECT_EQ(describeFieldValue(c.fields[0], c.data, 0), "-5");
    EXPECT_EQ(describeFieldValue(c.fields[1], c.data, 1), "2.5");
    EXPECT_EQ(describeFieldValue(c.fields[2], c.data, 2), "7 in database 2");
    EXPECT_EQ(fieldRef(c.data[2]), (RecordRef{7, 2}));
    EXPECT_EQ(describeFieldValue(c.fields[3], c.data, 3), "\"Hello\"");
    EXPECT_EQ(describeFieldValue(c.fields[4], c.data, 4), "[3 items: 10, -1, 300]");
    EXPECT_EQ(writeClassRecord(c), doorClass());
}

TEST(DrakanClass, FieldTypesAndValues) {
    EXPECT_EQ(fieldTypeName(0x01), "integer");
    EXPECT_EQ(fieldTypeName(0x0a), "string");
    EXPECT_EQ(fieldTypeName(0x0f), "colour");
    EXPECT_EQ(fieldTypeName(0x1004), "model array");
    EXPECT_EQ(fieldTypeName(0x0d), "type 0x0d");
    EXPECT_EQ(fieldTypeName(0x2003), "class (0x00002003)");
    const std::vector<std::uint32_t> data = {0xFF102030u, 1, 0, 7, 0x00050002u, 0x00000003u, 0x00030009u};
    EXPECT_EQ(describeFieldValue({0x0f, "c"}, data, 0), "#102030"); // ARGB, the alpha dropped
    EXPECT_EQ(describeFieldValue({0x06, "b"}, data, 1), "true");
    EXPECT_EQ(describeFieldValue({0x06, "b"}, data, 2), "false");
    EXPECT_EQ(describeFieldValue({0x07, "e"}, data, 3), "7");
    EXPECT_EQ(describeFieldValue({0x03, "c"}, data, 2), "none");
    EXPECT_EQ(describeFieldValue({0x0e, "t"}, data, 4), "2 in database 5");
    EXPECT_EQ(describeFieldValue({0x1004, "m"}, data, 5), "[0 items]"); // offset 3, length 0
    // Past the data: a slot, an array running past the end (offset 9, length 3 of 7 dwords).
    EXPECT_EQ(describeFieldValue({0x01, "i"}, data, 7), "(past the data)");
    EXPECT_EQ(describeFieldValue({0x1001, "a"}, data, 6), "(past the data)");
    // More than four items: the first four and "...".
    const std::vector<std::uint32_t> many = {0x00050001u, 1, 2, 3, 4, 5};
    EXPECT_EQ(describeFieldValue({0x1001, "a"}, many, 0), "[5 items: 1, 2, 3, 4, ...]");
    // A string filling its dwords has no NUL.
    const std::vector<std::uint32_t> full = {0x00010001u, 0x64636261u};
    EXPECT_EQ(describeFieldValue({0x0a, "s"}, full, 0), "\"abcd\"");
}

TEST(DrakanClass, RflReferenceAndGroupName) {
    Bytes rfl = {1, 2, 3, 4, 5, 6, 7, 8};
    putString(rfl, "Dragon.rfl");
    const RflReference ref = readRflReference(rfl, "c.odb");
    EXPECT_EQ(ref.unknown, (std::array<std::uint8_t, 8>{1, 2, 3, 4, 5, 6, 7, 8}));
    EXPECT_EQ(ref.path, "Dragon.rfl");
    EXPECT_EQ(writeRflReference(ref), rfl);
    Bytes group;
    putString(group, "Doors");
    EXPECT_EQ(readGroupName(group, "c.odb"), "Doors");
    EXPECT_EQ(writeGroupName("Doors"), group);
}

TEST(DrakanClass, RejectWhatCannotBeRead) {
    using rgx::testing::throwsAt;
    Bytes huge = doorClass();
    huge[23] = 0x40; // 0x4000000a dwords
    EXPECT_TRUE(throwsAt([&] { readClassRecord(huge, "c"); }, 24, "class dword count", "exceeds"));
    Bytes fields = doorClass();
    fields[19] = 0x40; // 0x40000005 fields, checked when the definitions start
    EXPECT_TRUE(
        throwsAt([&] { readClassRecord(fields, "c"); }, kDefinitionsAt, "field definition count", "exceeds"));
    Bytes cut = doorClass();
    cut.resize(cut.size() - 3); // into "Values"
    EXPECT_TRUE(throwsAt([&] { readClassRecord(cut, "c"); }, cut.size() - 3, "field name", "truncated"));
    EXPECT_TRUE(throwsAt(
        [] {
            readRflReference(Bytes{1, 2, 3}, "c");
        },
        0, "rfl reference unknown", "truncated"));
    // No prefix of the class reads as a whole one.
    const Bytes whole = doorClass();
    for (std::size_t n = 0; n < whole.size(); ++n)
        EXPECT_TRUE(rgx::testing::prefixIsNotWhole(
            [&](rgx::Warnings* w) { readClassRecord(ByteSpan(whole).first(n), "c", w); }, n));
}

TEST(DrakanClass, DeparturesAreWarnings) {
    rgx::Warnings w;
    Bytes trailing = doorClass();
    trailing.push_back(9);
    const ClassRecord c = readClassRecord(trailing, "c", &w);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, trailing.size() - 1, "class trailing", "1 bytes after"));
    EXPECT_EQ(writeClassRecord(c), doorClass());
    // Five fields in two dwords: the data area is short (read, and said).
    w.clear();
    Bytes shortData;
    putString(shortData, "X");
    for (int i = 0; i < 5; ++i)
        put16(shortData, 0);
    put32(shortData, 1); // 14: one field
    put32(shortData, 0); // 18: no dwords
    put32(shortData, 1);
    putString(shortData, "I");
    const ClassRecord s = readClassRecord(shortData, "c", &w);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 18, "class dword count", "0 dwords for 1 fields"));
    EXPECT_EQ(describeFieldValue(s.fields[0], s.data, 0), "(past the data)");
    // An odd string length (the text: always even).
    w.clear();
    Bytes odd;
    put16(odd, 3);
    odd.insert(odd.end(), {'A', 'b', 'c'});
    EXPECT_EQ(readGroupName(odd, "c", &w), "Abc");
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 0, "group name", "odd length 3"));
}

constexpr std::size_t kMinAccepted_drakan_class = 300;

TEST(DrakanClassFuzz, MutatedWriterOutputNeverCrashes) {
    Bytes rfl = {1, 2, 3, 4, 5, 6, 7, 8};
    putString(rfl, "Dragon.rfl");
    const std::vector<Bytes> seeds = {doorClass(), rfl};
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("drakan_class", seeds, rgxFuzz_drakan_class, 3000, kMinAccepted_drakan_class);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}

} // namespace

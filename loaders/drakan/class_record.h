#pragma once
// The Riot Engine's class records (../shared/spec/riot-engine-srsc.txt "Class (0x0100 - 0x0102)"
// and "Class format"; docs/formats/drakan_srsc.md "Classes"): a class database (.odb) holds the
// Riot Function Library reference (0x0100), class groups (0x0101) and one class record (0x0102) a
// class, its id the class's id. A class names its model (a ref into the model database) and holds
// its fields: a data area of dwords, one a field in definition order, then the definitions (type,
// name). A string or array field's dword is (u16 offset, u16 length) in dwords into the data area.
// Level objects (level.h) hold the same fields, only those they change, with their indices.
//
// Reading policy: a body shorter than its counts say is an error; a data area shorter than its
// fields, bytes after the fields and an odd string length are warnings (kept).

#include "loaders/bytes.h"
#include "loaders/drakan/db_definition.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::loaders::drakan {

inline constexpr std::uint16_t kRflReferenceRecord = 0x0100, kClassGroupRecord = 0x0101,
                               kClassRecord = 0x0102;

// A field's base type: the low byte of its type word (the text's list).
enum class FieldType : std::uint8_t {
    Integer = 0x01,
    Float = 0x02,
    Class = 0x03,
    Model = 0x04,
    Sound = 0x05,
    Boolean = 0x06,
    Enum = 0x07,
    Channel = 0x08,
    Animation = 0x09,
    String = 0x0a,
    Sequence = 0x0b,
    Layer = 0x0c,
    Unknown0d = 0x0d,
    Texture = 0x0e,
    Colour = 0x0f,
};
inline constexpr std::uint32_t kFieldArrayFlag = 0x1000; // the second byte 0x10: an array

struct FieldDefinition {
    std::uint32_t type = 0; // the whole type word, as stored
    std::string name;
    FieldType baseType() const { return static_cast<FieldType>(type & 0xFF); }
    // An array (0x1000), or a string (stored as an array of dwords).
    bool indirect() const { return (type & kFieldArrayFlag) != 0 || baseType() == FieldType::String; }
    bool operator==(const FieldDefinition&) const = default;
};

// "integer", "float", "class", "model", ..., "colour"; "type 0x.." for another.
std::string fieldTypeName(std::uint32_t type);

// The value of the field at dword `slot` of `data` for people: an integer (signed), a float, a
// reference ("3 in database 1"; "none" for 0), a boolean ("false", "true"), an enum, channel or
// layer as its number, a colour as #RRGGBB (the alpha byte dropped), a string in quotes (up to its
// first NUL), an array as "[n items: a, b, c, d, ...]" (its first four items); "(past the data)"
// when the slot or its string or array lies outside the data.
std::string describeFieldValue(const FieldDefinition& field, const std::vector<std::uint32_t>& data,
                               std::size_t slot);
// A reference-typed field's value (class, model, sound, animation, sequence, texture): the low
// u16 the id, the high u16 the database (as a `ref` is stored).
RecordRef fieldRef(std::uint32_t dword);

struct RflReference {
    std::array<std::uint8_t, 8> unknown{}; // kept as stored
    std::string path;                      // "Dragon.rfl" in Drakan
    bool operator==(const RflReference&) const = default;
};

struct ClassRecord {
    std::string name;
    std::uint16_t group = 0; // the text: equal to the record's group id
    RecordRef model;         // id 0: none
    std::uint16_t rflClassId = 0;
    std::uint16_t icon = 0;
    std::vector<std::uint32_t> data;     // the data area, dwords
    std::vector<FieldDefinition> fields; // one a field, the field's value at data[index]
    bool operator==(const ClassRecord&) const = default;
};

RflReference readRflReference(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
Bytes writeRflReference(const RflReference& reference);
// A group record's body (0x0101 classes, 0x0201 models, 0x0301 sounds, 0x0312/0x0313 sequences):
// its name.
std::string readGroupName(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
Bytes writeGroupName(const std::string& name);
// name, u16 group, ref model, u16 rfl class id, u16 icon, u32 field count, u32 dword count, the
// dwords, then field count x (u32 type, string name). (Field count first: the text's
// `uint32 number_of_fields; uint32[uint32] field_value_data`; a level object's are swapped.)
ClassRecord readClassRecord(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
Bytes writeClassRecord(const ClassRecord& record);

// Field definitions: count x (u32 type, string name), as classes and level objects store them.
// The count is checked against the bytes left (6 a definition at least) before anything is
// allocated; a body shorter than the definitions throws rgx::Error naming the field.
std::vector<FieldDefinition> readFieldDefinitions(ByteReader& r, std::uint32_t count);
void writeFieldDefinitions(ByteWriter& w, const std::vector<FieldDefinition>& fields);

} // namespace rgx::loaders::drakan

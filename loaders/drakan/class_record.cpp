#include "loaders/drakan/class_record.h"

#include "loaders/drakan/riot_io.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <iterator>

namespace rgx::loaders::drakan {

namespace {

constexpr std::size_t kArrayItemsShown = 4; // describeFieldValue lists this many items of an array

std::string hex(std::uint32_t v, int digits) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%0*x", digits, static_cast<unsigned>(v));
    return buf;
}

std::string floatText(float f) {
    char buf[32];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, f);
    return std::string(buf, r.ptr);
}

bool isReference(FieldType t) {
    return t == FieldType::Class || t == FieldType::Model || t == FieldType::Sound ||
           t == FieldType::Animation || t == FieldType::Sequence || t == FieldType::Texture;
}

// One dword of `type` (a field's value, or an item of an array field).
std::string describeDword(FieldType type, std::uint32_t dword) {
    if (isReference(type)) {
        if (dword == 0) return "none";
        const RecordRef ref = fieldRef(dword);
        return std::to_string(ref.id) + " in database " + std::to_string(ref.database);
    }
    switch (type) {
    case FieldType::Integer:
        return std::to_string(static_cast<std::int32_t>(dword));
    case FieldType::Float: {
        float f;
        std::memcpy(&f, &dword, 4);
        return floatText(f);
    }
    case FieldType::Boolean:
        return dword == 0 ? "false" : dword == 1 ? "true" : "true (" + std::to_string(dword) + ")";
    case FieldType::Enum:
    case FieldType::Channel:
    case FieldType::Layer:
        return std::to_string(dword);
    case FieldType::Colour: { // ARGB: the alpha byte is dropped
        char buf[8];
        std::snprintf(buf, sizeof buf, "#%06X", static_cast<unsigned>(dword & 0xFFFFFF));
        return buf;
    }
    default: // a string's (offset, length) inside an array, or a type the text does not know
        return hex(dword, 8);
    }
}

} // namespace

std::string fieldTypeName(std::uint32_t type) {
    static constexpr const char* kNames[] = {
        nullptr,   "integer",   "float",  "class",    "model", "sound", "boolean", "enum",
        "channel", "animation", "string", "sequence", "layer", nullptr, "texture", "colour"};
    const std::uint32_t base = type & 0xFF;
    std::string name = base < std::size(kNames) && kNames[base] ? kNames[base] : "type " + hex(base, 2);
    if (type & kFieldArrayFlag) name += " array";
    // The text's other second-byte values (0x20..0x50, seen on class fields) are not understood.
    if (type & ~(0xFFu | kFieldArrayFlag)) name += " (" + hex(type, 8) + ")";
    return name;
}

RecordRef fieldRef(std::uint32_t dword) {
    return {static_cast<std::uint16_t>(dword & 0xFFFF), static_cast<std::uint16_t>(dword >> 16)};
}

std::string describeFieldValue(const FieldDefinition& field, const std::vector<std::uint32_t>& data,
                               std::size_t slot) {
    if (slot >= data.size()) return "(past the data)";
    const std::uint32_t dword = data[slot];
    if (!field.indirect()) return describeDword(field.baseType(), dword);
    const std::size_t offset = dword & 0xFFFF, length = dword >> 16;
    if (offset > data.size() || length > data.size() - offset) return "(past the data)";
    if ((field.type & kFieldArrayFlag) == 0) { // a string: its bytes packed into the dwords, NUL padded
        std::string s;
        for (std::size_t i = 0; i < length * 4; ++i) {
            const char c = static_cast<char>(data[offset + i / 4] >> (8 * (i % 4)));
            if (c == '\0') break;
            s += c;
        }
        return "\"" + s + "\"";
    }
    // Appended piece by piece: GCC 12 takes "[" + std::to_string(..) for an overlapping memcpy.
    std::string out = "[";
    out += std::to_string(length);
    out += length == 1 ? " item" : " items";
    for (std::size_t i = 0; i < length && i < kArrayItemsShown; ++i) {
        out += i == 0 ? ": " : ", ";
        out += describeDword(field.baseType(), data[offset + i]);
    }
    if (length > kArrayItemsShown) out += ", ...";
    return out + "]";
}

std::vector<FieldDefinition> readFieldDefinitions(ByteReader& r, std::uint32_t count) {
    r.checkCount(count, 6, "field definition count"); // each at least its type and a string length
    std::vector<FieldDefinition> fields(count);
    for (FieldDefinition& f : fields) {
        f.type = r.u32("field type");
        f.name = readRiotString(r, "field name");
    }
    return fields;
}

void writeFieldDefinitions(ByteWriter& w, const std::vector<FieldDefinition>& fields) {
    for (const FieldDefinition& f : fields) {
        w.u32(f.type);
        writeRiotString(w, f.name);
    }
}

RflReference readRflReference(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    RflReference ref;
    const ByteSpan unknown = r.bytes(ref.unknown.size(), "rfl reference unknown");
    std::copy(unknown.begin(), unknown.end(), ref.unknown.begin());
    ref.path = readRiotString(r, "rfl reference path");
    warnTrailing(r, "rfl reference trailing");
    return ref;
}

Bytes writeRflReference(const RflReference& reference) {
    ByteWriter w;
    w.bytes(reference.unknown.data(), reference.unknown.size());
    writeRiotString(w, reference.path);
    return w.take();
}

std::string readGroupName(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    std::string name = readRiotString(r, "group name");
    warnTrailing(r, "group name trailing");
    return name;
}

Bytes writeGroupName(const std::string& name) {
    ByteWriter w;
    writeRiotString(w, name);
    return w.take();
}

ClassRecord readClassRecord(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    ClassRecord c;
    c.name = readRiotString(r, "class name");
    c.group = r.u16("class group");
    c.model = readRecordRef(r, "class model");
    c.rflClassId = r.u16("class rfl class id");
    c.icon = r.u16("class icon");
    // Field count first, then the dword count (the text; OpenDrakan's CLASS format agrees; a level
    // object stores them the other way round).
    const std::uint32_t fieldCount = r.u32("class field count");
    const std::size_t dwordsAt = r.pos();
    const std::uint32_t dwordCount = r.u32("class dword count");
    r.checkCount(dwordCount, 4, "class dword count");
    c.data.resize(dwordCount);
    for (std::uint32_t& d : c.data)
        d = r.u32("class field data");
    c.fields = readFieldDefinitions(r, fieldCount);
    if (c.data.size() < c.fields.size())
        r.warnAt(dwordsAt, "class dword count",
                 std::to_string(dwordCount) + " dwords for " + std::to_string(fieldCount) +
                     " fields (one a field at least)");
    warnTrailing(r, "class trailing");
    return c;
}

Bytes writeClassRecord(const ClassRecord& record) {
    ByteWriter w;
    writeRiotString(w, record.name);
    w.u16(record.group);
    writeRecordRef(w, record.model);
    w.u16(record.rflClassId);
    w.u16(record.icon);
    w.u32(static_cast<std::uint32_t>(record.fields.size()));
    w.u32(static_cast<std::uint32_t>(record.data.size()));
    for (const std::uint32_t d : record.data)
        w.u32(d);
    writeFieldDefinitions(w, record.fields);
    return w.take();
}

} // namespace rgx::loaders::drakan

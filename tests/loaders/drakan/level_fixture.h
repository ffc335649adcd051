#pragma once
// A Drakan level laid out by hand from OpenDrakan's doc/lvl_format.txt and its reader (level.h),
// record by record, for the level tests: nothing here goes through loaders/drakan/level.cpp.

#include "loaders/drakan/riot_io.h"
#include "tests/loaders/le_bytes.h"

#include <cstring>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace rgx::testing::dk_level {

using loaders::Bytes;

inline void putFloat(Bytes& b, float f) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, 4);
    put32(b, bits);
}

// A Riot string: u16 length (even: an odd string gets one 0 byte, counted), the bytes.
inline void putString(Bytes& b, const std::string& s) {
    const std::size_t padded = s.size() + s.size() % 2;
    put16(b, static_cast<std::uint16_t>(padded));
    b.insert(b.end(), s.begin(), s.end());
    if (padded != s.size()) b.push_back(0);
}

// 0x0000: "Test", max 64 x 32, two databases: index 1 "..\Common\Classes" (17 bytes, padded to
// 18) and index 3 "Dragon" (6).
inline Bytes infoBody() {
    Bytes b;
    putString(b, "Test");
    put32(b, 64);
    put32(b, 32);
    put32(b, 2);
    put16(b, 1);
    put16(b, 0);
    putString(b, "..\\Common\\Classes");
    put16(b, 3);
    put16(b, 0);
    putString(b, "Dragon");
    return b;
}

// The inflated data of a 2 x 1-cell layer: 3 x 2 vertices, then 2 cells.
//   vertices (x, z): (0,0) type 5, 0x8003 (+6); (1,0) 0x8000; (2,0) 0x7FFF (-2);
//                    (0,1) 0x8010 (+32); (1,1) and (2,1) 0x8000.
//   cell 0: '\' (flags 1), left texture 3 in database 1, right a hole, uv 0 FFFF FFFF 0 FFFF FFFF 0 0
//   cell 1: '/' (flags 0), left invisible, right texture 4 in database 2, uv 1..8
inline Bytes layerData() {
    Bytes b;
    for (const auto& [type, height] : {std::pair{5, 0x8003}, std::pair{0, 0x8000}, std::pair{0, 0x7FFF},
                                       std::pair{0, 0x8010}, std::pair{0, 0x8000}, std::pair{0, 0x8000}}) {
        b.push_back(static_cast<std::uint8_t>(type));
        b.push_back(1);
        put16(b, static_cast<std::uint16_t>(height));
    }
    put16(b, 1);
    for (const std::uint16_t v : {3, 1, 0xFFFF, 0xFFFF, 0, 0xFFFF, 0xFFFF, 0, 0xFFFF, 0xFFFF, 0, 0})
        put16(b, v);
    put16(b, 0);
    for (const std::uint16_t v : {0xFFFE, 0xFFFF, 4, 2, 1, 2, 3, 4, 5, 6, 7, 8})
        put16(b, v);
    return b;
}

// 0x0001: one layer definition (68 bytes from offset 4: id 7, 2 x 1 cells, floor, origin (3, 4),
// world height 100, "Floor", flags 2, light direction 0.5, ascension 0.25, light 0x00112233,
// ambient 0x00445566, dropoff 3, visible layers [0]), the marker at 72, the stream's size at 76 and
// the stream (zlib level 6) at 80.
inline Bytes layersBody(std::uint32_t width = 2, std::uint32_t marker = 1, const Bytes& data = layerData()) {
    Bytes b;
    put32(b, 1);
    put32(b, 7);
    put32(b, width);
    put32(b, 1);
    put32(b, 0);
    put32(b, 3);
    put32(b, 4);
    putFloat(b, 100.0f);
    putString(b, "Floor");
    put32(b, 2);
    putFloat(b, 0.5f);
    putFloat(b, 0.25f);
    put32(b, 0x00112233);
    put32(b, 0x00445566);
    put32(b, 3);
    put32(b, 1);
    put32(b, 0);
    put32(b, marker);
    const Bytes stream = loaders::drakan::deflateZlib(data, 6);
    put32(b, static_cast<std::uint32_t>(stream.size()));
    b.insert(b.end(), stream.begin(), stream.end());
    return b;
}
inline constexpr std::size_t kMarkerAt = 72, kStreamSizeAt = 76, kStreamAt = 80;

// 0x0002: one group "Group" (padded to 6) of layer id 7.
inline Bytes groupsBody() {
    Bytes b;
    put32(b, 1);
    putString(b, "Group");
    put32(b, 1);
    put32(b, 7);
    return b;
}

// 0x0020: two objects.
//   at 2: id 10, class 5 in database 1, lighting layer 7, at (1, 2, 3), visible, no events, one link
//         (object 1), rotation (0, 90, 180), not scaled; 3 dwords (42, 1.0f, 7), 2 fields: indices
//         4 and 9, (0x01 "Health"), (0x02 "Speed", padded to 6). 88 bytes.
//   at 90: id 11, class 6 in database 1, lighting layer 0, at (-5, 0, 10), visible and scaled
//         (0x101), 2 initial events, no links, rotation (10, 20, 30), scale (2, 3, 4), no fields.
inline Bytes objectsBody() {
    Bytes b;
    put16(b, 2);
    put32(b, 10);
    put16(b, 5);
    put16(b, 1);
    put32(b, 7);
    for (const float f : {1.0f, 2.0f, 3.0f})
        putFloat(b, f);
    put32(b, 0x01);
    put16(b, 0);
    put16(b, 1);
    put16(b, 1);
    for (const std::uint16_t r : {0, 90, 180})
        put16(b, r);
    put32(b, 3); // dwords first in objects
    put32(b, 2);
    put32(b, 42);
    putFloat(b, 1.0f);
    put32(b, 7);
    put16(b, 4);
    put16(b, 9);
    put32(b, 0x01);
    putString(b, "Health");
    put32(b, 0x02);
    putString(b, "Speed");

    put32(b, 11);
    put16(b, 6);
    put16(b, 1);
    put32(b, 0);
    for (const float f : {-5.0f, 0.0f, 10.0f})
        putFloat(b, f);
    put32(b, 0x101);
    put16(b, 2);
    put16(b, 0);
    for (const std::uint16_t r : {10, 20, 30})
        put16(b, r);
    for (const float f : {2.0f, 3.0f, 4.0f})
        putFloat(b, f);
    put32(b, 0);
    put32(b, 0);
    return b;
}
inline constexpr std::size_t kSecondObjectAt = 90;

struct Record {
    std::uint16_t type;
    Bytes body;
};

// An SRSC container by hand: "SRSC", version 0x0100, the directory's offset, the count, the
// bodies back to back from 12, then 14 bytes a record (type, id 0, group 0, offset, size).
inline Bytes container(const std::vector<Record>& records) {
    Bytes b = {'S', 'R', 'S', 'C'};
    put16(b, 0x0100);
    std::uint32_t directory = 12;
    for (const Record& r : records)
        directory += static_cast<std::uint32_t>(r.body.size());
    put32(b, directory);
    put16(b, static_cast<std::uint16_t>(records.size()));
    for (const Record& r : records)
        b.insert(b.end(), r.body.begin(), r.body.end());
    std::uint32_t offset = 12;
    for (const Record& r : records) {
        put16(b, r.type);
        put16(b, 0);
        put16(b, 0);
        put32(b, offset);
        put32(b, static_cast<std::uint32_t>(r.body.size()));
        offset += static_cast<std::uint32_t>(r.body.size());
    }
    return b;
}

// The whole level: 0x0000, 0x0001, 0x0002, 0x0020 in that order (as writeLevel lays them out).
inline Bytes levelFile() {
    return container(
        {{0x0000, infoBody()}, {0x0001, layersBody()}, {0x0002, groupsBody()}, {0x0020, objectsBody()}});
}

} // namespace rgx::testing::dk_level

#pragma once
// A small RGM built byte by byte from the reference tables (not by the writer under test), shared
// by the RGM loader and `rgx info` tests. Values worked out by hand are in the comments.

#include "loaders/bytes.h"

#include <initializer_list>
#include <string>

namespace rgm_fixture {

using rgx::loaders::Bytes;

struct Hand {
    Bytes b;
    Hand& u8(std::initializer_list<int> v) {
        for (int x : v)
            b.push_back(static_cast<std::uint8_t>(x));
        return *this;
    }
    Hand& le16(int v) { return u8({v & 0xFF, (v >> 8) & 0xFF}); }
    Hand& le32(std::uint32_t v) {
        return u8({int(v & 0xFF), int((v >> 8) & 0xFF), int((v >> 16) & 0xFF), int((v >> 24) & 0xFF)});
    }
    Hand& zeros(std::size_t n) {
        b.insert(b.end(), n, 0);
        return *this;
    }
    Hand& text(const std::string& s, std::size_t field) {
        for (char c : s)
            b.push_back(static_cast<std::uint8_t>(c));
        return zeros(field - s.size());
    }
    // Section header: tag + big-endian length.
    Hand& section(const char* tag, std::uint32_t length) {
        for (int i = 0; i < 4; ++i)
            b.push_back(static_cast<std::uint8_t>(tag[i]));
        return u8(
            {int(length >> 24), int((length >> 16) & 0xFF), int((length >> 8) & 0xFF), int(length & 0xFF)});
    }
};

// Section offsets: RGMD @0 (len 4), MPOB @12 (len 70), MPSO @90 (len 70), MPSF @168 (len 28),
// RAHD @204 (len 173), RAAN @385 (len 46), RAGR @439 (len 31), ZZZZ @478 (len 3), END @489.
inline Bytes handBuiltRgm() {
    Hand h;
    h.section("RGMD", 4).le32(0x12345678);

    // MPOB: 1 record. pos x=-100 (9C FF FF), y=200, z=0x00FFFF; angles 512, 3072, 0.
    h.section("MPOB", 4 + 66).le32(1);
    h.le32(7).u8({1, 1}).text("FAVIS", 9).zeros(9).u8({0}).le16(0);
    h.u8({0x9C, 0xFF, 0xFF, 0}).u8({0xC8, 0, 0, 0}).u8({0xFF, 0xFF, 0x00});
    h.le32(512).le32(3072).le32(0).zeros(16);

    // MPSO: 1 record. pos x=10, y=0, z=5; matrix m1 = 1.0, m3 = -1.0, m8 = 1.0 (Q4.28).
    h.section("MPSO", 4 + 66).le32(1);
    h.le32(3).text("TREE01", 12).u8({10, 0, 0, 0}).u8({0, 0, 0, 0}).u8({5, 0, 0, 0});
    h.le32(0).le32(0x10000000).le32(0).le32(0xF0000000).le32(0).le32(0).le32(0).le32(0).le32(0x10000000);
    h.u8({0, 0});

    // MPSF: 1 flat, texture_data = (42 << 7) | 3.
    h.section("MPSF", 4 + 24).le32(1);
    h.le32(9).le32(0).u8({1, 0, 0, 0}).u8({2, 0, 0, 0}).u8({3, 0, 0, 0}).le16((42 << 7) | 3).le16(0);

    // RAHD: 1 actor FAVIS with raan_count 2 at raan_offset 21 (the second RAAN entry).
    h.section("RAHD", 8 + 165).le32(1).u8({0x1B, 0x80, 0x37, 0x00});
    std::size_t rec = h.b.size();
    h.zeros(165);
    auto put32 = [&](std::size_t off, std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            h.b[rec + off + i] = static_cast<std::uint8_t>(v >> (8 * i));
    };
    for (int i = 0; i < 5; ++i)
        h.b[rec + 4 + i] = static_cast<std::uint8_t>("FAVIS"[i]);
    put32(0x21, 2);  // raan_count
    put32(0x29, 21); // raan_offset
    put32(0x89, 0xFFFFFFFF);

    // RAAN: "3dart\OTHER.3D" (entry 0, 21 bytes) then "fxart\FVPRA001.3DC" at offset 21.
    h.section("RAAN", 21 + 25);
    h.le32(0).u8({1, 's'}).text("3dart\\OTHER.3D", 15);
    h.le32(0).u8({5, 'c'}).text("fxart\\FVPRA001.3DC", 19);

    // RAGR: one list, two groups, 0 terminator.
    //  group 1: size 14, index 1, anim 2, type 0, 2 frames: ShowFrame(handle 3, vertex -10) = 30 80 FD,
    //           EndAnimation = 01 00 00
    //  group 2: size 11, index 5, anim 1, type 1, 1 frame: Transition(mask 3, start -2, target 10)
    //           = 0x15F83F = 3F F8 15
    h.section("RAGR", 31);
    h.le16(14).le16(1).le16(2).le16(0).le16(2).u8({0x30, 0x80, 0xFD}).u8({0x01, 0x00, 0x00});
    h.le16(11).le16(5).le16(1).le16(1).le16(1).u8({0x3F, 0xF8, 0x15});
    h.le16(0);

    h.section("ZZZZ", 3).u8({0xAA, 0xBB, 0xCC});
    h.section("END ", 0);
    return h.b;
}

} // namespace rgm_fixture

#pragma once
// Hand-built SOUP bytecode, byte by byte from the reference's tables, for the bytecode, listing and
// VM tests: every opcode in every value mode it has.

#include "loaders/bytes.h"

#include <cstdint>
#include <initializer_list>

namespace soup_fixture {

struct Code {
    rgx::loaders::Bytes bytes;
    Code& b(std::initializer_list<int> v) {
        for (int x : v)
            bytes.push_back(static_cast<std::uint8_t>(x));
        return *this;
    }
    Code& u16(int v) { return b({v & 0xFF, (v >> 8) & 0xFF}); }
    Code& i32(std::int64_t v) {
        for (int i = 0; i < 4; ++i)
            bytes.push_back(static_cast<std::uint8_t>((v >> (8 * i)) & 0xFF));
        return *this;
    }
    std::uint32_t at() const { return static_cast<std::uint32_t>(bytes.size()); }
    // Patches the u32 at `where` (a jump target written before its place was known).
    void patch(std::uint32_t where, std::uint32_t value) {
        for (int i = 0; i < 4; ++i)
            bytes[where + static_cast<std::uint32_t>(i)] = static_cast<std::uint8_t>(value >> (8 * i));
    }
};

// Function ids of the game's table used below (gameSoupDef): Wait 60, HideMe 100, Rnd 102,
// RTX 37 is looked up by the tests by name instead.
// A script using every opcode and value mode; `targets` gets every jump's target.
inline Code everyOpcode(std::uint16_t rtx, std::uint16_t handItem) {
    Code c;
    // 0000: if flag5 == 1 and var2 > var1 or Me.ref1 != Player.ref2 else END
    c.b({0x03});
    c.b({0x06}).u16(5).b({0}).b({0}).b({0x07}).i32(1).b({1}); // flag LHS(op 0) == 1, and
    c.b({0x0A, 2, 0}).b({3}).b({0x0A, 1, 0}).b({2});          // var2 > var1, or
    c.b({0x14, 0x00, 0x00}).u16(1).b({0}).b({1}).b({0x14, 0x01, 0x00}).u16(2).b({0}); // Me.ref1 !=
                                                                                      // Player.ref2
    const std::uint32_t ifEnd = c.at();
    c.i32(0);
    // Task Wait(var3) with var3 as a parameter: 3 padding bytes.
    c.b({0x00}).u16(60).b({1}).b({0x0A, 3, 0, 0, 0});
    // Multitask with a flag parameter (u16 padding), a string, a NumericAlt and a nested function.
    c.b({0x01}).u16(85).b({4}).b({0x06}).u16(7).u16(0).b({0x15}).i32(0).b({0x16}).i32(9);
    c.b({0x02}).u16(102).b({1}).b({0x07}).i32(6);
    c.patch(ifEnd, c.at());
    // var0 = var1 + 2 - 3 * 4 / 5 << 1 >> 1 & 7 | 8 ^ 9 (every binary operator)
    c.b({0x0A, 0}).b({0x0A, 1}).b({1}).b({0x07}).i32(2).b({2}).b({0x07}).i32(3).b({3}).b({0x07}).i32(4);
    c.b({4}).b({0x07}).i32(5).b({5}).b({0x07}).i32(1).b({6}).b({0x07}).i32(1).b({7}).b({0x07}).i32(7);
    c.b({8}).b({0x07}).i32(8).b({9}).b({0x07}).i32(9).b({0});
    // flag12 = Rnd(10)   (a function in a formula)
    c.b({0x06}).u16(12).b({0x02}).u16(102).b({1}).b({0x07}).i32(10).b({0});
    // Me.ref3 = Me.ref3 ++ (then the byte after ++)
    c.b({0x14, 0x00, 0x00}).u16(3).b({0x14, 0x00, 0x00}).u16(3).b({10, 0});
    // var1 = var1 --
    c.b({0x0A, 1}).b({0x0A, 1}).b({11, 0});
    // ObjDot++ / -- on every object selector: Me, Player, Camera, str[1], var2.
    c.b({0x0F, 0x00, 0x00}).u16(1).b({0x10, 0x01, 0x00}).u16(2).b({0x0F, 0x02, 0x00}).u16(3);
    c.b({0x10, 0x04, 0x01}).u16(4).b({0x0F, 0x0A, 0x02}).u16(5);
    // Object calls in MAIN mode: task, multitask and function dispatch.
    c.b({0x19, 0x04, 0x01, 0x00}).u16(60).b({1}).b({0x07}).i32(12);
    c.b({0x19, 0x00, 0x00, 0x01}).u16(100).b({0});
    c.b({0x1A, 0x01, 0x00, 0x02}).u16(100).b({0});
    // var4 = str[0].ref2 + Camera.HideMe()   (ObjectDot and ObjFunc in FORMULA mode: no extra bytes)
    c.b({0x0A, 4}).b({0x14, 0x04, 0x00}).u16(2).b({1}).b({0x1A, 0x02, 0x00}).u16(100).b({0}).b({0});
    // RTX('AB12') (a dialogue key), HandItem(item 3), a call of NullFunction with no arguments.
    c.b({0x00}).u16(rtx).b({1}).b({0x07, 'A', 'B', '1', '2'});
    c.b({0x02}).u16(handItem).b({1}).b({0x07}).i32(3);
    c.b({0x02}).u16(0).b({0});
    // Anchor, ScriptRV, TaskPause, Gosub, Goto, Return, Endint, End.
    c.b({0x17, 5}).b({0x1E, 1});
    const std::uint32_t pause = c.at();
    c.b({0x1B}).i32(0);
    const std::uint32_t gosub = c.at();
    c.b({0x11}).i32(0);
    const std::uint32_t gotoAt = c.at();
    c.b({0x04}).i32(0);
    const std::uint32_t sub = c.at();
    c.b({0x12});
    const std::uint32_t tail = c.at();
    c.b({0x13}).b({0x05}).i32(0);
    c.patch(pause + 1, gosub);
    c.patch(gosub + 1, sub);
    c.patch(gotoAt + 1, tail);
    return c;
}

} // namespace soup_fixture

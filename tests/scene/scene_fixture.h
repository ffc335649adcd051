#pragma once
// A tiny game directory written with the loaders' writers into a fresh temp folder: WORLD.INI
// (an outdoor world 0 and an interior world 1), a palette named under 3DART\ that lives in fxart/,
// two texture banks, a ROB (embedded, transparent and type-512 segments), an external 3DC, a
// direct .3D, terrain and a map holding every placed record type.

#include <filesystem>
#include <string>

namespace rgx::scene::test {

struct Fixture {
    std::filesystem::path dir;
    explicit Fixture(const std::string& tag); // creates dir and writes the game
    ~Fixture();
    Fixture(const Fixture&) = delete;
    Fixture& operator=(const Fixture&) = delete;
};

// Names and values the tests check against.
inline constexpr int kBoxHalf = 32; // BOX spans -32..32 in x and z, 0..-64 in engine y (up)
inline constexpr int kBoxHeight = 64;
inline constexpr int kSkinTexture = 172; // RAEX texture override of the ACTOR script
inline constexpr int kFlatWidth = 16, kFlatHeight = 32;

// A temp directory unique to this process and tag, emptied on each call and removed at exit.
std::filesystem::path freshTempDir(const std::string& tag);

} // namespace rgx::scene::test

// The TEXTURE.### files: which records each holds, and in which of the three stored forms.
#include "demo/daggerfall/catalog.h"
#include "demo/daggerfall/parts.h"
#include "loaders/daggerfall/texture.h"

#include <cstdio>

namespace rgx::demo::daggerfall {

namespace ld = rgx::loaders::daggerfall;

namespace {

enum class Kind { Surface, Flat };

struct Archive {
    std::uint16_t number;
    const char* name; // the file header's name field
    int records;
    Kind kind;
};

// Every archive and its record count; catalog.h names the records.
constexpr Archive kArchives[] = {
    {56, "Dungeon entrances", 1, Kind::Surface},
    {67, "Wood planks", 2, Kind::Surface},
    {95, "Dungeon exits", 1, Kind::Surface},
    {182, "People", 2, Kind::Flat},
    {199, "Editor markers", tex::kStartMarker.record + 1, Kind::Flat},
    {210, "Lights", 2, Kind::Flat},
    {213, "Signs and props", 3, Kind::Flat},
    {tex::kGround, "Temperate ground", tex::kGroundCount, Kind::Surface},
    {322, "Dungeon A", 4, Kind::Surface},
    {358, "Tavern exteriors", 3, Kind::Surface},
    {360, "Tavern interiors", 3, Kind::Surface},
    {364, "Village exteriors", 3, Kind::Surface},
    {366, "Village interiors", 3, Kind::Surface},
    {369, "Roofs", 2, Kind::Surface},
    {374, "Doors", 2, Kind::Surface},
    {504, "Temperate woodland", 4, Kind::Flat},
};

// Surfaces are stored uncompressed (rows 256 bytes apart, as the game's wall textures), the
// animated torch in the run form, other flats row-compressed: people, trees and props as
// ImageRle (0x0108), the markers as RecordRle (0x1108), so every stored form is written.
std::uint16_t compressionFor(const Archive& a, const Picture& p) {
    if (a.kind == Kind::Surface || p.frames.size() > 1)
        return static_cast<std::uint16_t>(ld::TextureCompression::Uncompressed);
    if (a.number == tex::kMarkers) return static_cast<std::uint16_t>(ld::TextureCompression::RecordRle);
    return static_cast<std::uint16_t>(ld::TextureCompression::ImageRle);
}

} // namespace

void addTextures(Arena2Tree& tree) {
    for (const Archive& a : kArchives) {
        ld::TextureFile file;
        file.setName(a.name);
        for (int r = 0; r < a.records; ++r) {
            const auto record = static_cast<std::uint8_t>(r);
            Picture p =
                a.kind == Kind::Surface ? surfacePicture(a.number, record) : flatPicture(a.number, record);
            const std::uint16_t compression = compressionFor(a, p);
            file.records.push_back(
                ld::makeTextureRecord(p.width, p.height, std::move(p.frames), compression));
        }
        char name[16];
        std::snprintf(name, sizeof name, "TEXTURE.%03u", static_cast<unsigned>(a.number));
        tree[name] = ld::writeTexture(file);
    }
}

} // namespace rgx::demo::daggerfall

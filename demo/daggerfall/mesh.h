#pragma once
// A small builder of ARCH3D objects from textured quads, walls and boxes (the demo's models).
//
// Positions are Daggerfall units (the builder stores x 256), y DOWN. A plane's corners run so
// that (p1 - p0) x (p2 - p0) points to the side it is seen from (the file's winding, the one
// Daggerfall Unity's fans draw); its normal is that product scaled to 256. UVs are in 1/16 texel:
// corner 0 absolute, corners 1 and 2 deltas, corner 3 absolute (the engine ignores it). Walls,
// floors and roofs take 8/16 texel per unit (a 64-texel image covers 128 units), anchored to the
// model's origin so neighbouring faces continue the pattern.

#include "demo/daggerfall/catalog.h"
#include "loaders/daggerfall/arch3d.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace rgx::demo::daggerfall {

struct P3 {
    int x = 0, y = 0, z = 0;
};

// The side a wall is seen from (its normal).
enum class Facing { NegX, PosX, NegZ, PosZ };

inline constexpr int kUvPerUnit = 8; // 1/16 texel per unit on walls, floors, roofs

class MeshBuilder {
public:
    // A quad: corner o, then o + v, o + u + v, o + u (u runs right and v down as seen from the
    // front, so v x u is the normal). uv0 at o, uv1 at o + u + v, both in 1/16 texel.
    void quad(TexRef tex, P3 o, P3 u, P3 v, std::array<int, 2> uv0, std::array<int, 2> uv1);
    // A vertical wall in the plane of `facing` at `plane` (x or z), spanning a0..a1 along the
    // other horizontal axis and yTop..yBottom, seen from the `facing` side.
    void wall(TexRef tex, Facing facing, int plane, int a0, int a1, int yTop, int yBottom);
    // A horizontal face at y over x0..x1, z0..z1: seen from above (a floor) or below (a ceiling).
    void floor(TexRef tex, int y, int x0, int x1, int z0, int z1);
    void ceiling(TexRef tex, int y, int x0, int x1, int z0, int z1);
    // A triangle with explicit corners (in front-facing order) and UVs.
    void triangle(TexRef tex, std::array<P3, 3> p, std::array<std::array<int, 2>, 3> uv);

    // A box x0..x1, yTop..yBottom, z0..z1 with its faces seen from outside, or from inside when
    // `inward`; a face whose texture is nullopt is left out. Order: -z, +z, -x, +x, top, bottom.
    struct BoxFaces {
        std::optional<TexRef> negZ, posZ, negX, posX, top, bottom;
    };
    void box(int x0, int x1, int yTop, int yBottom, int z0, int z1, const BoxFaces& faces,
             bool inward = false);

    // A house shell: walls around x in [-sx/2, sx/2], z in [-sz/2, sz/2], height `wall`, a gable
    // roof (ridge along x) rising `rise` with an overhang, gable triangles in `gable`.
    struct HouseFaces {
        TexRef front, back, sides, gable, roof;
    };
    void house(int sx, int sz, int wall, int rise, const HouseFaces& faces);
    // The roof and gables alone, on walls of that footprint `wall` high.
    void gableRoof(int sx, int sz, int wall, int rise, TexRef gable, TexRef roof);

    // The finished object (v2.7), radius from the points.
    rgx::loaders::daggerfall::Arch3dObject finish() const;

private:
    std::uint32_t point(P3 p);
    void plane(TexRef tex, const std::vector<P3>& corners, const std::vector<std::array<int, 2>>& uvs);

    std::vector<rgx::loaders::Vec3i> points_;
    std::map<std::array<int, 3>, std::uint32_t> index_;
    std::vector<rgx::loaders::daggerfall::Arch3dPlane> planes_;
    std::vector<rgx::loaders::Vec3i> normals_;
};

// Every town model (models_town.cpp) and dungeon model (models_dungeon.cpp) by id.
std::map<std::uint32_t, rgx::loaders::daggerfall::Arch3dObject> townModels();
std::map<std::uint32_t, rgx::loaders::daggerfall::Arch3dObject> dungeonModels();

} // namespace rgx::demo::daggerfall

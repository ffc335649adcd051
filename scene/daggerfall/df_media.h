#pragma once
// Daggerfall's media for one scene: TEXTURE.### files read once each, every (archive, record)
// one SceneTexture, every ARCH3D object one Mesh, and the PAL.PAL palette. Missing files,
// records and objects become magenta stand-ins with one warning each, never an exception.
//
// Frames: Daggerfall's files are in "Daggerfall units" with y DOWN; Daggerfall Unity (the peer
// whose layout rgx follows, docs/formats/daggerfall_scene.md) reads a point (x, y, z) as
// Unity's (x, -y, z): x east, y up, z NORTH. rgx's scene frame has z SOUTH (scene/transforms.h),
// so a Daggerfall point is (x, -y, -z) in the scene, and a placement computed in Unity's frame,
// M, is F M F with F = diag(1, 1, -1). One Daggerfall unit is one scene unit.

#include "loaders/daggerfall/arch3d.h"
#include "loaders/daggerfall/bsa.h"
#include "loaders/daggerfall/texture.h"
#include "scene/game_fs.h"
#include "scene/scene_graph.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace rgx::scene::daggerfall {

// How long each frame of an animated Daggerfall texture shows: the files give no rate, and
// Daggerfall Unity's billboards play at 5 frames a second.
inline constexpr double kDaggerfallFrameSeconds = 0.2;
// The ground texture archive when the climate is not known (no CLIMATE.PAK, a map pixel outside
// it, a ground archive missing): TEXTURE.302, temperate summer ground.
inline constexpr int kDefaultGroundArchive = 302;

// The summer ground archive of a CLIMATE.PAK value, as Daggerfall Unity's
// MapsFile.GetWorldClimateSettings gives it: desert and subtropical 2, mountain and mountain
// woods 102, woodlands and haunted woodlands 302, ocean, rainforest and swamp 402; any other
// value DFU's default, 302. (Winter is the archive after each; rgx draws summer.)
int climateGroundArchive(int climate);

// "ARENA2/TEXTURE.302": where TEXTURE.<archive> is under `prefix`.
std::string texturePath(const std::string& prefix, int archive);

// A Daggerfall point (raw file units, y down, z north) in the scene frame.
Vec3 daggerfallToScene(double x, double y, double z);
// A placement computed in Daggerfall Unity's frame (x east, y up, z north) as a scene matrix.
Mat4 unityToScene(const Mat4& unity);
// Daggerfall Unity's Quaternion.Euler(-x, -y, -z) of angles in 2048ths of a turn: Z first, then
// X, then Y, as a matrix of Unity's frame.
Mat3 daggerfallEulerUnity(std::int32_t xAngle, std::int32_t yAngle, std::int32_t zAngle);

class DaggerfallMedia {
public:
    // prefix: where the game's files are under fs ("ARENA2/", or "" when fs is ARENA2 itself).
    // Reads the palette (PAL.PAL; a grey ramp with a warning when missing) into scene.palette.
    DaggerfallMedia(const GameFs& fs, std::string prefix, Scene& scene);

    // Index into scene.textures of TEXTURE.<archive> record <record>.
    int texture(int archive, int record);
    std::uint32_t solid(std::uint8_t colorIndex);
    std::uint32_t textured(int archive, int record);
    // The mesh of ARCH3D.BSA object `id` (one per id); -1 with a warning when missing or unreadable.
    int model(std::uint32_t id);
    // A billboard of TEXTURE.<archive> record <record>: a quad its image's size in units, upright
    // in the x/y plane, its bottom edge centred on the origin (one per texture).
    int flat(int archive, int record);

    const std::string& prefix() const { return prefix_; }

private:
    std::uint32_t material(const Material& m);
    const loaders::daggerfall::TextureFile* textureFile(int archive);

    const GameFs& fs_;
    std::string prefix_;
    Scene& scene_;
    std::map<int, std::optional<loaders::daggerfall::TextureFile>> files_;
    std::map<std::pair<int, int>, int> textures_;
    std::map<std::tuple<bool, int>, std::uint32_t> materials_;
    std::map<std::uint32_t, int> models_;
    std::map<int, int> flats_;
    loaders::Bytes arch3d_;
    std::optional<loaders::daggerfall::BsaDirectory> arch3dDirectory_;
    bool arch3dTried_ = false;
};

} // namespace rgx::scene::daggerfall

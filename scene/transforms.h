#pragma once
// The scene's one coordinate convention (docs/coordinates.md) and the placement rule of every RGM
// record type.
//
// Engine frame (what the files store): x east, y DOWN, z south (terrain row), left-handed, one
// engine unit ~ 1 cm. Model vertices are i32 engine units x 256; RGM positions (RgmPos24) are
// raw engine units (demo_catalog.h; the /5120 decode of rgmPosition() is the reference
// exporter's scale and is not used here).
// Scene frame (everything after loading): x east, y UP, z south, right-handed, engine units.
// engineToScene() is the one conversion: (x, y, z) -> (x, -y, z).

#include "base/math.h"
#include "loaders/redguard/rgm.h"

#include <array>
#include <cstdint>
#include <vector>

namespace rgx::scene {

// ---- The convention --------------------------------------------------------------------------
Vec3 engineToScene(const Vec3& engine);
// The same change of basis for a rotation given in the engine frame: S R S with S = diag(1,-1,1).
Mat3 engineRotationToScene(const Mat3& engine);
// A model vertex (raw i32, 256 per engine unit) in scene units.
Vec3 modelVertexToScene(std::int32_t x, std::int32_t y, std::int32_t z);

// ---- Angles ----------------------------------------------------------------------------------
// 2048-unit angle -> radians ((units % 2048) * pi / 1024).
double angleUnitsToRadians(std::int64_t units);
// Right-handed rotations about the engine axes, as matrices acting on engine-frame vectors.
Mat3 rotationX(double radians);
Mat3 rotationY(double radians);
Mat3 rotationZ(double radians);

// ---- Records -> scene world matrices ----------------------------------------------------------
// RgmPos24 as engine units (raw values), then engineToScene.
Vec3 rgmScenePosition(const loaders::RgmPos24& pos);

// MPOB: R_engine = Ry(ay) * Rx(ax) * Rz(az) (roll about z first, then pitch about x, then yaw
// about y: the order of a heading-first engine and of the Unity port's Euler convention), angles
// in 2048 units; then converted to the scene frame; translation = rgmScenePosition.
Mat3 mpobEngineRotation(const loaders::RgmMpob& mpob);
Mat4 mpobTransform(const loaders::RgmMpob& mpob);

// MPSO: rotation = rgmMpsoRotation() (Q4.28 read by columns, notes.md) in the engine frame.
Mat4 mpsoTransform(const loaders::RgmMpso& mpso);

// MPRP: the rope's base frame: yaw Ry(angle_y, 2048 units) at the base position.
Mat4 mprpBaseTransform(const loaders::RgmMprp& rope);
// The spacing of a rope's links: the reference's "for each link: subtract 0.8 from Y" is in its
// exporter's units (engine positions / 20: "scale constant 1 / 5120" of pos * 256), so 16 engine
// units per link.
inline constexpr double kRopeLinkSpacing = 16.0;
// Link i (0-based) hangs linkPitch engine units per link below the base, down the chain: the
// link's origin is at base - (i + 1) * linkPitch in scene y (the chain hangs from its anchor).
// The terminal model hangs one pitch below the last link: index = length.
Mat4 mprpLinkTransform(const loaders::RgmMprp& rope, int index, double linkPitch);

// MPSF: no rotation, translation = position; the quad itself is built upright in the x/y plane
// (see flatQuad in scene_builder), its bottom edge centred on the position.
Mat4 mpsfTransform(const loaders::RgmMpsf& flat);

// MPSL / MPMK: position only.
Mat4 mpslTransform(const loaders::RgmMpsl& light);
Mat4 mpmkTransform(const loaders::RgmMpmk& marker);

} // namespace rgx::scene

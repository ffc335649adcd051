#include "sim/rope_swing.h"

#include "scene/transforms.h"
#include "sim/game_tick.h"
#include "sim/water.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rgx::sim {

namespace {

constexpr double kMaxSwingSeconds = 1e9;

// The inverse of a rigid transform: the rotation transposed, the translation turned back.
Mat4 rigidInverse(const Mat4& a) {
    Mat4 r;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            r.m[i][j] = a.m[j][i];
    for (int i = 0; i < 3; ++i)
        r.m[i][3] = -(r.m[i][0] * a.m[0][3] + r.m[i][1] * a.m[1][3] + r.m[i][2] * a.m[2][3]);
    return r;
}

} // namespace

double ropeSwingAngle(const scene::RopeInfo& rope, double seconds, double ticksPerSecond) {
    if (rope.swing == 0 || rope.speed == 0 || !std::isfinite(seconds) || seconds <= 0) return 0;
    // A billion seconds is far past any session; the cap keeps the tick count an exact integer.
    const double rate =
        std::isfinite(ticksPerSecond) ? std::clamp(ticksPerSecond, 0.0, kMaxTicksPerSecond) : 0.0;
    const double ticks = std::floor(std::min(seconds, kMaxSwingSeconds) * rate);
    // The phase wraps at 2048, which divides 2^64: unsigned arithmetic wraps the same way and
    // never overflows, whatever speed the file holds.
    const std::uint64_t phase = (static_cast<std::uint64_t>(ticks) * static_cast<std::uint32_t>(rope.speed)) &
                                static_cast<std::uint64_t>(kWaveTableSize - 1);
    return static_cast<double>(rope.swing) * 2 * std::numbers::pi / kWaveTableSize *
           waveSineTable()[static_cast<std::size_t>(phase)];
}

Mat4 ropeSwingLocal(const Mat4& base, const Mat4& node, double angle) {
    // node' = base * R * base^-1 * node, so local = node^-1 * base * R * base^-1 * node.
    const Mat4 turn = Mat4::fromRotation(scene::rotationX(angle));
    return rigidInverse(node) * base * turn * rigidInverse(base) * node;
}

} // namespace rgx::sim

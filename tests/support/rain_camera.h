#pragma once
// A camera at the origin looking at the middle of one rain streak of a scene (test::rainScene),
// for the pixel tests of both looks: the first drop 60 to 90 units away horizontally and within 20
// degrees of level at time 0 (nearer and more level than that, a 2-unit streak covers the pixel
// centres either side of its middle) whose line of sight crosses no other streak, so the centre
// pixel is that one streak over the fill.

#include "renderer/sky/rain.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace rgx::test {

// Whether the ray from the origin along d passes through streak s (a vertical quad: corners
// bottom-left, bottom-right, top-right, top-left).
inline bool rayCrossesStreak(const std::array<double, 3>& d, const renderer::RainStreak& s) {
    const double ax = s[0][0], az = s[0][2], bx = s[1][0], bz = s[1][2];
    // The quad's plane: points a + t (b - a) + up; solve origin + k d on it (horizontal part).
    const double ex = bx - ax, ez = bz - az;
    const double denom = d[0] * ez - d[2] * ex;
    if (std::abs(denom) < 1e-12) return false;
    const double k = (ax * ez - az * ex) / denom;
    const double t = (ax * d[2] - az * d[0]) / denom;
    if (k <= 0 || t < 0 || t > 1) return false;
    const double y = k * d[1];
    return y >= s[0][1] && y <= s[2][1];
}

inline view::Camera cameraOnARainDrop(const scene::Scene& s) {
    const renderer::RainLook rain = renderer::rainLook(s);
    view::Camera c;
    std::vector<renderer::RainStreak> streaks;
    renderer::rainStreaks(rain, c, 0.0, renderer::LayerToggles{}, streaks);
    for (int i = 0; i < rain.drops; ++i) {
        const renderer::RainDrop d = renderer::rainDrop(rain, {0, 0, 0}, i, 0.0);
        const double mx = d.top.x, my = d.top.y - d.length / 2, mz = d.top.z;
        const double h = std::hypot(mx, mz);
        if (h < 60 || h > 90) continue;
        c.yawDeg = std::atan2(mx, -mz) * 180 / std::numbers::pi;
        c.pitchDeg = std::atan2(my, h) * 180 / std::numbers::pi;
        if (std::abs(c.pitchDeg) > 20) continue;
        int crossed = 0;
        for (const renderer::RainStreak& streak : streaks)
            crossed += rayCrossesStreak({mx, my, mz}, streak) ? 1 : 0;
        if (crossed == 1) return c;
    }
    throw std::logic_error("no lone rain drop 60..90 units from the origin within 20 degrees of level");
}

} // namespace rgx::test

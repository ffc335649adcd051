#include "renderer/compare/compare.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rgx::renderer {

namespace {

// Distance 0..441.7 to a heat colour: black, red, yellow, white (a third of the range each).
void heat(double distance, std::uint8_t* out) {
    const double t = std::clamp(distance / 441.7, 0.0, 1.0) * 3;
    const auto c = [](double v) {
        return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255));
    };
    out[0] = c(t);
    out[1] = c(t - 1);
    out[2] = c(t - 2);
    out[3] = 255;
}

} // namespace

LookComparison compareLooks(int width, int height, const std::vector<std::uint8_t>& a,
                            const std::vector<float>& depthA, const std::vector<std::uint8_t>& b,
                            const std::vector<float>& depthB) {
    const std::size_t n =
        static_cast<std::size_t>(std::max(width, 0)) * static_cast<std::size_t>(std::max(height, 0));
    if (a.size() != n * 4 || b.size() != n * 4 || depthA.size() != n || depthB.size() != n)
        throw std::invalid_argument("compareLooks: images of different sizes");
    LookComparison r;
    r.diff.resize(n * 4);
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const bool ga = depthA[i] < 1.0f, gb = depthB[i] < 1.0f;
        if (ga && gb)
            ++r.geometryBoth;
        else if (!ga && !gb)
            ++r.backgroundBoth;
        else if (ga)
            ++r.glideOnly;
        else
            ++r.softwareOnly;
        const double dr = a[i * 4] - b[i * 4], dg = a[i * 4 + 1] - b[i * 4 + 1],
                     db = a[i * 4 + 2] - b[i * 4 + 2];
        const double d = std::sqrt(dr * dr + dg * dg + db * db);
        sum += d;
        heat(d, &r.diff[i * 4]);
    }
    if (n > 0) {
        r.coverageAgreement = static_cast<double>(r.geometryBoth + r.backgroundBoth) / static_cast<double>(n);
        r.meanColorDistance = sum / static_cast<double>(n);
    }
    return r;
}

} // namespace rgx::renderer

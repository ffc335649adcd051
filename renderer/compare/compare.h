#pragma once
// How far two pictures of one view agree (rgx compare, the renderer tests): the Glide look's RGBA
// and depth against the software look's colours and depth, both width x height.
//
// Coverage: a pixel is geometry where depth < 1 (something opaque was drawn there; blended
// geometry such as the sea writes no depth in either look), background elsewhere. Coverage
// agreement is the share of pixels where both looks draw geometry or both draw background.
// Colour distance: the Euclidean distance of the two RGB colours, 0..441.7 (255 * sqrt(3)).

#include <cstdint>
#include <vector>

namespace rgx::renderer {

struct LookComparison {
    double coverageAgreement = 0; // 0..1
    double meanColorDistance = 0; // 0..441.7
    std::uint64_t geometryBoth = 0, backgroundBoth = 0, glideOnly = 0, softwareOnly = 0;
    std::vector<std::uint8_t> diff; // RGBA heat map of the colour distance (black 0 .. white max)
};

// rgbaA/rgbaB: width * height * 4 bytes; depthA/depthB: width * height.
LookComparison compareLooks(int width, int height, const std::vector<std::uint8_t>& glideRgba,
                            const std::vector<float>& glideDepth,
                            const std::vector<std::uint8_t>& softwareRgba,
                            const std::vector<float>& softwareDepth);

} // namespace rgx::renderer

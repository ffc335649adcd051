#pragma once
// A CPU image of 8-bit RGBA texels, rows top to bottom, no padding: what readback returns and
// what the PNG writer takes.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rgx::renderer {

struct Rgba8Image {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::vector<std::uint8_t> pixels; // width * height * 4

    std::array<std::uint8_t, 4> at(std::uint32_t x, std::uint32_t y) const {
        const std::size_t i = (std::size_t{y} * width + x) * 4;
        return {pixels.at(i), pixels.at(i + 1), pixels.at(i + 2), pixels.at(i + 3)};
    }
    bool operator==(const Rgba8Image&) const = default;
};

} // namespace rgx::renderer

#pragma once
// The software renderer's frame: palette indices and depth, one byte and one float per pixel.
// Colour exists only at the end, through the world's palette (the 8-bit renderer's look).

#include <cstdint>
#include <vector>

namespace rgx::renderer::soft {

struct IndexedFrame {
    int width = 0, height = 0;
    std::vector<std::uint8_t> index; // row-major, palette indices
    std::vector<float> depth;        // row-major, 0 near .. 1 far; cleared to 1
    // Debug: per pixel, how many times a triangle covered it (before the depth test); empty
    // unless enabled with countCoverage (tests check the fill rule with it).
    std::vector<std::uint8_t> coverage;

    IndexedFrame() = default;
    IndexedFrame(int w, int h, std::uint8_t clearIndex, bool countCoverage = false)
        : width(w), height(h), index(static_cast<std::size_t>(w) * h, clearIndex),
          depth(static_cast<std::size_t>(w) * h, 1.0f),
          coverage(countCoverage ? static_cast<std::size_t>(w) * h : 0, 0) {}
};

} // namespace rgx::renderer::soft

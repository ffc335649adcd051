#pragma once
// Helpers shared by the model3d_*.cpp files only (not a public header).

#include "loaders/redguard/model3d.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rgx::loaders::model_internal {

inline std::uint16_t le16(const std::uint8_t* p) {
    return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}
inline std::uint32_t le32(const std::uint8_t* p) {
    return std::uint32_t{p[0]} | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) |
           (std::uint32_t{p[3]} << 24);
}

// How frames 1.. of a v4+ model are stored, by frame 0's frame_type: the one place that knows
// (reader, writer, builder and decoder take it from here; docs/formats/models.md "3DC frames").
//   2: per-vertex offsets i16 x 3, packed 10-10-10-2 face normals (notes.md: pos_k = base - d_k);
//   4: the same with i32 x 3 offsets (no real sample; other readers' reading);
//   0 with several frames (MENU.ROB's page models): whole copies of the base block, positions
//      i32 x 3 in raw units and face normals i32 x 3 (256 = 1.0), the base's own encoding.
// Any other type (8: one-frame .3DC) has no known layout for frames 1.. (kept as raw records).
struct FrameLayout {
    enum class Kind : std::uint8_t { Undecoded, Offsets, Whole };
    Kind kind = Kind::Undecoded;
    std::size_t vertexBytes = 0; // per vertex: 6 (i16 x 3) or 12 (i32 x 3)
    std::size_t normalBytes = 0; // per face: 4 (packed) or 12 (i32 x 3)
};
inline FrameLayout frameLayout(std::uint32_t frameType) {
    switch (frameType) {
    case 0:
        return {FrameLayout::Kind::Whole, 12, 12};
    case 2:
        return {FrameLayout::Kind::Offsets, 6, 4};
    case 4:
        return {FrameLayout::Kind::Offsets, 12, 4};
    default:
        return {};
    }
}

// Triples as a frame layout stores them: i16 x 3 (tripleBytes 6) or i32 x 3 (12).
std::vector<Vec3i> decodeTriples(ByteSpan bytes, std::size_t count, std::size_t tripleBytes);
// Throws rgx::Error ("<memory>") when a value does not fit in i16 (tripleBytes 6).
void encodeTriples(ByteWriter& w, const std::vector<Vec3i>& values, std::size_t tripleBytes);

} // namespace rgx::loaders::model_internal

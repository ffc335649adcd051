#pragma once
// Helpers shared by the model3d_*.cpp files only (not a public header).

#include "loaders/model3d.h"

#include <cstdint>

namespace rgx::loaders::model_internal {

inline std::uint16_t le16(const std::uint8_t* p) {
    return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}
inline std::uint32_t le32(const std::uint8_t* p) {
    return std::uint32_t{p[0]} | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) |
           (std::uint32_t{p[3]} << 24);
}

// Frame types whose frames 1.. store per-vertex offsets (notes.md): 2 = i16 x 3, 4 = i32 x 3.
inline bool isDeltaFrameType(std::uint32_t frameType) {
    return frameType == 2 || frameType == 4;
}
inline std::size_t deltaSize(std::uint32_t frameType) {
    return frameType == 4 ? 12 : 6;
}

// The one place that knows how frame types 2 and 4 store a vertex offset (read and write).
std::vector<Vec3i> decodeDeltas(ByteSpan bytes, std::size_t count, std::uint32_t frameType);
// Throws rgx::Error ("<memory>") when a type 2 delta does not fit in i16.
void encodeDeltas(ByteWriter& w, const std::vector<Vec3i>& deltas, std::uint32_t frameType);

} // namespace rgx::loaders::model_internal

#pragma once
// The named passes of a frame, in the order renderer/frame.h records them.

#include <cstdint>

namespace rgx::renderer {

enum class Pass : std::uint8_t { Compute, Terrain, Opaque, Sky, Blended, Additive, Software, Overlay, Count };

} // namespace rgx::renderer

#pragma once
// The named passes of a frame, in the order renderer/frame.h records them.

#include <cstddef>
#include <cstdint>

namespace rgx::renderer {

enum class Pass : std::uint8_t { Compute, Terrain, Opaque, Sky, Blended, Additive, Software, Overlay, Count };
inline constexpr std::size_t kPassCount = static_cast<std::size_t>(Pass::Count);

// "compute", "terrain", "opaque", "sky", "blended", "additive", "software", "overlay": the names
// the profiler panel and `rgx bench` show.
constexpr const char* passName(Pass pass) {
    constexpr const char* kNames[kPassCount] = {"compute", "terrain",  "opaque",   "sky",
                                                "blended", "additive", "software", "overlay"};
    return static_cast<std::size_t>(pass) < kPassCount ? kNames[static_cast<std::size_t>(pass)] : "?";
}

} // namespace rgx::renderer

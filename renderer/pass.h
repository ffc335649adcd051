#pragma once
// The named passes of a frame, in the order renderer/frame.h records them.

#include "loaders/enum_names.h"

#include <cstddef>
#include <cstdint>

namespace rgx::renderer {

enum class Pass : std::uint8_t { Compute, Terrain, Opaque, Sky, Blended, Additive, Software, Overlay, Count };
inline constexpr std::size_t kPassCount = static_cast<std::size_t>(Pass::Count);

// "compute", "terrain", "opaque", "sky", "blended", "additive", "software", "overlay": the names
// the profiler panel and `rgx bench` show.
inline constexpr loaders::EnumNames<Pass, kPassCount> kPassNames{
    {"compute", "terrain", "opaque", "sky", "blended", "additive", "software", "overlay"}};
constexpr const char* passName(Pass pass) {
    return kPassNames.name(pass, "?");
}

} // namespace rgx::renderer

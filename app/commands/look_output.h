#pragma once
// What the commands that draw share once a look has drawn a frame: writing its picture (an
// indexed PNG for a palette look, RGBA otherwise), and the one line of figures `rgx render`
// prints for any look.

#include "renderer/look_renderer.h"
#include "renderer/looks.h"
#include "renderer/vk/context.h"

#include <filesystem>
#include <optional>
#include <string>

namespace rgx::app {

// A look ready to be made: the one asked for, or the software look where the Glide look was not
// named (`named` false) and no Vulkan device can be had (said once on stderr as a note). The
// context, when the look needs one, lives here.
struct LookDevice {
    renderer::Look look = renderer::Look::Software;
    std::optional<renderer::VulkanContext> context;
    renderer::LookOptions options() const {
        renderer::LookOptions o;
        o.vulkan = context ? &*context : nullptr;
        return o;
    }
};
// `what` names the option in the note ("--renderer soft", "--look soft").
LookDevice openLook(renderer::Look look, bool named, const std::string& what);

// An integer nearest upscale of the picture (indices, colours and depth), for --upscale; scale 1
// gives the picture back as it is (moved, not copied).
renderer::LookPicture upscalePicture(renderer::LookPicture picture, int scale);

// Writes the picture: indexed through its palette where it has one, else RGBA8.
void writePicture(const std::filesystem::path& path, const renderer::LookPicture& picture);

// "<what>: <look>, D draws, T triangles, objects ... after frustum; load L ms, <prepare> P ms,
// render R ms, png W ms; <the look's detail>".
std::string frameLine(const std::string& what, const renderer::LookInfo& info,
                      const renderer::LookFrame& frame, double loadMs, double renderMs, double writeMs);

// The look as a user reads it: "Glide look", "software renderer".
const char* lookTitle(renderer::Look look);

} // namespace rgx::app

#pragma once
// Every look rgx has, made by name: the one place that knows them all (a new look adds a line
// here and its class). The app asks for a look and gets a LookRenderer; it never names a class.

#include "renderer/look_renderer.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/vk/context.h"
#include "renderer/world/prepared_world.h"

#include <memory>
#include <vector>

namespace rgx::renderer {

// What making a look may need; each look reads its own part.
struct LookOptions {
    const VulkanContext* vulkan = nullptr; // a GPU look's device (required for Look::Glide)
    bool multiDraw = true;                 // GlideOptions::multiDraw
};

// Every look, in Look's order (what `--renderer` accepts, what bench's "both" runs).
std::vector<Look> allLooks();
// Whether a look draws on a Vulkan device (LookOptions::vulkan must be set).
bool lookNeedsVulkan(Look look);

// Makes `look` for `world` (which must outlive it). Throws std::invalid_argument when a GPU look
// is asked for without a device, and what the look's constructor throws.
std::unique_ptr<LookRenderer> makeLookRenderer(Look look, const PreparedWorld& world,
                                               const LookOptions& options);

} // namespace rgx::renderer

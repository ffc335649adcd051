#include "renderer/looks.h"

#include "renderer/glide/glide_renderer.h"

#include <stdexcept>

namespace rgx::renderer {

std::vector<Look> allLooks() {
    std::vector<Look> looks;
    for (std::size_t i = 0; i < kLookNames.names.size(); ++i)
        looks.push_back(static_cast<Look>(i));
    return looks;
}

bool lookNeedsVulkan(Look look) {
    return look == Look::Glide;
}

std::unique_ptr<LookRenderer> makeLookRenderer(Look look, const PreparedWorld& world,
                                               const LookOptions& options) {
    switch (look) {
    case Look::Glide: {
        if (!options.vulkan) throw std::invalid_argument("the Glide look needs a Vulkan device");
        GlideOptions glide;
        glide.multiDraw = options.multiDraw;
        return std::make_unique<GlideRenderer>(*options.vulkan, world, glide);
    }
    case Look::Software:
        return std::make_unique<soft::SoftRenderer>(world);
    }
    throw std::invalid_argument("unknown look");
}

} // namespace rgx::renderer

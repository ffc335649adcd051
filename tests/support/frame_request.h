#pragma once
// A frame request for tests, its fields in the order tests name them (renderer/look_renderer.h).

#include "renderer/look_renderer.h"

namespace rgx::test {

inline renderer::FrameRequest frameRequest(const view::Camera& camera, double timeSeconds, int width,
                                           int height, const renderer::LookSettings& settings = {},
                                           const sim::WorldState* world = nullptr) {
    renderer::FrameRequest r;
    r.camera = camera;
    r.timeSeconds = timeSeconds;
    r.width = width;
    r.height = height;
    r.settings = settings;
    r.world = world;
    return r;
}

// The request with the software look's rasterizer settings.
inline renderer::FrameRequest withSoft(renderer::FrameRequest request, const renderer::SoftSettings& soft) {
    request.settings.soft = soft;
    return request;
}

} // namespace rgx::test

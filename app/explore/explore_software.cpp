#include "app/explore/explore_software.h"

#include "loaders/enum_names.h"
#include "loaders/error.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace rgx::app {

namespace {

constexpr loaders::EnumNames<RendererView, 3> kViewNames{{"glide", "software", "split"}};
constexpr loaders::EnumNames<SoftResolution, 6> kResolutionNames{
    {"window", "half", "third", "quarter", "640x480", "320x200"}};

} // namespace

const char* rendererViewName(RendererView view) {
    return kViewNames.name(view, "glide");
}

const char* softResolutionName(SoftResolution r) {
    return kResolutionNames.name(r, "window");
}

RendererView parseRendererView(const std::string& text, const std::string& what) {
    if (const auto v = kViewNames.find(text)) return *v;
    throw Error(what, Error::kNoOffset, "renderer",
                "expected " + kViewNames.list() + ", got \"" + text + "\"");
}

SoftResolution parseSoftResolution(const std::string& text, const std::string& what) {
    if (const auto r = kResolutionNames.find(text)) return *r;
    throw Error(what, Error::kNoOffset, "softres",
                "expected " + kResolutionNames.list() + ", got \"" + text + "\"");
}

SoftLayout softLayout(SoftResolution resolution, int targetWidth, int targetHeight) {
    targetWidth = std::max(targetWidth, 1);
    targetHeight = std::max(targetHeight, 1);
    SoftLayout l;
    int fraction = 1;
    switch (resolution) {
    case SoftResolution::Vga:
    case SoftResolution::Game: {
        l.width = resolution == SoftResolution::Vga ? 640 : 320;
        l.height = resolution == SoftResolution::Vga ? 480 : 200;
        l.scale = std::max(1, std::min(targetWidth / l.width, targetHeight / l.height));
        l.offsetX = (targetWidth - l.width * l.scale) / 2;
        l.offsetY = (targetHeight - l.height * l.scale) / 2;
        return l;
    }
    case SoftResolution::Half:
        fraction = 2;
        break;
    case SoftResolution::Third:
        fraction = 3;
        break;
    case SoftResolution::Quarter:
        fraction = 4;
        break;
    default:
        break;
    }
    l.scale = fraction;
    l.width = (targetWidth + fraction - 1) / fraction;
    l.height = (targetHeight + fraction - 1) / fraction;
    return l;
}

void composeSoftware(const renderer::soft::IndexedFrame& frame, const loaders::Palette256& palette,
                     const SoftLayout& layout, int width, int height, std::vector<std::uint8_t>& rgba) {
    renderer::soft::resolveRgbaInto(frame, palette, layout.scale, layout.offsetX, layout.offsetY, width,
                                    height, rgba);
}

void SoftwareView::show(const scene::Scene& scene) {
    renderer_ = std::make_unique<renderer::soft::SoftRenderer>(scene);
    stats_.reset();
}

const renderer::SoftwarePicture* SoftwareView::draw(const SoftwareViewSettings& settings,
                                                    std::uint32_t targetWidth, std::uint32_t targetHeight,
                                                    const sim::Camera& camera, double timeSeconds,
                                                    const renderer::LookSettings& look,
                                                    const std::vector<sim::NodePose>* poses) {
    if (settings.view == RendererView::Glide || !renderer_ || targetWidth == 0 || targetHeight == 0)
        return nullptr;
    const int w = static_cast<int>(targetWidth), h = static_cast<int>(targetHeight);
    SoftwareViewStats stats;
    stats.layout = softLayout(settings.resolution, w, h);
    renderer::LookSettings softLook = look;
    softLook.look = renderer::Look::Software;
    stats.frame = renderer_->render(frame_, stats.layout.width, stats.layout.height, camera, timeSeconds,
                                    softLook, settings.options, poses);
    const auto t = std::chrono::steady_clock::now();
    composeSoftware(frame_, renderer_->palette(), stats.layout, w, h, rgba_);
    stats.resolveMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
    stats_ = stats;
    picture_.width = targetWidth;
    picture_.height = targetHeight;
    picture_.rgba = rgba_.data();
    picture_.firstColumn = settings.view == RendererView::Split
                               ? static_cast<std::uint32_t>(
                                     std::clamp(std::lround(settings.split * w), 0L, static_cast<long>(w)))
                               : 0;
    return &picture_;
}

} // namespace rgx::app

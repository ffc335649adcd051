#include "app/explore/explore_software.h"

#include "base/error.h"
#include "loaders/enum_names.h"
#include "renderer/looks.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace rgx::app {

namespace {

// The renderer switch's three settings, by name.
enum class SwitchSetting : std::uint8_t { Glide, Software, Split };
constexpr loaders::EnumNames<SwitchSetting, 3> kViewNames{{"glide", "software", "split"}};
constexpr loaders::EnumNames<SoftResolution, 6> kResolutionNames{
    {"window", "half", "third", "quarter", "640x480", "320x200"}};

} // namespace

const char* viewLooksName(const ViewLooks& looks) {
    return kViewNames.name(looks.split()          ? SwitchSetting::Split
                           : looks.softwareOnly() ? SwitchSetting::Software
                                                  : SwitchSetting::Glide,
                           "glide");
}

const char* softResolutionName(SoftResolution r) {
    return kResolutionNames.name(r, "window");
}

ViewLooks parseViewLooks(const std::string& text, const std::string& what) {
    if (const auto v = kViewNames.find(text)) {
        ViewLooks looks;
        if (*v == SwitchSetting::Software) looks.left = renderer::Look::Software;
        if (*v == SwitchSetting::Split) looks.right = renderer::Look::Software;
        return looks;
    }
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

void composePicture(const renderer::LookPicture& picture, const SoftLayout& layout, int width, int height,
                    renderer::PictureTarget to) {
    const int scale = std::max(layout.scale, 1);
    width = std::max(width, 0);
    height = std::max(height, 0);
    if (!to.pixels) return;
    const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    for (std::size_t i = 0; i < count; ++i) {
        std::uint8_t* black = to.pixels + i * 4;
        black[0] = black[1] = black[2] = 0;
        black[3] = 255;
    }
    if (picture.rgba.size() < static_cast<std::size_t>(picture.width) * picture.height * 4) return;
    const int y0 = std::max(0, layout.offsetY),
              y1 = std::min(height, layout.offsetY + picture.height * scale);
    const int x0 = std::max(0, layout.offsetX), x1 = std::min(width, layout.offsetX + picture.width * scale);
    const bool bgra = to.order == renderer::PixelOrder::Bgra;
    for (int y = y0; y < y1; ++y) {
        const std::uint8_t* src =
            picture.rgba.data() + static_cast<std::size_t>((y - layout.offsetY) / scale) * picture.width * 4;
        std::uint8_t* dst = to.pixels + (static_cast<std::size_t>(y) * width + x0) * 4;
        for (int x = x0; x < x1; ++x, dst += 4) {
            const std::uint8_t* texel = src + static_cast<std::size_t>((x - layout.offsetX) / scale) * 4;
            dst[0] = texel[bgra ? 2 : 0];
            dst[1] = texel[1];
            dst[2] = texel[bgra ? 0 : 2];
        }
    }
}

void SoftwareView::show(const renderer::PreparedWorld& world) {
    renderer_ = renderer::makeLookRenderer(renderer::Look::Software, world, {});
    stats_.reset();
}

std::optional<renderer::SoftwarePicture> SoftwareView::picture(const SoftwareViewSettings& settings,
                                                               std::uint32_t targetWidth,
                                                               std::uint32_t targetHeight,
                                                               renderer::PictureTarget upload) const {
    if (!settings.looks.drawsSoftware() || !renderer_ || targetWidth == 0 || targetHeight == 0 ||
        !upload.pixels)
        return std::nullopt;
    const long w = static_cast<long>(targetWidth);
    renderer::SoftwarePicture p;
    p.width = targetWidth;
    p.height = targetHeight;
    p.rgba = upload.pixels;
    p.order = upload.order;
    p.firstColumn =
        settings.looks.split()
            ? static_cast<std::uint32_t>(std::clamp(std::lround(settings.looks.divider * w), 0L, w))
            : 0;
    return p;
}

const renderer::SoftwarePicture* SoftwareView::draw(const SoftwareViewSettings& settings,
                                                    std::uint32_t targetWidth, std::uint32_t targetHeight,
                                                    renderer::FrameRequest request,
                                                    renderer::PictureTarget upload) {
    const std::optional<renderer::SoftwarePicture> described =
        picture(settings, targetWidth, targetHeight, upload);
    if (!described) return nullptr;
    const int w = static_cast<int>(targetWidth), h = static_cast<int>(targetHeight);
    SoftwareViewStats stats;
    stats.layout = softLayout(settings.resolution, w, h);
    request.width = stats.layout.width;
    request.height = stats.layout.height;
    request.settings.soft = settings.options;
    request.picture = true;
    request.depth = false;
    // At the window's own resolution the look draws its colours straight into the upload.
    const SoftLayout& l = stats.layout;
    const bool whole = l.scale == 1 && l.offsetX == 0 && l.offsetY == 0 && l.width == w && l.height == h;
    if (whole) request.into = upload;
    stats.frame = renderer_->render(request);
    const auto t = std::chrono::steady_clock::now();
    if (!whole) composePicture(stats.frame.picture, l, w, h, upload);
    stats.frame.picture = {}; // composed: not kept twice
    stats.resolveMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
    stats_ = std::move(stats);
    picture_ = *described;
    return &picture_;
}

} // namespace rgx::app

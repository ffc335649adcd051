#include "app/commands/look_output.h"

#include "loaders/text.h"
#include "renderer/soft/indexed_png.h"
#include "renderer/vk/png.h"

#include <algorithm>
#include <iostream>
#include <sstream>

namespace rgx::app {

LookDevice openLook(renderer::Look look, bool named, const std::string& what) {
    LookDevice device;
    device.look = look;
    if (!renderer::lookNeedsVulkan(look)) return device;
    try {
        device.context.emplace(renderer::createContext());
    } catch (const std::exception& e) {
        if (named) throw;
        std::cerr << "note: no Vulkan device (" << loaders::printableLine(e.what()) << "): drawing with the "
                  << "software renderer (" << what << ") instead\n";
        device.look = renderer::Look::Software;
    }
    return device;
}

renderer::LookPicture upscalePicture(renderer::LookPicture picture, int scale) {
    scale = std::max(scale, 1);
    if (scale == 1) return picture;
    renderer::LookPicture out;
    out.width = picture.width * scale;
    out.height = picture.height * scale;
    out.palette = picture.palette;
    const auto area = static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height);
    if (!picture.indices.empty()) out.indices.resize(area);
    if (!picture.depth.empty()) out.depth.resize(area);
    if (!picture.rgba.empty()) out.rgba.resize(area * 4);
    for (int y = 0; y < out.height; ++y)
        for (int x = 0; x < out.width; ++x) {
            const std::size_t from = static_cast<std::size_t>(y / scale) * picture.width + x / scale;
            const std::size_t to = static_cast<std::size_t>(y) * out.width + x;
            if (!out.indices.empty()) out.indices[to] = picture.indices[from];
            if (!out.depth.empty()) out.depth[to] = picture.depth[from];
            if (!out.rgba.empty()) std::copy_n(picture.rgba.begin() + from * 4, 4, out.rgba.begin() + to * 4);
        }
    return out;
}

void writePicture(const std::filesystem::path& path, const renderer::LookPicture& picture) {
    if (picture.palette && !picture.indices.empty()) {
        renderer::soft::writeIndexedPng(path,
                                        {picture.width, picture.height, picture.indices, *picture.palette});
        return;
    }
    renderer::Rgba8Image image;
    image.width = static_cast<std::uint32_t>(picture.width);
    image.height = static_cast<std::uint32_t>(picture.height);
    image.pixels = picture.rgba;
    renderer::writePng(path, image);
}

const char* lookTitle(renderer::Look look) {
    return renderer::kLookTitles.name(look, "look");
}

std::string frameLine(const std::string& what, const renderer::LookInfo& info,
                      const renderer::LookFrame& frame, double loadMs, double renderMs, double writeMs) {
    const renderer::FrameStats& s = frame.stats;
    std::ostringstream line;
    // Objects: total (layers on) -> after PVO -> after frustum (drawn).
    line << what << ": " << lookTitle(info.look) << ", " << s.draws << " draws, " << s.triangles
         << " triangles, objects " << s.objectsTotal << " total, " << s.objectsAfterPvo << " after PVO"
         << (s.pvoApplied ? "" : " (no PVO here)") << ", " << s.objects << " after frustum; load "
         << static_cast<int>(loadMs) << " ms, "
         << (info.figures.find(renderer::figure::kGlidePipelinesMs) ? "upload " : "tables ")
         << static_cast<int>(info.prepareMs) << " ms, render " << static_cast<int>(renderMs) << " ms, png "
         << static_cast<int>(writeMs) << " ms";
    if (!frame.detail.empty()) line << "; " << frame.detail;
    return line.str();
}

} // namespace rgx::app

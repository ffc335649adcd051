#include "scene/redguard/materials.h"

#include "base/error.h"
#include "loaders/redguard/rob.h"

#include <cstdio>

namespace rgx::scene {

std::string texbsiPath(int textureId) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "fxart/TEXBSI.%03d", textureId);
    return buf;
}

MaterialLibrary::MaterialLibrary(const GameFs* fs, Scene& scene) : fs_(fs), scene_(scene) {}

std::shared_ptr<loaders::TexbsiFile> MaterialLibrary::bank(int textureId) {
    if (auto it = banks_.find(textureId); it != banks_.end()) return it->second;
    std::shared_ptr<loaders::TexbsiFile> file;
    const std::string path = texbsiPath(textureId);
    if (!fs_) {
        scene_.warnings.push_back(path + ": no game directory to read textures from; magenta stand-ins");
    } else if (!fs_->exists(path)) {
        scene_.warnings.push_back(path + ": texture bank not found; its images use a magenta stand-in");
    } else {
        try {
            loaders::Warnings read;
            file = std::make_shared<loaders::TexbsiFile>(fs_->decode(
                path, [&](const loaders::Bytes& b) { return loaders::readTexbsi(b, path, &read); }));
            appendWarningTexts(scene_.warnings, read);
        } catch (const Error& e) {
            scene_.warnings.push_back(std::string(e.what()) + " (its images use a magenta stand-in)");
        }
    }
    banks_.emplace(textureId, file);
    return file;
}

int MaterialLibrary::texture(int textureId, int imageId) {
    const auto key = std::make_pair(textureId, imageId);
    if (auto it = textures_.find(key); it != textures_.end()) return it->second;
    SceneTexture t;
    t.textureId = textureId;
    t.imageId = imageId;
    loaders::TexbsiImage* found = nullptr;
    if (const std::shared_ptr<loaders::TexbsiFile> file = bank(textureId)) {
        found = loaders::findTexbsiImage(*file, imageId);
        if (!found) {
            scene_.warnings.push_back(texbsiPath(textureId) + ": no image " + std::to_string(imageId) +
                                      "; a magenta stand-in is used");
        }
    }
    if (found) {
        t.name = found->name;
        t.width = found->header.width;
        t.height = found->header.height;
        t.texScale = loaders::texbsiTexScale(found->header);
        t.embeddedPalette = found->palette.has_value() && !scene_.colPalette;
        // The frames move out of the bank: each (bank, image) becomes one texture, once, so the
        // texels are held once (the bank keeps the headers).
        t.image = texbsiIndexedImage(std::move(*found));
    } else {
        t.width = t.height = 16;
    }
    const int index = static_cast<int>(scene_.textures.size());
    scene_.textures.push_back(std::move(t));
    textures_.emplace(key, index);
    return index;
}

std::shared_ptr<const IndexedImage> texbsiIndexedImage(loaders::TexbsiImage&& image) {
    auto out = std::make_shared<IndexedImage>();
    out->name = image.name;
    out->width = image.header.width;
    out->height = image.header.height;
    out->frames = std::move(image.frames);
    out->palette = image.palette;
    out->frameSeconds = loaders::texbsiAnimTicks(image.header) / loaders::kPitTicksPerSecond;
    return out;
}

std::uint32_t MaterialLibrary::add(const Material& m) {
    const auto key =
        std::make_tuple(m.solid, m.solid ? int{m.colorIndex} : m.texture, m.renderMode, m.placeholder);
    if (auto it = materials_.find(key); it != materials_.end()) return it->second;
    const auto index = static_cast<std::uint32_t>(scene_.materials.size());
    scene_.materials.push_back(m);
    materials_.emplace(key, index);
    return index;
}

RenderMode renderModeFromRob(std::uint8_t robMode) {
    switch (robMode) {
    case loaders::rob_render_mode::kStandard:
        return RenderMode::Standard;
    case loaders::rob_render_mode::kTransparent:
        return RenderMode::Transparent;
    case loaders::rob_render_mode::kWater:
        return RenderMode::Water;
    case loaders::rob_render_mode::kBeam:
        return RenderMode::Beam;
    default:
        return RenderMode::Other;
    }
}

std::uint32_t MaterialLibrary::solid(std::uint8_t colorIndex, RenderMode renderMode) {
    Material m;
    m.solid = true;
    m.colorIndex = colorIndex;
    m.color = scene_.palette[colorIndex];
    m.renderMode = renderMode;
    return add(m);
}

std::uint32_t MaterialLibrary::textured(int textureId, int imageId, RenderMode renderMode) {
    Material m;
    m.solid = false;
    m.texture = texture(textureId, imageId);
    m.renderMode = renderMode;
    m.placeholder = scene_.textures[static_cast<std::size_t>(m.texture)].image == nullptr;
    if (m.placeholder) m.color = {255, 0, 255};
    return add(m);
}

std::uint32_t MaterialLibrary::placeholder() {
    Material m;
    m.solid = true;
    m.colorIndex = 0;
    m.color = {255, 0, 255};
    m.placeholder = true;
    return add(m);
}

} // namespace rgx::scene

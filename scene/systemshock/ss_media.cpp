#include "scene/systemshock/ss_media.h"

#include "base/error.h"
#include "loaders/systemshock/bitmap.h"
#include "loaders/systemshock/palette.h"

namespace rgx::scene::systemshock {

namespace lss = loaders::systemshock;

std::optional<std::string> findDataFile(const GameFs& fs, const std::string& name) {
    for (const char* dir : kDataDirectories)
        if (fs.exists(dir + name)) return dir + name;
    return std::nullopt;
}

SystemShockMedia::SystemShockMedia(const GameFs& fs, Scene& scene) : fs_(fs), scene_(scene) {
    const std::string fallback = "; rgx's stand-in palette (the demo's) is used";
    const std::optional<std::string> found = findDataFile(fs_, "GAMEPAL.RES");
    const std::string path = found.value_or("GAMEPAL.RES");
    if (!found) {
        scene_.warnings.push_back(
            "GAMEPAL.RES: not found in DATA/, RES/DATA/, CDROM/DATA/, HD/DATA/ or the game "
            "directory" +
            fallback);
    } else {
        try {
            loaders::Warnings read;
            scene_.palette = fs_.decode(
                path, [&](const loaders::Bytes& b) { return lss::readGamePalette(b, path, &read); });
            appendWarningTexts(scene_.warnings, read);
            scene_.colPalette = true;
            return;
        } catch (const Error& e) {
            scene_.warnings.push_back(std::string(e.what()) + fallback);
        }
    }
    scene_.palette = lss::standInPalette();
}

int SystemShockMedia::texture(int id) {
    if (auto it = textures_.find(id); it != textures_.end()) return it->second;
    int& slot = textures_[id] = -1;
    const std::optional<std::string> found = findDataFile(fs_, "TEXTURE.RES");
    const std::string path = found.value_or("TEXTURE.RES");
    if (!textureFileRead_) {
        textureFileRead_ = true;
        if (!found) {
            scene_.warnings.push_back(
                "TEXTURE.RES: not found in DATA/, RES/DATA/, CDROM/DATA/, HD/DATA/ or the game "
                "directory; the level's textures are magenta stand-ins");
        } else {
            try {
                loaders::Warnings read;
                textureBytes_ = fs_.read(path);
                textureDirectory_ = lss::readResDirectory(textureBytes_, path, &read);
                appendWarningTexts(scene_.warnings, read);
            } catch (const Error& e) {
                scene_.warnings.push_back(std::string(e.what()) +
                                          " (the level's textures are magenta stand-ins)");
            }
        }
    }
    if (!textureDirectory_) return slot;
    if (id < 0 || id >= lss::kTextureCount) {
        scene_.warnings.push_back(path + ": texture id " + std::to_string(id) +
                                  " is outside 0..272; its faces are a magenta stand-in");
        return slot;
    }
    for (const lss::TextureChunk& where : lss::textureChunks(id)) {
        const lss::ResDirEntry* entry = lss::findResEntry(*textureDirectory_, where.chunk);
        if (!entry) continue;
        const std::string at = path + ":" + std::to_string(where.chunk);
        try {
            // Each chunk unpacked once: chunks 76 and 77 hold every texture's small sizes.
            auto cached = chunks_.find(where.chunk);
            if (cached == chunks_.end()) {
                loaders::Warnings read;
                cached =
                    chunks_.emplace(where.chunk, lss::readResChunk(textureBytes_, *entry, path, &read)).first;
                appendWarningTexts(scene_.warnings, read);
            }
            const lss::ResChunk& chunk = cached->second;
            const loaders::Bytes* bytes = nullptr;
            if (chunk.subdivided()) {
                if (where.block < chunk.blocks.size()) bytes = &chunk.blocks[where.block];
            } else if (where.block == 0) {
                bytes = &chunk.data;
            }
            if (!bytes) continue;
            // The size this place holds, checked in the header before any pixel is unpacked (an RLE
            // bitmap of a few bytes can claim 16 million pixels).
            if (const std::optional<lss::BitmapSize> size = lss::bitmapHeaderSize(*bytes)) {
                if (size->width != where.side || size->height != where.side) {
                    scene_.warnings.push_back(
                        at + ": texture " + std::to_string(id) + " is " + std::to_string(size->width) +
                        " x " + std::to_string(size->height) + ", not " + std::to_string(where.side) +
                        " a side there; its next size is tried");
                    continue;
                }
            }
            loaders::Warnings read;
            const lss::Bitmap bitmap = lss::readBitmap(*bytes, at, &read);
            appendWarningTexts(scene_.warnings, read);
            auto image = std::make_shared<IndexedImage>();
            image->name = "texture " + std::to_string(id);
            image->width = bitmap.width;
            image->height = bitmap.height;
            image->frames.push_back(bitmap.pixels);
            SceneTexture t;
            t.textureId = id;
            t.imageId = where.side;
            t.name = image->name;
            t.width = bitmap.width;
            t.height = bitmap.height;
            t.image = std::move(image);
            scene_.textures.push_back(std::move(t));
            slot = static_cast<int>(scene_.textures.size()) - 1;
            return slot;
        } catch (const Error& e) {
            scene_.warnings.push_back(std::string(e.what()) + " (texture " + std::to_string(id) +
                                      " tries its next size)");
        }
    }
    scene_.warnings.push_back(path + ": no bitmap of texture " + std::to_string(id) +
                              "; its faces are a magenta stand-in");
    return slot;
}

} // namespace rgx::scene::systemshock

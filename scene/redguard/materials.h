#pragma once
// Materials and textures of one scene. Each TEXBSI bank is read once, each (textureId, imageId)
// becomes one SceneTexture (its texels moved out of the bank into an IndexedImage, held once),
// and each distinct material
// (solid colour or texture, render mode) one Material. Missing banks or images become a magenta
// stand-in with one warning each, never an exception.

#include "scene/game_fs.h"
#include "scene/scene_graph.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>

namespace rgx::scene {

// Redguard's rule for a ROB segment's render mode byte (loaders::robRenderMode): the four the
// reference names, and Other for any other byte.
RenderMode renderModeFromRob(std::uint8_t robMode);

class MaterialLibrary {
public:
    // Fills scene.textures / scene.materials; warnings go to scene.warnings. fs may be null (no
    // game directory: every texture is missing).
    MaterialLibrary(const GameFs* fs, Scene& scene);

    // Index into scene.textures of TEXBSI.<textureId> image <imageId> (looked up by the name's
    // 3-digit id, as the engine does).
    int texture(int textureId, int imageId);
    std::uint32_t solid(std::uint8_t colorIndex, RenderMode renderMode = RenderMode::Standard);
    std::uint32_t textured(int textureId, int imageId, RenderMode renderMode = RenderMode::Standard);
    std::uint32_t placeholder(); // magenta, flagged placeholder

    const SceneTexture& textureAt(int index) const {
        return scene_.textures[static_cast<std::size_t>(index)];
    }
    std::size_t banksRead() const { return banks_.size(); }

private:
    std::uint32_t add(const Material& m);
    std::shared_ptr<loaders::TexbsiFile> bank(int textureId);

    const GameFs* fs_;
    Scene& scene_;
    std::map<int, std::shared_ptr<loaders::TexbsiFile>> banks_; // nullptr: missing (warned)
    std::map<std::pair<int, int>, int> textures_;
    // (solid, colour index or texture, render mode, placeholder) -> index into scene.materials
    std::map<std::tuple<bool, int, RenderMode, bool>, std::uint32_t> materials_;
};

// A TEXBSI image as the looks draw it: its frames (moved out), its CMAP, its frame time in whole
// PIT ticks (loaders::texbsiAnimTicks).
std::shared_ptr<const IndexedImage> texbsiIndexedImage(loaders::TexbsiImage&& image);

// "fxart/TEXBSI.302" for 302.
std::string texbsiPath(int textureId);

} // namespace rgx::scene

#pragma once
// The glTF container as rgx fills it (export/gltf_export.h): one binary buffer that accessors,
// images and animations append to, and the pieces of a scene besides its meshes and nodes
// (materials with palette-resolved textures, lights, the camera, a model's frame animation).

#include "export/gltf_export.h"
#include "renderer/lighting/world_lighting.h"
#include "view/camera.h"

#include <tiny_gltf.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <utility>
#include <vector>

namespace rgx::exporter {

// The morph targets a scene mesh is written with: its resident 3DC frames after frame 0 (frameCount
// - 1) when `frames` asks for them and every frame is resident, else 0.
std::size_t morphTargetCount(const scene::Mesh& mesh, bool frames);

struct GltfBuilder {
    tinygltf::Model model;
    // Per scene texture, its frames' images (addMaterials); empty for a texture not written.
    std::vector<std::vector<int>> frameImages;
    std::map<std::tuple<int, int, std::uint32_t>, int> texturedMaterials; // materialWithTexture's

    // Accessors over data appended to the buffer (4-byte aligned views).
    // POSITION needs min / max; target TINYGLTF_TARGET_ARRAY_BUFFER for vertex data, 0 for
    // animation data (a view of animation keys has no target).
    int vec3Accessor(const std::vector<float>& xyz, bool withBounds,
                     int target = TINYGLTF_TARGET_ARRAY_BUFFER);
    int vec2Accessor(const std::vector<float>& uv);
    int vec4Accessor(const std::vector<float>& xyzw);
    int indexAccessor(const std::vector<std::uint32_t>& indices);
    // A morph target's deltas: sparse (only the vertices that move) when under a third of them
    // move, else dense; POSITION deltas carry min / max as glTF asks.
    int deltaAccessor(const std::vector<float>& xyz);
    int scalarAccessor(const std::vector<float>& values, bool withBounds);
    // Animation data: key times (with min / max), morph weights (weightsAccessor), VEC3 or VEC4
    // outputs; one accessor per distinct content, so the actors playing the same group share theirs.
    enum class AnimationData { Times, Weights, Vec3, Vec4 };
    int animationAccessor(const std::vector<float>& values, AnimationData kind);
    // Morph weights keyed over time (one-hot or all zero per key): sparse over zeros when under a
    // third of them are non-zero, else dense.
    int weightsAccessor(const std::vector<float>& weights);

    // One glTF material per scene material (returned in scene order): solid colours as the base
    // colour; textures as palette-resolved PNG images (index 0 transparent: alpha mask), or from
    // their true colours and alpha where the scene keeps them (IndexedImage::trueColour), nearest
    // sampling, animated images' other frames as images of their own named by frame (listed in
    // the texture's extras); water, transparent and beam render modes blended at half alpha (the
    // render mode in extras).
    std::vector<int> addMaterials(const scene::Scene& scene, bool textures, ExportStats& stats);

    // A copy of glTF material `material` showing frame `frame` (mod its frames) of scene texture
    // `texture` instead of its own (a flat's world state, sim::FlatState), made once per
    // (material, texture, frame); `material` itself where that texture was not written.
    int materialWithTexture(int material, int texture, std::uint32_t frame);

    // KHR_lights_punctual on `node`: point lights with their range, directional ones turned to
    // their direction; ambient lights (no glTF kind) as points with extras.kind "ambient".
    void addLight(int node, const renderer::PointLight& light, ExportStats& stats);

    // A camera node placed as `view` (perspective, the view's vertical field of view); returns it.
    int addCamera(const view::Camera& view, double nearPlane, double farPlane);

    // One animation "frames": every node showing a mesh with morph targets steps through its
    // frames, one every tick (STEP interpolation on the weights).
    void addFrameAnimation(const scene::Scene& scene, const std::vector<int>& nodeOf, double ticksPerSecond,
                           ExportStats& stats);

    // Writes the model (throws rgx::Error naming the file when it cannot).
    void write(const std::filesystem::path& out, bool binary);

private:
    // By content: the values' bit patterns (exact: -0 is not 0, and NaN orders like any number).
    std::map<std::pair<AnimationData, std::vector<std::uint32_t>>, int> animationAccessors_;
    int appendView(const void* data, std::size_t bytes, int target);
    int accessor(int view, int componentType, int type, std::size_t count);
    // Elements of `type` (VEC3, SCALAR): sparse over zeros where under a third are non-zero, else a
    // dense view with `target`.
    int mostlyZeroAccessor(const std::vector<float>& values, int type, bool withBounds, int target);
};

} // namespace rgx::exporter

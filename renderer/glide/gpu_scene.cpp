#include "renderer/glide/gpu_scene.h"

#include "renderer/sky/rain.h"

#include "shaders/shared.h"

#include <algorithm>
#include <cstring>
#include <span>

namespace rgx::renderer {

// The shader reads scene::RenderMode's values as they are.
static_assert(static_cast<std::uint32_t>(scene::RenderMode::Transparent) == shaders::kGlideModeTransparent);
static_assert(static_cast<std::uint32_t>(scene::RenderMode::Water) == shaders::kGlideModeWater);
static_assert(static_cast<std::uint32_t>(scene::RenderMode::Beam) == shaders::kGlideModeBeam);

namespace {

constexpr VkBufferUsageFlags kStorage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

// A device-local buffer holding `data` (at least 16 bytes: empty tables still bind).
template <typename T>
Buffer deviceBuffer(const VulkanContext& context, const std::vector<T>& data, VkBufferUsageFlags usage) {
    const VkDeviceSize bytes = std::max<VkDeviceSize>(16, data.size() * sizeof(T));
    Buffer buffer = createBuffer(context, bytes, usage, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    if (!data.empty()) {
        uploadBuffer(context, buffer,
                     std::span<const std::byte>(reinterpret_cast<const std::byte*>(data.data()),
                                                data.size() * sizeof(T)));
    }
    return buffer;
}

// Appends palette indices as RGBA8 texels, index 0 cut out (alpha 0): a texture's frames and the
// sky's images alike.
void appendIndexed(std::span<const std::uint8_t> indices, const loaders::Palette256& palette,
                   std::vector<std::uint32_t>& texels) {
    for (const std::uint8_t index : indices) {
        const loaders::ColorRgb c = palette[index];
        texels.push_back(index == 0 ? 0u : packRgba8(c.r, c.g, c.b, 255));
    }
}

// Appends the texture's frames as RGBA8 (index 0 cut out; true-colour frames as they are) and returns its
// table entry; a missing or malformed image becomes one magenta texel, like the scene's placeholders.
shaders::GlideTexture appendTexels(const scene::SceneTexture& tex, const loaders::Palette256& worldPalette,
                                   std::vector<std::uint32_t>& texels) {
    shaders::GlideTexture entry{};
    entry.offset = static_cast<std::uint32_t>(texels.size());
    const std::size_t area = static_cast<std::size_t>(std::max(tex.width, 0)) * std::max(tex.height, 0);
    bool ok = tex.image != nullptr && area > 0 && !tex.image->frames.empty();
    if (ok) {
        for (const auto& frame : tex.image->frames)
            ok = ok && frame.size() == area;
    }
    if (!ok) {
        texels.push_back(packRgba8(255, 0, 255, 255));
        entry.width = entry.height = entry.frames = 1;
        return entry;
    }
    const loaders::Palette256& palette = tex.palette(worldPalette);
    bool trueColour = tex.image->trueColour.size() == tex.image->frames.size();
    for (const auto& frame : tex.image->trueColour)
        trueColour = trueColour && frame.size() == area;
    if (trueColour) { // as the source stored it, its own alpha cutting out
        for (const auto& frame : tex.image->trueColour)
            texels.insert(texels.end(), frame.begin(), frame.end());
    } else {
        for (const auto& frame : tex.image->frames)
            appendIndexed(frame, palette, texels);
    }
    entry.width = static_cast<std::uint32_t>(tex.width);
    entry.height = static_cast<std::uint32_t>(tex.height);
    entry.frames = static_cast<std::uint32_t>(tex.image->frames.size());
    entry.frameSeconds = static_cast<float>(tex.frameSeconds());
    return entry;
}

} // namespace

shaders::mat4 toMat4(const Mat4& m) {
    shaders::mat4 r{};
    for (int c = 0; c < 4; ++c) {
        r.columns[c] = {static_cast<float>(m.m[0][c]), static_cast<float>(m.m[1][c]),
                        static_cast<float>(m.m[2][c]), static_cast<float>(m.m[3][c])};
    }
    return r;
}

std::uint32_t packRgba8(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
    return std::uint32_t{r} | (std::uint32_t{g} << 8) | (std::uint32_t{b} << 16) | (std::uint32_t{a} << 24);
}

GpuScene uploadScene(const VulkanContext& context, const scene::Scene& scene, int skipNode,
                     const SkyLook* sky) {
    GpuScene gpu;
    const std::vector<bool> used = drawnMeshes(scene, skipNode);
    std::vector<float> vertices;
    std::vector<std::uint32_t> indices;
    vertices.reserve(scene.totalVertices() * shaders::kGlideVertexFloats);
    indices.reserve(scene.totalTriangles() * 3);
    for (std::size_t m = 0; m < scene.meshes.size(); ++m) {
        const scene::Mesh& mesh = scene.meshes[m];
        gpu.meshes.push_back({static_cast<std::uint32_t>(indices.size()),
                              static_cast<std::int32_t>(vertices.size() / shaders::kGlideVertexFloats),
                              static_cast<std::uint32_t>(mesh.vertices.size()), 1});
        if (!used[m]) continue;
        const auto put = [&](const scene::MeshVertex& v) {
            vertices.insert(vertices.end(), {v.position[0], v.position[1], v.position[2], v.normal[0],
                                             v.normal[1], v.normal[2], v.uv[0], v.uv[1], v.light});
        };
        for (const scene::MeshVertex& v : mesh.vertices)
            put(v);
        // Frames 1.. right after frame 0: frame k starts k * vertexCount vertices in.
        for (const scene::MeshVertex& v : mesh.frameVertices)
            put(v);
        gpu.meshes.back().frameCount = mesh.frameCount;
        gpu.animationBytes += mesh.frameVertices.size() * shaders::kGlideVertexFloats * sizeof(float);
        indices.insert(indices.end(), mesh.indices.begin(), mesh.indices.end());
    }

    std::vector<shaders::GlideInstance> instances;
    for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
        if (!drawnAsInstance(scene, i, skipNode)) continue;
        const scene::SceneNode& node = scene.nodes[i];
        shaders::GlideInstance gi{};
        gi.world = toMat4(node.world);
        gi.flags = node.kind == scene::NodeKind::Flat ? shaders::kGlideInstanceBillboard : 0u;
        gi.node = static_cast<std::uint32_t>(i);
        instances.push_back(gi);
        gpu.instanceInfo.push_back(
            {static_cast<std::uint32_t>(node.mesh), static_cast<std::uint32_t>(i), instanceLayer(node.kind)});
    }

    std::vector<shaders::GlideMaterial> materials;
    for (const scene::Material& m : scene.materials) {
        shaders::GlideMaterial gm{};
        gm.color = {m.color.r / 255.0f, m.color.g / 255.0f, m.color.b / 255.0f, 1.0f};
        gm.textureIndex = m.solid ? -1 : m.texture;
        if (gm.textureIndex >= static_cast<int>(scene.textures.size())) gm.textureIndex = -1;
        if (gm.textureIndex < 0 && !m.solid) gm.color = {1.0f, 0.0f, 1.0f, 1.0f};
        gm.renderMode = static_cast<std::uint32_t>(m.renderMode);
        materials.push_back(gm);
    }

    {
        shaders::GlideMaterial rain{};
        rain.color = {kRainColor[0] / 255.0f, kRainColor[1] / 255.0f, kRainColor[2] / 255.0f, 1.0f};
        rain.textureIndex = -1;
        rain.renderMode = static_cast<std::uint32_t>(scene::RenderMode::Transparent);
        gpu.rainMaterial = static_cast<std::uint32_t>(materials.size());
        materials.push_back(rain);
    }
    std::vector<shaders::GlideTexture> textures;
    std::vector<std::uint32_t> texels;
    for (const scene::SceneTexture& tex : scene.textures)
        textures.push_back(appendTexels(tex, scene.palette, texels));
    if (sky) {
        const std::optional<SkyImage>* images[] = {&sky->panorama, &sky->clouds, &sky->sun};
        for (std::size_t layer = 0; layer < 3; ++layer) {
            if (!*images[layer]) continue;
            const SkyImage& image = **images[layer];
            shaders::GlideTexture entry{};
            entry.offset = static_cast<std::uint32_t>(texels.size());
            entry.width = static_cast<std::uint32_t>(image.width);
            entry.height = static_cast<std::uint32_t>(image.height);
            entry.frames = 1;
            appendIndexed(image.indices, image.palette, texels);
            gpu.skyTextures[layer] = static_cast<int>(textures.size());
            textures.push_back(entry);
        }
    }
    gpu.texelCount = texels.size();

    gpu.vertices = deviceBuffer(context, vertices, kStorage);
    gpu.indices =
        deviceBuffer(context, indices, VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    gpu.instances = deviceBuffer(context, instances, kStorage);
    gpu.materials = deviceBuffer(context, materials, kStorage);
    gpu.textures = deviceBuffer(context, textures, kStorage);
    gpu.texels = deviceBuffer(context, texels, kStorage);
    return gpu;
}

} // namespace rgx::renderer

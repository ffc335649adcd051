// The software renderer's scene, prepared once: textures as world palette indices (an embedded
// CMAP mapped by nearest colour), materials with their blend class, the placed instances and
// their culling spheres (renderer/culling/culling.h, as the Glide path has them), the terrain's cells
// and grid, the tables built from the world palette, and the SYSTEM.INI distances.

#include "renderer/soft/soft_internal.h"
#include "shaders/shared.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace rgx::renderer::soft::detail {

Blend blendFor(scene::RenderMode renderMode) {
    switch (renderMode) {
    case scene::RenderMode::Transparent:
        return Blend::Transparent;
    case scene::RenderMode::Water:
        return Blend::Water;
    case scene::RenderMode::Beam:
        return Blend::Additive;
    case scene::RenderMode::Standard:
    case scene::RenderMode::Other:
        break;
    }
    return Blend::Opaque;
}

namespace {

// A 0..1 RGB colour (the world lighting's) as 8-bit channels.
loaders::ColorRgb colorOf(const std::array<float, 3>& rgb) {
    const auto c = [](float v) {
        return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255));
    };
    return {c(rgb[0]), c(rgb[1]), c(rgb[2])};
}

// The image can be drawn: it is there and every frame has its size.
bool textureReadable(const scene::SceneTexture& tex) {
    const std::size_t area = static_cast<std::size_t>(std::max(tex.width, 0)) * std::max(tex.height, 0);
    bool ok = tex.image != nullptr && area > 0 && !tex.image->frames.empty();
    if (ok)
        for (const auto& frame : tex.image->frames)
            ok = ok && frame.size() == area;
    return ok;
}

// The index missing things are drawn in. Where the scene has something missing and the palette
// no magenta, one entry nothing draws as it is becomes magenta in `palette` (before any table is
// built from it), so that the software look shows the Glide look's colour, not the nearest of a
// palette that has none (a grey in a grey ramp).
std::optional<std::uint8_t> missingIndex(const scene::Scene& scene, const WorldLighting& lighting,
                                         loaders::Palette256& palette) {
    bool missing = false;
    for (const scene::Material& m : scene.materials)
        missing = missing || m.placeholder;
    for (const scene::SceneTexture& tex : scene.textures)
        missing = missing || !textureReadable(tex);
    if (!missing) return std::nullopt;
    std::array<bool, 256> used{};
    used[0] = true;
    for (const scene::SceneTexture& tex : scene.textures) {
        // Texels of an image with its own palette are mapped by colour later, into `palette` as it
        // will be; the others are world indices as they are.
        if (!textureReadable(tex) || (tex.embeddedPalette && tex.image->palette)) continue;
        for (const auto& frame : tex.image->frames)
            for (std::uint8_t i : frame)
                used[i] = true;
    }
    for (const scene::Material& m : scene.materials)
        if (m.solid && !m.placeholder) used[m.colorIndex] = true;
    if (lighting.clearIndex) used[*lighting.clearIndex] = true;
    return reserveMagenta(palette, used);
}

Texture prepareTexture(const scene::SceneTexture& tex, const loaders::Palette256& world,
                       std::uint8_t magenta) {
    Texture out;
    if (!textureReadable(tex)) { // a missing or malformed image: one magenta texel, like the Glide path's
        out.frames.push_back({magenta});
        return out;
    }
    out.width = tex.width;
    out.height = tex.height;
    const bool remap = tex.embeddedPalette && tex.image->palette;
    const std::array<std::uint8_t, 256> map =
        remap ? remapPalette(*tex.image->palette, world) : std::array<std::uint8_t, 256>{};
    for (const auto& frame : tex.image->frames) {
        out.frames.push_back(frame);
        if (remap)
            for (std::uint8_t& i : out.frames.back())
                i = map[i];
    }
    out.frameSeconds = tex.frameSeconds();
    out.powerOfTwo = (out.width & (out.width - 1)) == 0 && (out.height & (out.height - 1)) == 0;
    return out;
}

} // namespace

SharedVertices sharedVertices(const scene::Mesh& mesh) {
    SharedVertices s;
    const std::size_t count = mesh.vertices.size();
    const std::uint32_t frames = std::max<std::uint32_t>(1, mesh.frameCount);
    // Each vertex's position, normal and light in every frame, as bytes: equal keys give equal
    // results.
    constexpr std::size_t kBytes = sizeof(float) * 7;
    std::vector<std::uint8_t> keys(count * frames * kBytes);
    for (std::uint32_t f = 0; f < frames; ++f) {
        const std::span<const scene::MeshVertex> frame = scene::meshFrameVertices(mesh, f);
        for (std::size_t i = 0; i < count && i < frame.size(); ++i) {
            std::uint8_t* key = keys.data() + (i * frames + f) * kBytes;
            std::memcpy(key, frame[i].position, sizeof(float) * 3);
            std::memcpy(key + sizeof(float) * 3, frame[i].normal, sizeof(float) * 3);
            std::memcpy(key + sizeof(float) * 6, &frame[i].light, sizeof(float));
        }
    }
    const std::size_t keyBytes = frames * kBytes;
    std::vector<std::uint32_t> order(count);
    for (std::size_t i = 0; i < count; ++i)
        order[i] = static_cast<std::uint32_t>(i);
    const auto key = [&](std::uint32_t i) { return keys.data() + i * keyBytes; };
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return std::memcmp(key(a), key(b), keyBytes) < 0;
    });
    s.slot.assign(count, 0);
    for (std::size_t k = 0; k < count; ++k) {
        const std::uint32_t i = order[k];
        if (k == 0 || std::memcmp(key(order[k - 1]), key(i), keyBytes) != 0) s.unique.push_back(i);
        s.slot[i] = static_cast<std::uint32_t>(s.unique.size() - 1);
    }
    return s;
}

Prepared prepareScene(const PreparedWorld& world) {
    const scene::Scene& scene = *world.scene;
    const WorldLighting& lighting = world.lighting;
    Prepared p;
    p.world = &world;
    p.palette = scene.palette;
    const std::optional<std::uint8_t> reserved = missingIndex(scene, lighting, p.palette);
    p.shade = buildShadeTable(p.palette);
    if (reserved) // one flat magenta: the palette holds no darker or lighter shades of it
        for (int level = 0; level < kShadeLevels; ++level)
            p.shade.entries[static_cast<std::size_t>(level) * 256 + *reserved] = *reserved;
    // The game's own distance tables where its engine gave them (Daggerfall's HAZE/SHADE), else
    // tables towards the fog colour.
    if (scene.look && scene.look->distanceTables &&
        scene.look->distanceTables->entries.size() == scene::kDistanceTableLevels * 256)
        p.haze =
            hazeFromDistanceTables(scene.look->distanceTables->entries, scene.palette, p.palette, reserved);
    else
        p.haze = buildHazeTable(p.palette, colorOf(world.fog.color));
    p.rgb = buildRgbIndexTable(p.palette);
    p.blendTransparent = buildBlendTable(p.palette, p.rgb, shaders::kGlideAlphaTransparent);
    p.blendWater = buildBlendTable(p.palette, p.rgb, shaders::kGlideAlphaWater);
    const loaders::ColorRgb clear = colorOf({lighting.clear[0], lighting.clear[1], lighting.clear[2]});
    p.clearIndex =
        lighting.clearIndex ? *lighting.clearIndex : nearestIndex(p.palette, clear.r, clear.g, clear.b);
    p.sky = prepareSky(world.sky, p.palette);
    const std::uint8_t magenta = reserved ? *reserved : nearestIndex(p.palette, 255, 0, 255);
    for (const scene::SceneTexture& tex : scene.textures)
        p.textures.push_back(prepareTexture(tex, p.palette, magenta));
    for (const scene::Material& m : scene.materials) {
        Material out;
        out.blend = blendFor(m.renderMode);
        out.colorIndex = m.placeholder ? magenta : m.colorIndex;
        if (!m.solid) {
            out.texture =
                m.texture >= 0 && static_cast<std::size_t>(m.texture) < p.textures.size() ? m.texture : -1;
            if (out.texture < 0) out.colorIndex = magenta;
        }
        p.materials.push_back(out);
    }
    p.rainMaterial = static_cast<std::uint32_t>(p.materials.size());
    p.materials.push_back(
        {-1, nearestIndex(p.palette, kRainColor[0], kRainColor[1], kRainColor[2]), Blend::Transparent});
    p.terrain = terrainGridData(scene);
    const int skipNode = p.terrain ? p.terrain->node : -1;
    if (p.terrain) {
        p.grid = *scene.terrain;
        p.waterVertex = sim::waterVertices(p.grid);
    }
    for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
        if (!drawnAsInstance(scene, i, skipNode)) continue;
        const scene::SceneNode& node = scene.nodes[i];
        Instance inst;
        inst.node = static_cast<std::uint32_t>(i);
        inst.mesh = static_cast<std::uint32_t>(node.mesh);
        inst.layer = instanceLayer(node.kind);
        inst.billboard = node.kind == scene::NodeKind::Flat;
        inst.heldItem = node.kind == scene::NodeKind::HeldItem;
        inst.world = node.world;
        inst.sphere = instanceSphere(scene, node);
        p.instances.push_back(inst);
    }
    const std::vector<bool> used = drawnMeshes(scene, skipNode);
    for (std::size_t m = 0; m < scene.meshes.size(); ++m) {
        scene::Mesh mesh;
        if (used[m]) {
            const scene::Mesh& from = scene.meshes[m];
            mesh.vertices = from.vertices;
            mesh.indices = from.indices;
            mesh.submeshes = from.submeshes;
            mesh.frameCount = from.frameCount;
            mesh.frameVertices = from.frameVertices;
        }
        p.shared.push_back(sharedVertices(mesh));
        p.meshes.push_back(std::move(mesh));
    }
    const loaders::SystemIni& system = scene.redguard.environment.system;
    p.perspectiveExtent = static_cast<double>(perspectiveExtent(system));
    return p;
}

} // namespace rgx::renderer::soft::detail

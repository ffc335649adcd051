#include "renderer/glide/gpu_draw_list.h"

#include <algorithm>
#include <cmath>

namespace rgx::renderer {

namespace {

bool layerOn(InstanceLayer layer, const LayerToggles& t) {
    switch (layer) {
    case InstanceLayer::Terrain:
        return t.terrain;
    case InstanceLayer::Actors:
        return t.actors;
    case InstanceLayer::Flats:
        return t.flats;
    default:
        return t.statics;
    }
}

} // namespace

FrustumPlanes frustumPlanes(const float (&m)[16]) {
    const auto row = [&](int r) { return std::array<float, 4>{m[r], m[4 + r], m[8 + r], m[12 + r]}; };
    const auto r0 = row(0), r1 = row(1), r2 = row(2), r3 = row(3);
    FrustumPlanes p{};
    for (int i = 0; i < 4; ++i) {
        p[0][i] = r3[i] + r0[i];
        p[1][i] = r3[i] - r0[i];
        p[2][i] = r3[i] + r1[i];
        p[3][i] = r3[i] - r1[i];
        p[4][i] = r2[i];
        p[5][i] = r3[i] - r2[i];
    }
    for (auto& plane : p) {
        const float len = std::sqrt(plane[0] * plane[0] + plane[1] * plane[1] + plane[2] * plane[2]);
        if (len > 0)
            for (float& v : plane)
                v /= len;
    }
    return p;
}

bool sphereVisible(const FrustumPlanes& planes, const std::array<float, 4>& s) {
    for (const auto& p : planes) {
        if (p[0] * s[0] + p[1] * s[1] + p[2] * s[2] + p[3] < -s[3]) return false;
    }
    return true;
}

DrawListSource drawListSource(const scene::Scene& scene, const GpuScene& gpu) {
    DrawListSource source;
    source.meshes.resize(scene.meshes.size());
    for (std::size_t m = 0; m < scene.meshes.size(); ++m) {
        for (const scene::Submesh& sub : scene.meshes[m].submeshes) {
            if (sub.indexCount == 0 || sub.material >= scene.materials.size()) continue;
            source.meshes[m].submeshes.push_back({gpu.meshes[m].firstIndex + sub.firstIndex, sub.indexCount,
                                                  sub.material,
                                                  glideBlendFor(scene.materials[sub.material].renderMode)});
            ++source.submeshCount;
        }
    }
    // Instances in the order uploadScene made them (nodes with a mesh, helpers left out).
    for (std::uint32_t i = 0; i < gpu.instanceInfo.size(); ++i) {
        const std::uint32_t mesh = gpu.instanceInfo[i].mesh;
        source.meshes[mesh].instances.push_back(i);
    }
    for (const GpuInstanceInfo& info : gpu.instanceInfo) {
        const scene::SceneNode& node = scene.nodes[info.node];
        const scene::Bounds& local = scene.meshes[info.mesh].bounds;
        std::array<float, 4> sphere{0, 0, 0, 1e30f};
        if (!local.empty()) {
            const scene::Bounds b = scene::Bounds::transformed(local, node.world);
            const double dx = b.max.x - b.min.x, dy = b.max.y - b.min.y, dz = b.max.z - b.min.z;
            double radius = std::sqrt(dx * dx + dy * dy + dz * dz) / 2;
            scene::Vec3 centre{(b.min.x + b.max.x) / 2, (b.min.y + b.max.y) / 2, (b.min.z + b.max.z) / 2};
            if (node.kind == scene::NodeKind::Flat) {
                // A billboard turns: the sphere round its origin that holds every turn.
                const double lx = std::max(std::abs(local.min.x), std::abs(local.max.x));
                const double ly = std::max(std::abs(local.min.y), std::abs(local.max.y));
                centre = node.world.translationPart();
                radius = std::sqrt(lx * lx + ly * ly) + 1;
            }
            sphere = {static_cast<float>(centre.x), static_cast<float>(centre.y),
                      static_cast<float>(centre.z), static_cast<float>(radius)};
        }
        source.spheres.push_back(sphere);
    }
    return source;
}

DrawList buildDrawList(const DrawListSource& source, const GpuScene& gpu, const float (&viewProj)[16],
                       const LayerToggles& layers, const std::vector<std::uint8_t>* nodeVisible) {
    DrawList list;
    const auto planes = frustumPlanes(viewProj);
    struct Group {
        std::uint32_t mesh, base, count;
    };
    std::vector<Group> groups;
    for (std::uint32_t m = 0; m < source.meshes.size(); ++m) {
        const auto& mesh = source.meshes[m];
        if (mesh.submeshes.empty()) continue;
        const auto base = static_cast<std::uint32_t>(list.drawInstances.size());
        for (std::uint32_t i : mesh.instances) {
            if (!layerOn(gpu.instanceInfo[i].layer, layers)) continue;
            ++list.stats.objectsTotal;
            const std::uint32_t node = gpu.instanceInfo[i].node;
            if (nodeVisible && node < nodeVisible->size() && !(*nodeVisible)[node]) continue;
            ++list.stats.objectsAfterPvo;
            if (sphereVisible(planes, source.spheres[i])) list.drawInstances.push_back(i);
        }
        const auto count = static_cast<std::uint32_t>(list.drawInstances.size()) - base;
        if (count > 0) groups.push_back({m, base, count});
    }
    list.stats.objects = static_cast<std::uint32_t>(list.drawInstances.size());
    for (int blend = 0; blend < static_cast<int>(GlideBlend::Count); ++blend) {
        for (const Group& g : groups) {
            for (const auto& sub : source.meshes[g.mesh].submeshes) {
                if (static_cast<int>(sub.blend) != blend) continue;
                list.commands.push_back(
                    {static_cast<std::uint32_t>(list.indirect.size()), g.base, sub.material, sub.blend});
                list.indirect.push_back(
                    {sub.indexCount, g.count, sub.firstIndex, gpu.meshes[g.mesh].vertexOffset, 0});
                list.stats.triangles += sub.indexCount / 3 * g.count;
            }
        }
    }
    list.stats.draws = static_cast<std::uint32_t>(list.commands.size());
    return list;
}

} // namespace rgx::renderer

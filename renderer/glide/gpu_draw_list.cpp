#include "renderer/glide/gpu_draw_list.h"

#include "renderer/profile/frame_profile.h"

#include <algorithm>
#include <cmath>

namespace rgx::renderer {

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
        // Every other mesh it can show (an actor's files, a held item's sheathed model): a pose
        // picks the one it is drawn under.
        for (int other : scene::nodeMeshes(scene, scene.nodes[gpu.instanceInfo[i].node]))
            if (other != static_cast<int>(mesh))
                source.meshes[static_cast<std::size_t>(other)].instances.push_back(i);
    }
    source.textureCount = scene.textures.size();
    for (const DrawListSource::MeshInfo& mesh : source.meshes)
        source.maxDrawInstances += mesh.instances.size() * mesh.submeshes.size();
    for (const GpuInstanceInfo& info : gpu.instanceInfo) {
        source.spheres.push_back(instanceSphere(scene, scene.nodes[info.node]));
        source.heldItems.push_back(scene.nodes[info.node].kind == scene::NodeKind::HeldItem);
        source.worlds.push_back(scene.nodes[info.node].world);
        source.flats.push_back(scene.nodes[info.node].kind == scene::NodeKind::Flat);
    }
    return source;
}

namespace {

// GlideDrawInstance::flatState for instance i: its flat's world state, packed (shaders/shared.h).
std::uint32_t flatBits(const DrawListSource& source, std::uint32_t i, const sim::WorldState* world,
                       std::uint32_t node) {
    if (!source.flats[i]) return 0;
    const sim::FlatState* flat = sim::flatState(world, node);
    if (!flat) return 0;
    std::uint32_t bits = 0;
    if (flat->texture >= 0 && static_cast<std::size_t>(flat->texture) < source.textureCount &&
        static_cast<std::uint32_t>(flat->texture) < shaders::kGlideFlatTextureMask)
        bits = static_cast<std::uint32_t>(flat->texture) + 1;
    if (flat->frame)
        bits |= (std::min(*flat->frame, shaders::kGlideFlatMaxFrame) + 1) << shaders::kGlideFlatTextureBits;
    return bits;
}

} // namespace

DrawList buildDrawList(const DrawListSource& source, const GpuScene& gpu, const float (&viewProj)[16],
                       const LayerToggles& layers, const std::vector<std::uint8_t>* nodeVisible,
                       const sim::WorldState* world, bool multiDraw) {
    DrawList list;
    auto started = ProfileClock::now();

    // The per-instance tests, once per instance: the mesh it is drawn under this frame, or -1.
    const auto planes = frustumPlanes(viewProj);
    std::vector<int> drawnAs(gpu.instanceInfo.size(), -1);
    for (std::uint32_t i = 0; i < gpu.instanceInfo.size(); ++i) {
        const std::uint32_t node = gpu.instanceInfo[i].node;
        const sim::NodeState* pose = sim::nodeState(world, node);
        // An actor is listed under every mesh it can show: drawn under the one it shows now.
        const int shows =
            sim::posed(pose) && pose->mesh >= 0 ? pose->mesh : static_cast<int>(gpu.instanceInfo[i].mesh);
        if (shows < 0 || static_cast<std::size_t>(shows) >= source.meshes.size() ||
            source.meshes[static_cast<std::size_t>(shows)].submeshes.empty())
            continue;
        if (!sim::shownThisFrame(pose, source.heldItems[i])) continue;
        if (!layerOn(gpu.instanceInfo[i].layer, layers)) continue;
        ++list.stats.objectsTotal;
        if (nodeVisible && node < nodeVisible->size() && !(*nodeVisible)[node]) continue;
        ++list.stats.objectsAfterPvo;
        if (sim::frustumTested(pose) && !sphereVisible(planes, source.spheres[i])) continue;
        drawnAs[i] = shows;
    }
    list.stats.frustumMs = msSince(started);
    started = ProfileClock::now();

    // The visible instances by mesh (in the mesh's listing order), with their poses.
    struct Group {
        std::uint32_t mesh, base, count;
    };
    std::vector<Group> groups;
    std::vector<shaders::GlideDrawInstance> visible;
    for (std::uint32_t m = 0; m < source.meshes.size(); ++m) {
        const auto base = static_cast<std::uint32_t>(visible.size());
        for (std::uint32_t i : source.meshes[m].instances) {
            if (drawnAs[i] != static_cast<int>(m)) continue;
            const sim::NodeState* pose = sim::nodeState(world, gpu.instanceInfo[i].node);
            std::uint32_t poseIndex = shaders::kGlideNoPose;
            if (sim::posed(pose)) {
                poseIndex = static_cast<std::uint32_t>(list.poses.size());
                shaders::GlidePose gp{};
                gp.local = toMat4(sim::drawLocal(*pose, source.worlds[i]));
                const auto shift = [&](std::uint32_t frame) {
                    return static_cast<std::int32_t>(std::min(frame, gpu.meshes[m].frameCount - 1) *
                                                     gpu.meshes[m].vertexCount);
                };
                gp.frameShift = shift(pose->frame);
                gp.nextShift = shift(pose->nextFrame);
                gp.blend = pose->blend;
                list.poses.push_back(gp);
            }
            visible.push_back({i, poseIndex, 0, flatBits(source, i, world, gpu.instanceInfo[i].node)});
        }
        const auto count = static_cast<std::uint32_t>(visible.size()) - base;
        if (count > 0) groups.push_back({m, base, count});
    }
    list.stats.objects = static_cast<std::uint32_t>(visible.size());
    // One command per (mesh, submesh), by blend; each with its own run of instances.
    for (int blend = 0; blend < static_cast<int>(GlideBlend::Count); ++blend) {
        auto& range = list.blendRanges[static_cast<std::size_t>(blend)];
        range[0] = static_cast<std::uint32_t>(list.indirect.size());
        for (const Group& g : groups) {
            for (const auto& sub : source.meshes[g.mesh].submeshes) {
                if (static_cast<int>(sub.blend) != blend) continue;
                const auto base = static_cast<std::uint32_t>(list.drawInstances.size());
                for (std::uint32_t k = 0; k < g.count; ++k) {
                    shaders::GlideDrawInstance d = visible[g.base + k];
                    d.material = sub.material;
                    list.drawInstances.push_back(d);
                }
                list.commands.push_back({static_cast<std::uint32_t>(list.indirect.size()),
                                         multiDraw ? 0 : base, sub.material, sub.blend});
                list.indirect.push_back({sub.indexCount, g.count, sub.firstIndex,
                                         gpu.meshes[g.mesh].vertexOffset, multiDraw ? base : 0});
                list.stats.triangles += sub.indexCount / 3 * g.count;
            }
        }
        range[1] = static_cast<std::uint32_t>(list.indirect.size()) - range[0];
    }
    list.stats.draws = static_cast<std::uint32_t>(list.commands.size());
    list.stats.drawListMs = msSince(started);
    return list;
}

} // namespace rgx::renderer

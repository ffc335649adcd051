#include "renderer/glide/gpu_draw_list.h"

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
    for (const GpuInstanceInfo& info : gpu.instanceInfo) {
        source.spheres.push_back(instanceSphere(scene, scene.nodes[info.node]));
        source.heldItems.push_back(scene.nodes[info.node].kind == scene::NodeKind::HeldItem);
    }
    return source;
}

DrawList buildDrawList(const DrawListSource& source, const GpuScene& gpu, const float (&viewProj)[16],
                       const LayerToggles& layers, const std::vector<std::uint8_t>* nodeVisible,
                       const std::vector<sim::NodePose>* poses) {
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
            const std::uint32_t node = gpu.instanceInfo[i].node;
            const sim::NodePose* pose = nodePose(poses, node);
            // An actor is listed under every mesh it can show: drawn under the one it shows now.
            const int shows =
                pose && pose->mesh >= 0 ? pose->mesh : static_cast<int>(gpu.instanceInfo[i].mesh);
            if (shows != static_cast<int>(m)) continue;
            if (!shownThisFrame(pose, source.heldItems[i])) continue;
            if (!layerOn(gpu.instanceInfo[i].layer, layers)) continue;
            ++list.stats.objectsTotal;
            if (nodeVisible && node < nodeVisible->size() && !(*nodeVisible)[node]) continue;
            ++list.stats.objectsAfterPvo;
            if (frustumTested(pose) && !sphereVisible(planes, source.spheres[i])) continue;
            std::uint32_t poseIndex = shaders::kGlideNoPose;
            if (pose && pose->animated) {
                poseIndex = static_cast<std::uint32_t>(list.poses.size());
                shaders::GlidePose gp{};
                gp.local = toMat4(pose->local);
                const auto shift = [&](std::uint32_t frame) {
                    return static_cast<std::int32_t>(std::min(frame, gpu.meshes[m].frameCount - 1) *
                                                     gpu.meshes[m].vertexCount);
                };
                gp.frameShift = shift(pose->frame);
                gp.nextShift = shift(pose->nextFrame);
                gp.blend = pose->blend;
                list.poses.push_back(gp);
            }
            list.drawInstances.push_back({i, poseIndex});
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

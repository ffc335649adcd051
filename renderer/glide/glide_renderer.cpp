// GlideRenderer, the Glide look: the scene lives on the GPU (gpu_scene), each frame writes
// only its uniforms, its visible-instance list and its indirect commands (gpu_draw_list) into
// host-visible buffers owned by the frame slot, then issues one indirect draw per (mesh, submesh).
//
// With multi-draw (the device's multiDrawIndirect and drawIndirectFirstInstance, and the option
// on) each pipeline's commands go out as one vkCmdDrawIndexedIndirect of their whole range, each
// command's instance run starting at its firstInstance. Without it, one call per command with
// firstInstance 0 and the run's start in a push constant (GlidePush::instanceBase). The shaders
// are the same for both.

#include "renderer/glide/glide_renderer.h"

#include "renderer/frame.h"
#include "renderer/glide/glide_environment.h"
#include "renderer/glide/glide_pipeline.h"
#include "renderer/glide/gpu_draw_list.h"
#include "renderer/glide/gpu_scene.h"
#include "renderer/glide/gpu_terrain.h"
#include "renderer/glide/terrain_compute.h"
#include "renderer/pass_timer.h"
#include "renderer/profile/frame_profile.h"
#include "renderer/sky/rain.h"
#include "renderer/vk/offscreen.h"
#include "renderer/vk/readback.h"
#include "renderer/vk/resources.h"
#include "renderer/vk/vk_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

namespace rgx::renderer {

namespace {

// Two frames sharing a slot would share its buffers (uniforms, terrain surface): refuse.
int checkedSlot(int frameSlot) {
    if (frameSlot < 0 || frameSlot >= GlideRenderer::kFramesInFlight)
        throw std::out_of_range("GlideRenderer: frame slot " + std::to_string(frameSlot) + " is not 0.." +
                                std::to_string(GlideRenderer::kFramesInFlight - 1));
    return frameSlot;
}

constexpr VkMemoryPropertyFlags kHostMemory =
    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;

// A run of consecutive terrain cells drawn with one vkCmdDraw (6 vertices a cell).
struct TerrainRun {
    std::uint32_t first = 0, count = 0;
};

struct FrameResources {
    Buffer uniforms;      // GlideFrame (a storage buffer: shaders/shared.h says why)
    Buffer drawInstances; // GlideDrawInstance per visible instance
    Buffer poses;         // GlidePose per visible animated instance
    Buffer indirect;      // VkDrawIndexedIndirectCommand per draw
    VkDescriptorSet set = VK_NULL_HANDLE;
    // The frame beginFrame made, which recordPass records.
    DrawList list;
    std::vector<TerrainRun> terrainRuns[2]; // land, water: empty when that terrain pass draws nothing
    bool skyDrawn = false;                  // some sky layer is on
    Buffer rain;                            // vec4[4] per streak (kGlideBindingRain)
    std::uint32_t rainStreaks = 0;          // this frame's
};

} // namespace

struct GlideRenderer::Impl {
    const VulkanContext& context;
    const PreparedWorld& world;
    GpuScene gpu;
    GpuTerrain terrain;
    std::unique_ptr<TerrainCompute> terrainCompute;
    float waveReach[kFramesInFlight] = {}; // how far the slot's water may be from its base height
    DrawListSource source;
    GlidePipelines pipelines;
    std::vector<RainStreak> streaks; // reused every frame
    Unique<VkDescriptorPool> pool;   // the frames' sets are freed with it
    FrameResources frames[kFramesInFlight];
    std::vector<std::uint8_t> pvoVisible; // per scene node, reused every frame
    bool multiDraw = false;
    double uploadMs = 0, pipelineMs = 0;
    int pipelinesMadeUpFront = 0;
    // render()'s: the target of the last size asked for, and its pass timer (made at first use).
    std::optional<OffscreenTarget> target;
    std::unique_ptr<PassTimer> timer;

    Impl(const VulkanContext& c, const PreparedWorld& w) : context(c), world(w) {}
    void createFrames() {
        const VkDescriptorPoolSize sizes[] = {
            {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kFramesInFlight * shaders::kGlideBindingCount}};
        auto poolInfo = vkInit<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
        poolInfo.maxSets = kFramesInFlight;
        poolInfo.poolSizeCount = 1;
        poolInfo.pPoolSizes = sizes;
        pool = create(context.vk(), vkCreateDescriptorPool, poolInfo, "vkCreateDescriptorPool");

        const VkDeviceSize instanceBytes = std::max<VkDeviceSize>(
            sizeof(shaders::GlideDrawInstance), source.maxDrawInstances * sizeof(shaders::GlideDrawInstance));
        const VkDeviceSize poseBytes = std::max<VkDeviceSize>(
            sizeof(shaders::GlidePose), gpu.instanceInfo.size() * sizeof(shaders::GlidePose));
        const VkDeviceSize indirectBytes = std::max<VkDeviceSize>(
            sizeof(VkDrawIndexedIndirectCommand), source.submeshCount * sizeof(VkDrawIndexedIndirectCommand));
        for (int slot = 0; slot < kFramesInFlight; ++slot) {
            FrameResources& f = frames[slot];
            f.uniforms = createBuffer(context, sizeof(shaders::GlideFrame),
                                      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, kHostMemory);
            f.drawInstances =
                createBuffer(context, instanceBytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, kHostMemory);
            f.indirect =
                createBuffer(context, indirectBytes, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, kHostMemory);
            f.poses = createBuffer(context, poseBytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, kHostMemory);
            const VkDeviceSize rainBytes =
                std::max<VkDeviceSize>(1, static_cast<VkDeviceSize>(world.rain.drops)) * 4 *
                sizeof(shaders::vec4);
            f.rain = createBuffer(context, rainBytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, kHostMemory);

            auto alloc = vkInit<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
            alloc.descriptorPool = pool;
            alloc.descriptorSetCount = 1;
            alloc.pSetLayouts = pipelines.setLayout.address();
            VK_CHECK(vkAllocateDescriptorSets(context.vk(), &alloc, &f.set));

            using namespace shaders;
            const std::pair<std::uint32_t, const Buffer*> byBinding[kGlideBindingCount] = {
                {kGlideBindingFrame, &f.uniforms},
                {kGlideBindingVertices, &gpu.vertices},
                {kGlideBindingInstances, &gpu.instances},
                {kGlideBindingDrawInstances, &f.drawInstances},
                {kGlideBindingMaterials, &gpu.materials},
                {kGlideBindingTextures, &gpu.textures},
                {kGlideBindingTexels, &gpu.texels},
                {kGlideBindingTerrainGrid, &terrain.grid},
                {kGlideBindingTerrainCells, &terrain.cells},
                {kGlideBindingTerrainSurface, &terrainCompute->surface(slot)},
                {kGlideBindingPoses, &f.poses},
                {kGlideBindingRain, &f.rain}};
            VkDescriptorBufferInfo infos[kGlideBindingCount]{};
            VkWriteDescriptorSet writes[kGlideBindingCount]{};
            for (std::uint32_t i = 0; i < kGlideBindingCount; ++i) {
                const auto [binding, buffer] = byBinding[i];
                infos[i] = {buffer->buffer, 0, VK_WHOLE_SIZE};
                writes[i] = vkInit<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
                writes[i].dstSet = f.set;
                writes[i].dstBinding = binding;
                writes[i].descriptorCount = 1;
                writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
                writes[i].pBufferInfo = &infos[i];
            }
            vkUpdateDescriptorSets(context.vk(), kGlideBindingCount, writes, 0, nullptr);
        }
    }
};

GlideRenderer::GlideRenderer(const VulkanContext& context, const PreparedWorld& world,
                             const GlideOptions& options)
    : impl_(std::make_unique<Impl>(context, world)) {
    const auto started = ProfileClock::now();
    Impl& r = *impl_;
    const scene::Scene& scene = *world.scene;
    r.terrain = uploadTerrain(context, scene);
    r.terrainCompute = std::make_unique<TerrainCompute>(context, r.terrain, kFramesInFlight);
    r.gpu = uploadScene(context, scene, r.terrain.present ? r.terrain.node : -1, &world.sky);
    r.source = drawListSource(scene, r.gpu);
    r.multiDraw = options.multiDraw && context.device.multiDrawIndirect;
    const auto pipelinesStart = ProfileClock::now();
    GlidePipelineNeeds needs;
    for (const scene::Material& m : scene.materials)
        needs.blend[static_cast<int>(glideBlendFor(m.renderMode))] = true;
    needs.terrain = r.terrain.present;
    needs.sky = world.sky.any();
    needs.rain = world.rain.any();
    r.pipelines = createGlidePipelines(context, options.colorFormat, options.depthFormat, needs);
    r.pipelineMs = msSince(pipelinesStart);
    r.pipelinesMadeUpFront = r.pipelines.made();
    r.createFrames();
    r.uploadMs = msSince(started);
}

GlideRenderer::~GlideRenderer() = default;

std::optional<double> GlideRenderer::computeMilliseconds(int frameSlot) const {
    return impl_->terrainCompute->milliseconds(frameSlot); // nothing for a slot out of range
}

bool GlideRenderer::terrainComputed() const {
    return impl_->terrain.present;
}

FrameStats GlideRenderer::beginFrame(VkCommandBuffer cmd, const FrameRequest& request, int frameSlot) {
    Impl& r = *impl_;
    const int slot = checkedSlot(frameSlot);
    const view::Camera& camera = request.camera;
    const double timeSeconds = request.timeSeconds;
    const LookSettings& settings = request.settings;
    const VkExtent2D extent{static_cast<std::uint32_t>(std::max(request.width, 1)),
                            static_cast<std::uint32_t>(std::max(request.height, 1))};
    // The compute work first (outside rendering): the water's heights for this time and camera.
    const sim::WaveFrame waves = sim::waveFrame(r.world.waveFor(settings), timeSeconds, camera.position);
    r.terrainCompute->record(cmd, waves, slot);
    r.waveReach[slot] = std::abs(waves.amplitude) + std::abs(waves.bias);
    const auto started = ProfileClock::now();
    FrameResources& f = r.frames[slot];
    shaders::GlideFrame frame = glideFrame(r.world, camera, extent, timeSeconds, settings, request.world);
    frame.sky = glideSky(r.world.sky, r.gpu.skyTextures, camera, extent, timeSeconds, settings.layers);
    f.skyDrawn = frame.sky.panorama >= 0 || frame.sky.clouds >= 0 || frame.sky.sun >= 0;
    std::memcpy(f.uniforms.mapped, &frame, sizeof(frame));

    float viewProj[16];
    std::memcpy(viewProj, &frame.viewProj, sizeof(viewProj));
    bool pvoApplied = false;
    std::int32_t pvoNode = -1;
    double pvoMs = 0;
    if (settings.pvo && r.world.pvo.hasPvo()) {
        const auto t = ProfileClock::now();
        const Vec3 at = settings.pvoPosition ? *settings.pvoPosition : camera.position;
        pvoApplied = r.world.pvo.visibleNodes(at, r.pvoVisible);
        if (pvoApplied) pvoNode = r.world.pvo.findNode(at);
        pvoMs = msSince(t);
    }
    f.list = buildDrawList(r.source, r.gpu, viewProj, settings.layers, pvoApplied ? &r.pvoVisible : nullptr,
                           request.world, r.multiDraw);
    const FrustumPlanes planes = frustumPlanes(viewProj);
    const bool terrain = r.terrain.present && settings.layers.terrain;
    const bool water = terrain && settings.layers.water && r.terrain.waterCells > 0;
    FrameStats stats = f.list.stats;
    stats.pvoApplied = pvoApplied;
    stats.pvoNode = pvoNode;
    if (terrain) {
        // The terrain is never PVO-culled; its chunks have their own frustum test.
        stats.objects += 1;
        stats.objectsTotal += 1;
        stats.objectsAfterPvo += 1;
    }
    // The terrain passes (0 land, 1 water): the cell-list runs of the chunks in the frustum,
    // adjacent runs merged into one draw.
    for (int pass = 0; pass < 2; ++pass) {
        std::vector<TerrainRun>& runs = f.terrainRuns[pass];
        runs.clear();
        if (pass == 0 ? !terrain : !water) continue;
        TerrainRun run;
        const auto flush = [&] {
            if (run.count == 0) return;
            runs.push_back(run);
            ++stats.draws;
            stats.triangles += run.count * 2;
            run = {};
        };
        for (const TerrainChunk& chunk : r.terrain.chunks) {
            if (chunk.count[pass] == 0) continue;
            // Water moves up to waveReach from the base heights the sphere was made from.
            const std::array<float, 4> sphere{chunk.sphere[0], chunk.sphere[1], chunk.sphere[2],
                                              chunk.sphere[3] + r.waveReach[slot]};
            if (!sphereVisible(planes, sphere)) continue;
            if (run.count > 0 && run.first + run.count != chunk.first[pass]) flush();
            if (run.count == 0) run.first = chunk.first[pass];
            run.count += chunk.count[pass];
        }
        flush();
    }
    // The rain: after every other blended draw (recordPass), one draw of its streaks.
    rainStreaks(r.world.rain, camera, timeSeconds, settings.layers, r.streaks);
    f.rainStreaks = static_cast<std::uint32_t>(r.streaks.size());
    if (f.rainStreaks > 0) {
        auto* corners = static_cast<shaders::vec4*>(f.rain.mapped);
        for (std::size_t i = 0; i < r.streaks.size(); ++i)
            for (std::size_t c = 0; c < 4; ++c)
                corners[i * 4 + c] = {r.streaks[i][c][0], r.streaks[i][c][1], r.streaks[i][c][2], 0.0f};
        stats.draws += 1;
        stats.triangles += f.rainStreaks * 2;
    }
    // The buffer holds DrawListSource::maxDrawInstances: a list longer than that is a bug in
    // buildDrawList, and must not write past the mapped memory.
    if (f.list.drawInstances.size() > r.source.maxDrawInstances)
        throw std::logic_error("GlideRenderer::beginFrame: " + std::to_string(f.list.drawInstances.size()) +
                               " draw instances, more than the " + std::to_string(r.source.maxDrawInstances) +
                               " the buffer holds");
    if (!f.list.drawInstances.empty())
        std::memcpy(f.drawInstances.mapped, f.list.drawInstances.data(),
                    f.list.drawInstances.size() * sizeof(shaders::GlideDrawInstance));
    if (!f.list.poses.empty())
        std::memcpy(f.poses.mapped, f.list.poses.data(), f.list.poses.size() * sizeof(shaders::GlidePose));
    if (!f.list.indirect.empty())
        std::memcpy(f.indirect.mapped, f.list.indirect.data(),
                    f.list.indirect.size() * sizeof(VkDrawIndexedIndirectCommand));
    // Everything here but the PVO query and the per-instance tests is building the draws.
    stats.pvoMs = pvoMs;
    stats.drawListMs = std::max(0.0, msSince(started) - pvoMs - stats.frustumMs);
    return stats;
}

void GlideRenderer::recordPass(VkCommandBuffer cmd, Pass pass, int frameSlot) {
    Impl& r = *impl_;
    const int slot = checkedSlot(frameSlot);
    FrameResources& f = r.frames[slot];
    // The draw commands are ordered opaque -> alpha blended -> additive (gpu_draw_list.h).
    GlideBlend blend = GlideBlend::Opaque;
    int terrainPass = -1; // 0 land, 1 water
    switch (pass) {
    case Pass::Sky:
        if (!f.skyDrawn) return;
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r.pipelines.layout, 0, 1, &f.set, 0,
                                nullptr);
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r.pipelines.get(GlidePipeline::Sky));
        vkCmdDraw(cmd, 3, 1, 0, 0);
        return;
    case Pass::Terrain:
        terrainPass = 0;
        break;
    case Pass::Opaque:
        blend = GlideBlend::Opaque;
        break;
    case Pass::Blended: // the sea before the other blended geometry
        terrainPass = 1;
        blend = GlideBlend::Alpha;
        break;
    case Pass::Additive:
        blend = GlideBlend::Additive;
        break;
    default:
        return;
    }
    const bool meshes =
        pass != Pass::Terrain && std::any_of(f.list.commands.begin(), f.list.commands.end(),
                                             [&](const DrawCommand& c) { return c.blend == blend; });
    const bool terrainRuns = terrainPass >= 0 && !f.terrainRuns[terrainPass].empty();
    const bool rain = pass == Pass::Blended && f.rainStreaks > 0;
    if (!terrainRuns && !meshes && !rain) return;

    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r.pipelines.layout, 0, 1, &f.set, 0,
                            nullptr);
    if (terrainRuns) {
        vkCmdBindPipeline(
            cmd, VK_PIPELINE_BIND_POINT_GRAPHICS,
            r.pipelines.get(terrainPass == 0 ? GlidePipeline::TerrainLand : GlidePipeline::TerrainWater));
        const shaders::GlidePush push{static_cast<std::uint32_t>(terrainPass), 0, 0, 0};
        vkCmdPushConstants(cmd, r.pipelines.layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                           0, sizeof(push), &push);
        for (const TerrainRun& run : f.terrainRuns[terrainPass])
            vkCmdDraw(cmd, run.count * 6, 1, run.first * 6, 0);
    }
    if (meshes) {
        vkCmdBindIndexBuffer(cmd, r.gpu.indices.buffer, 0, VK_INDEX_TYPE_UINT32);
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r.pipelines.get(blend));
        if (r.multiDraw) {
            const auto [first, count] = f.list.blendRanges[static_cast<std::size_t>(blend)];
            const shaders::GlidePush push{0, 0, 0, 0}; // runs start at each command's firstInstance
            vkCmdPushConstants(cmd, r.pipelines.layout,
                               VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push),
                               &push);
            // In pieces of the device's maxDrawIndirectCount (at least 1 where multiDrawIndirect is on).
            const std::uint32_t most =
                std::max<std::uint32_t>(1, r.context.device.properties.limits.maxDrawIndirectCount);
            for (std::uint32_t done = 0; done < count;) {
                const std::uint32_t n = std::min(most, count - done);
                vkCmdDrawIndexedIndirect(cmd, f.indirect.buffer,
                                         (first + done) * sizeof(VkDrawIndexedIndirectCommand), n,
                                         sizeof(VkDrawIndexedIndirectCommand));
                done += n;
            }
        } else {
            for (const DrawCommand& c : f.list.commands) {
                if (c.blend != blend) continue;
                const shaders::GlidePush push{c.instanceBase, c.material, 0, 0};
                vkCmdPushConstants(cmd, r.pipelines.layout,
                                   VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push),
                                   &push);
                vkCmdDrawIndexedIndirect(cmd, f.indirect.buffer,
                                         c.indirectIndex * sizeof(VkDrawIndexedIndirectCommand), 1,
                                         sizeof(VkDrawIndexedIndirectCommand));
            }
        }
    }
    if (rain) {
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r.pipelines.get(GlidePipeline::Rain));
        const shaders::GlidePush push{0, r.gpu.rainMaterial, 0, 0};
        vkCmdPushConstants(cmd, r.pipelines.layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                           0, sizeof(push), &push);
        vkCmdDraw(cmd, f.rainStreaks * 6, 1, 0, 0);
    }
}

std::uint64_t GlideRenderer::animationBytes() const {
    return impl_->gpu.animationBytes;
}

std::array<float, 4> GlideRenderer::clearColor() const {
    return impl_->world.lighting.clear;
}

LookInfo GlideRenderer::info() const {
    LookInfo i;
    i.look = Look::Glide;
    i.prepareMs = impl_->uploadMs;
    i.figures.set(figure::kGlidePipelinesMs, impl_->pipelineMs);
    i.figures.set(figure::kGlidePipelinesMade, impl_->pipelinesMadeUpFront);
    i.figures.set(figure::kGlideMultiDraw, impl_->multiDraw ? 1 : 0);
    if (impl_->world.scene->terrain && !impl_->terrain.present)
        i.notes.push_back("the terrain grid could not be built for the GPU; the terrain is drawn as a static "
                          "mesh, without water waves");
    return i;
}

LookFrame GlideRenderer::render(const FrameRequest& request) {
    Impl& r = *impl_;
    const VkExtent2D extent{static_cast<std::uint32_t>(std::max(request.width, 1)),
                            static_cast<std::uint32_t>(std::max(request.height, 1))};
    if (!r.target || r.target->extent.width != extent.width || r.target->extent.height != extent.height) {
        r.target.reset();
        r.target = createOffscreenTarget(r.context, extent);
    }
    if (!r.timer) r.timer = std::make_unique<PassTimer>(r.context, 1);
    RecordRequest record;
    record.frame = request;
    record.keepDepth = request.depth;
    record.timer = r.timer->available() ? r.timer.get() : nullptr;
    LookFrame out;
    double recordingMs = 0;
    const auto submitStart = ProfileClock::now();
    submitOneShot(r.context, [&](VkCommandBuffer cmd) {
        const auto t = ProfileClock::now();
        out.stats = recordFrame(cmd, *r.target, this, record);
        recordingMs = msSince(t);
    });
    const double submitMs = msSince(submitStart) - recordingMs; // submit and wait for the GPU
    out.stats.computeMs = computeMilliseconds(0);
    if (record.timer) addGpuTimes(out.timings, r.timer->read(0));
    addCpuTimes(out.timings, out.stats);
    out.timings.set("cpu.submitWait", submitMs);
    if (request.picture) {
        Rgba8Image image = readbackRgba8(r.context, r.target->color, kColorAfterRendering);
        out.picture.width = static_cast<int>(image.width);
        out.picture.height = static_cast<int>(image.height);
        if (request.into.pixels)
            storePixels(image.pixels.data(), image.pixels.size() / 4, request.into.pixels,
                        request.into.order);
        else
            out.picture.rgba = std::move(image.pixels);
    }
    if (request.depth) out.picture.depth = readbackDepth32(r.context, r.target->depth, kDepthAfterRendering);
    if (out.stats.computeMs) {
        char ms[64];
        std::snprintf(ms, sizeof ms, "terrain compute %.3f ms (GPU)", *out.stats.computeMs);
        out.detail = ms;
    } else if (r.terrain.present) {
        out.detail = "terrain compute not timed (the queue has no GPU timestamps)";
    }
    return out;
}

} // namespace rgx::renderer

// The software renderer's CPU geometry stage, per frame (the scene is prepared once by
// soft_prepare.cpp): the culling (layers, PVO, frustum, decided as the Glide path decides them),
// the water waves (sim/water.h on the CPU), the per-vertex light
// (renderer/lighting/world_lighting.h), the transform to clip space, clipping and the screen-space
// triangles the rasterizer takes.

#include "renderer/soft/soft_internal.h"

#include "renderer/soft/clip.h"
#include "renderer/soft/vertex_batch.h"
#include "scene/redguard/terrain_normals.h"

#include <algorithm>
#include <atomic>
#include <cmath>

namespace rgx::renderer::soft::detail {

namespace {

// Wholly outside one side plane (|x| <= w, |y| <= w, z <= w): nothing to draw.
bool outsideOnePlane(const ClipVertex& a, const ClipVertex& b, const ClipVertex& c) {
    return (a.x > a.w && b.x > b.w && c.x > c.w) || (a.x < -a.w && b.x < -b.w && c.x < -c.w) ||
           (a.y > a.w && b.y > b.w && c.y > c.w) || (a.y < -a.w && b.y < -b.w && c.y < -c.w) ||
           (a.z > a.w && b.z > b.w && c.z > c.w);
}

struct Emitter {
    const Prepared& p;
    WorkOutput* out;
    int width, height;
    PerspectiveMode mode;
    TextureOverride texture = {}; // what the triangles emitted now carry (a flat's world state)

    // Triangle abc with texture coordinates uv: drawn from the vertices' screen positions when
    // all three are in front of the near plane, else clipped first.
    void emit(const Lit& a, const float* uvA, const Lit& b, const float* uvB, const Lit& c, const float* uvC,
              std::uint32_t material) {
        const ClipVertex &ca = a.clip, &cb = b.clip, &cc = c.clip;
        if (ca.z >= 0 && cb.z >= 0 && cc.z >= 0 && insideGuardBand(ca) && insideGuardBand(cb) &&
            insideGuardBand(cc)) {
            if (outsideOnePlane(ca, cb, cc)) return;
            const RasterVertex s[3] = {withUv(a.screen, uvA), withUv(b.screen, uvB), withUv(c.screen, uvC)};
            append(s, 3, std::min({ca.dist, cb.dist, cc.dist}), material);
            return;
        }
        emit(withUv(ca, uvA), withUv(cb, uvB), withUv(cc, uvC), material);
    }

    // A corner of a triangle: the shared vertex with the corner's texture coordinates.
    template <typename Vertex> static Vertex withUv(Vertex v, const float* uv) {
        v.u = uv[0];
        v.v = uv[1];
        return v;
    }

    // Clips triangle abc at the near plane and the guard band and appends its pieces to the
    // material's bucket.
    void emit(const ClipVertex& a, const ClipVertex& b, const ClipVertex& c, std::uint32_t material) {
        if (outsideOnePlane(a, b, c) || (a.z < 0 && b.z < 0 && c.z < 0)) return;
        const ClippedPolygon poly = clipTriangle(a, b, c);
        if (poly.count < 3) return;
        RasterVertex s[8];
        float nearest = 1e30f;
        for (std::size_t i = 0; i < poly.count; ++i) {
            s[i] = toScreen(poly.vertices[i], width, height);
            nearest = std::min(nearest, poly.vertices[i].dist);
        }
        append(s, poly.count, nearest, material);
    }

    // Appends the fan of a polygon's screen vertices to the material's bucket.
    void append(const RasterVertex* s, std::size_t count, float nearest, std::uint32_t material) {
        Perspective perspective = Perspective::Span16;
        switch (mode) {
        case PerspectiveMode::Exact:
            perspective = Perspective::Exact;
            break;
        case PerspectiveMode::Affine:
            perspective = Perspective::Affine;
            break;
        case PerspectiveMode::Extents:
            perspective = nearest < p.perspectiveExtent ? Perspective::Span16 : Perspective::Affine;
            break;
        default:
            break;
        }
        const Blend blend = p.materials[material].blend;
        TriangleList& bucket = blend == Blend::Opaque     ? out->opaque
                               : blend == Blend::Additive ? out->additive
                                                          : out->blended;
        for (std::size_t i = 1; i + 1 < count; ++i) {
            Triangle t;
            t.v[0] = s[0];
            t.v[1] = s[i];
            t.v[2] = s[i + 1];
            // Triangles that hold no pixel centre on the target (most of the far terrain's) draw
            // nothing: dropped here, before the rasterizer sets them up.
            const PixelBox box = pixelBox(t.v, width, height);
            if (box.empty()) continue;
            t.material = material;
            t.texture = texture;
            t.perspective = perspective;
            t.depthKey = frontToBackKey(nearest);
            bucket.push(t, {box.minY, box.maxY});
            ++out->clipped;
        }
    }
};

// The pieces of work: terrain chunks and instances in groups of these sizes (fixed, so that the
// draw order does not depend on the thread count).
constexpr std::size_t kChunksPerPiece = 16, kInstancesPerPiece = 32;

// The terrain's heights for this frame's waves, and the one-time still surface.
void updateTerrainSurface(const Prepared& p, TerrainCache& cache, const sim::WaveFrame& wf) {
    constexpr int n = scene::TerrainGrid::kSize;
    if (cache.height.size() != static_cast<std::size_t>(n) * n) {
        cache.height = p.grid.height;
        cache.heightsFor.reset(); // every water vertex at its base height: the next update is whole
        cache.stillNormal = scene::terrainVertexNormals(p.grid.height, n, scene::TerrainGrid::kCell);
        cache.waterList.clear();
        cache.nearWater.assign(static_cast<std::size_t>(n) * n, 0);
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                if (!p.waterVertex[static_cast<std::size_t>(r) * n + c]) continue;
                cache.waterList.push_back(static_cast<std::uint32_t>(r * n + c));
                // The vertex and the six that share a triangle with it (TL-BR diagonals).
                static constexpr int kAround[7][2] = {{0, 0}, {-1, -1}, {-1, 0}, {0, -1},
                                                      {0, 1}, {1, 0},   {1, 1}};
                for (const auto& d : kAround) {
                    const int rr = r + d[0], cc = c + d[1];
                    if (rr >= 0 && cc >= 0 && rr < n && cc < n)
                        cache.nearWater[static_cast<std::size_t>(rr) * n + cc] = 1;
                }
            }
    }
    if (cache.heightsFor && *cache.heightsFor == wf) return;
    const auto update = [&](int r, int c) {
        const std::size_t i = static_cast<std::size_t>(r) * n + c;
        cache.height[i] = p.grid.height[i] + sim::waveOffset(wf, r, c);
    };
    if (cache.heightsFor && cache.heightsFor->windowHalf >= 0 && wf.windowHalf >= 0) {
        // Only the vertices inside the old or the new window can change: outside both the offset
        // was and is 0 (the same formula gives the same value).
        const sim::WaveFrame before = *cache.heightsFor;
        const bool sameWindow = before.centreRow == wf.centreRow && before.centreColumn == wf.centreColumn &&
                                before.windowHalf == wf.windowHalf;
        for (const sim::WaveFrame* w : {&before, &wf}) {
            if (w == &wf && sameWindow) break; // the old window is the new one: done
            const std::int64_t half = w->windowHalf;
            const int r0 = static_cast<int>(std::clamp<std::int64_t>(w->centreRow - half, 0, n)),
                      r1 = static_cast<int>(std::clamp<std::int64_t>(w->centreRow + half + 1, 0, n)),
                      c0 = static_cast<int>(std::clamp<std::int64_t>(w->centreColumn - half, 0, n)),
                      c1 = static_cast<int>(std::clamp<std::int64_t>(w->centreColumn + half + 1, 0, n));
            for (int r = r0; r < r1; ++r)
                for (int c = c0; c < c1; ++c)
                    if (p.waterVertex[static_cast<std::size_t>(r) * n + c]) update(r, c);
        }
    } else {
        for (std::uint32_t i : cache.waterList)
            update(static_cast<int>(i) / n, static_cast<int>(i) % n);
    }
    cache.heightsFor = wf;
}

// What every piece of the frame reads.
struct FrameSetup {
    const Prepared& p;
    const TerrainCache& terrain;
    const view::Camera& camera;
    const LookSettings& settings;
    std::array<float, 16> vp{};
    FrustumPlanes planes{};
    std::vector<PointLight> lights;
    float waveReach = 0;
    bool pvoApplied = false;
    const std::vector<std::uint8_t>* pvoVisible = nullptr;
    int width = 1, height = 1;
    PerspectiveMode mode = PerspectiveMode::Span16;
    const sim::WorldState* world = nullptr; // null: at rest
    float orthoDepth = 0; // an orthographic camera's depth range (project), 0 for perspective
};

// Terrain chunks [first, last): land cells into the opaque bucket, the sea into the blended one,
// culled chunk by chunk as the Glide path culls them.
void terrainPiece(const FrameSetup& f, VertexCache& cache, std::size_t first, std::size_t last,
                  WorkOutput& out) {
    constexpr int n = scene::TerrainGrid::kSize;
    const TerrainGridData& t = *f.p.terrain;
    Emitter emitter{f.p, &out, f.width, f.height, f.mode};
    // The terrain is lit by the sun and the ambient light only (docs/renderer_scene.md "Look
    // rules"): no MPSL light reaches it.
    const std::vector<PointLight> noLights;
    const auto vertex = [&](int r, int c) -> const Lit& {
        const std::size_t i = static_cast<std::size_t>(r) * n + c;
        if (cache.stamp[i] != cache.frame) {
            cache.stamp[i] = cache.frame;
            const std::array<float, 3> pos{static_cast<float>(c * scene::TerrainGrid::kCell),
                                           f.terrain.height[i],
                                           static_cast<float>(r * scene::TerrainGrid::kCell)};
            const Vec3 nv =
                f.terrain.nearWater[i]
                    ? scene::terrainVertexNormal(f.terrain.height, n, scene::TerrainGrid::kCell, r, c)
                    : f.terrain.stillNormal[i];
            const std::array<float, 3> normal{static_cast<float>(nv.x), static_cast<float>(nv.y),
                                              static_cast<float>(nv.z)};
            project(cache.vertex[i], f.vp, pos,
                    lightValue(gouraudLight(f.p.world->lighting, noLights, pos, normal)), f.width, f.height,
                    f.orthoDepth);
        }
        return cache.vertex[i];
    };
    static constexpr int kCorner[4][2] = {{0, 0}, {0, 1}, {1, 1}, {1, 0}}; // TL TR BR BL (row, col)
    static constexpr float kUv[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    static constexpr int kOrder[6] = {0, 3, 2, 0, 2, 1}; // (TL, BL, BR), (TL, BR, TR)
    const bool water = f.settings.layers.water && t.waterCells > 0;
    const auto drawCell = [&](std::uint32_t cell) {
        const int r = static_cast<int>(cell) / (n - 1), c = static_cast<int>(cell) % (n - 1);
        const std::uint32_t info = t.words[(static_cast<std::size_t>(r) * n + c) * 2 + 1];
        const std::uint32_t material = info >> 16;
        const int rotation = static_cast<int>(info & 3u);
        const Lit* corner[6];
        const float* uv[6];
        for (int k = 0; k < 6; ++k) {
            const int j = kOrder[k];
            corner[k] = &vertex(r + kCorner[j][0], c + kCorner[j][1]);
            uv[k] = kUv[(j + rotation) & 3];
        }
        emitter.emit(*corner[0], uv[0], *corner[1], uv[1], *corner[2], uv[2], material);
        emitter.emit(*corner[3], uv[3], *corner[4], uv[4], *corner[5], uv[5], material);
        out.counts.triangles += 2;
    };
    for (std::size_t k = first; k < last; ++k) {
        const TerrainChunk& chunk = t.chunks[k];
        // Water moves up to waveReach from the base heights the sphere was made from.
        const std::array<float, 4> sphere{chunk.sphere[0], chunk.sphere[1], chunk.sphere[2],
                                          chunk.sphere[3] + f.waveReach};
        if (!sphereVisible(f.planes, sphere)) continue;
        if (chunk.count[0] > 0) ++out.counts.draws;
        for (std::uint32_t i = 0; i < chunk.count[0]; ++i)
            drawCell(t.cells[chunk.first[0] + i]);
        if (water && chunk.count[1] > 0) {
            ++out.counts.draws;
            for (std::uint32_t i = 0; i < chunk.count[1]; ++i)
                drawCell(t.cells[chunk.first[1] + i]);
        }
    }
}

// Placed meshes [first, last) of Prepared::instances, in scene order.
void instancePiece(const FrameSetup& f, std::size_t first, std::size_t last, std::vector<Lit>& lit,
                   std::vector<PointLight>& near, WorkOutput& out) {
    Emitter emitter{f.p, &out, f.width, f.height, f.mode};
    const Vec3 right = view::cameraRight(f.camera), up = view::billboardUp(f.camera);
    const Vec3 normal = rgx::cross(right, up);
    const std::array<float, 3> flatNormal{static_cast<float>(normal.x), static_cast<float>(normal.y),
                                          static_cast<float>(normal.z)};
    for (std::size_t k = first; k < last; ++k) {
        const Instance& inst = f.p.instances[k];
        const sim::NodeState* pose = sim::nodeState(f.world, inst.node);
        if (!sim::shownThisFrame(pose, inst.heldItem)) continue;
        if (!layerOn(inst.layer, f.settings.layers)) continue;
        ++out.counts.objectsTotal;
        if (f.pvoApplied && inst.node < f.pvoVisible->size() && !(*f.pvoVisible)[inst.node]) continue;
        ++out.counts.objectsAfterPvo;
        if (sim::frustumTested(pose) && !sphereVisible(f.planes, inst.sphere)) continue;
        ++out.counts.objects;
        emitter.texture = {};
        if (inst.billboard)
            if (const sim::FlatState* flat = sim::flatState(f.world, inst.node)) {
                if (flat->texture >= 0 && static_cast<std::size_t>(flat->texture) < f.p.textures.size())
                    emitter.texture.texture = flat->texture;
                if (flat->frame) emitter.texture.frame = *flat->frame;
            }
        const bool posed = sim::posed(pose);
        // An actor draws the mesh and resident frame its pose shows (sim::SceneAnimation).
        const std::size_t meshIndex =
            posed && pose->mesh >= 0 ? static_cast<std::size_t>(pose->mesh) : inst.mesh;
        const scene::Mesh& mesh = f.p.meshes[meshIndex];
        const SharedVertices& shared = f.p.shared[meshIndex];
        const std::span<const scene::MeshVertex> frame =
            scene::meshFrameVertices(mesh, posed ? pose->frame : 0);
        const bool blend = posed && pose->blend > 0;
        const std::span<const scene::MeshVertex> next =
            blend ? scene::meshFrameVertices(mesh, pose->nextFrame) : frame;
        lit.resize(shared.unique.size());
        lightsNear(f.lights, inst.sphere, near);
        const Mat4 world = sim::drawWorld(pose, inst.world);
        const auto& m = world.m;
        std::size_t u = 0;
        const VertexStage stage{&world, &f.p.world->lighting, &near, &f.vp, f.width, f.height, f.orthoDepth};
        if (!inst.billboard && !blend) {
            // Four at a time (vertex_batch.h), the same values as one at a time.
            for (; u + 4 <= shared.unique.size(); u += 4) {
                const scene::MeshVertex* const batch[4] = {
                    &frame[shared.unique[u]], &frame[shared.unique[u + 1]], &frame[shared.unique[u + 2]],
                    &frame[shared.unique[u + 3]]};
                Lit* const into[4] = {&lit[u], &lit[u + 1], &lit[u + 2], &lit[u + 3]};
                litVertices4(stage, batch, into);
            }
        }
        for (; u < shared.unique.size(); ++u) {
            const std::size_t i = shared.unique[u];
            scene::MeshVertex v = frame[i];
            if (blend) {
                for (int c = 0; c < 3; ++c) {
                    v.position[c] += (next[i].position[c] - v.position[c]) * pose->blend;
                    v.normal[c] += (next[i].normal[c] - v.normal[c]) * pose->blend;
                }
            }
            if (!inst.billboard) {
                litVertex(stage, v, lit[u]); // the one scalar definition litVertices4 is tested against
                continue;
            }
            // Flats turn about the vertical axis to face the camera and stay upright (on a map they
            // lie on the ground, facing up: view::billboardUp).
            const std::array<float, 3> wp{
                static_cast<float>(m[0][3] + right.x * v.position[0] + up.x * v.position[1]),
                static_cast<float>(m[1][3] + right.y * v.position[0] + up.y * v.position[1]),
                static_cast<float>(m[2][3] + right.z * v.position[0] + up.z * v.position[1])};
            project(lit[u], f.vp, wp,
                    lightValue(gouraudLight(f.p.world->lighting, near, wp, flatNormal)) * v.light, f.width,
                    f.height, f.orthoDepth);
        }
        const std::size_t vertexCount = shared.slot.size(); // the mesh's
        for (const scene::Submesh& sub : mesh.submeshes) {
            if (sub.indexCount == 0 || sub.material >= f.p.materials.size()) continue;
            if (static_cast<std::size_t>(sub.firstIndex) + sub.indexCount > mesh.indices.size()) continue;
            ++out.counts.draws;
            for (std::uint32_t i = 0; i + 2 < sub.indexCount; i += 3) {
                const std::uint32_t* idx = &mesh.indices[sub.firstIndex + i];
                if (idx[0] >= vertexCount || idx[1] >= vertexCount || idx[2] >= vertexCount) continue;
                const auto& a = mesh.vertices[idx[0]];
                const auto& b = mesh.vertices[idx[1]];
                const auto& c = mesh.vertices[idx[2]];
                emitter.emit(lit[shared.slot[idx[0]]], a.uv, lit[shared.slot[idx[1]]], b.uv,
                             lit[shared.slot[idx[2]]], c.uv, sub.material);
                ++out.counts.triangles;
            }
        }
    }
}

// The rain's streaks (renderer/sky/rain.h), one draw: unlit, fogged, the transparent blend.
void rainPiece(const FrameSetup& f, const std::vector<RainStreak>& streaks, WorkOutput& out) {
    Emitter emitter{f.p, &out, f.width, f.height, f.mode};
    const float light = lightValue({1, 1, 1});
    const float uv[2] = {0, 0};
    out.counts.draws += 1;
    for (const RainStreak& s : streaks) {
        Lit c[4];
        for (int i = 0; i < 4; ++i)
            project(c[i], f.vp, s[static_cast<std::size_t>(i)], light, f.width, f.height, f.orthoDepth);
        emitter.emit(c[0], uv, c[1], uv, c[2], uv, f.p.rainMaterial);
        emitter.emit(c[0], uv, c[2], uv, c[3], uv, f.p.rainMaterial);
        out.counts.triangles += 2;
    }
}

void clearPiece(WorkOutput& piece) {
    piece.opaque.clear();
    piece.blended.clear();
    piece.additive.clear();
    piece.counts = {};
    piece.clipped = 0;
}

} // namespace

void setupFrame(const Prepared& p, TerrainCache& cache, const FrameRequest& request,
                const SoftSettings& options, int threads, std::vector<std::uint8_t>& pvoVisible,
                WorkerPool& pool, FrameTriangles& out) {
    const int width = std::max(request.width, 1), height = std::max(request.height, 1);
    const view::Camera& camera = request.camera;
    const double timeSeconds = request.timeSeconds;
    const LookSettings& settings = request.settings;
    const PreparedWorld& world = *p.world;
    out.counts = {};
    out.clipped = 0;
    const ClipPlanes planes = world.planesFor(settings, camera.position, request.world);
    const double farPlane = planes.farPlane;
    // The fog's levels over this far plane, made again only when it moves (the explorer's slider).
    if (!(settings.layers.fog && world.fog.on))
        out.haze = {};
    else if (out.haze.levels.empty() || out.haze.farPlane != farPlane)
        out.haze = hazeRamp([&](double w) { return world.fog.density(w); }, farPlane);

    FrameSetup f{p, cache, camera, settings, {}, {}, {}, 0.0f, false, nullptr, 1, 1, PerspectiveMode::Span16};
    f.width = width;
    f.height = height;
    f.world = request.world;
    f.mode = options.perspective;
    const double aspect = height > 0 ? static_cast<double>(width) / height : 1.0;
    f.vp = viewProjection(camera, aspect, planes.nearPlane, farPlane);
    f.orthoDepth = camera.ortho ? static_cast<float>(camera.ortho->depth) : 0.0f;
    float vpArray[16];
    std::copy(f.vp.begin(), f.vp.end(), vpArray);
    f.planes = frustumPlanes(vpArray);
    f.lights = frameLights(world.lighting, camera.position, settings.layers, request.world);
    if (settings.pvo && world.pvo.hasPvo()) {
        const Vec3 at = settings.pvoPosition ? *settings.pvoPosition : camera.position;
        f.pvoApplied = world.pvo.visibleNodes(at, pvoVisible);
        if (f.pvoApplied) out.counts.pvoNode = world.pvo.findNode(at);
    }
    f.pvoVisible = &pvoVisible;
    out.counts.pvoApplied = f.pvoApplied;

    const bool terrain = p.terrain && settings.layers.terrain;
    std::size_t terrainPieces = 0;
    if (terrain) {
        const sim::WaveFrame wf = sim::waveFrame(world.waveFor(settings), timeSeconds, camera.position);
        updateTerrainSurface(p, cache, wf);
        f.waveReach = std::abs(wf.amplitude) + std::abs(wf.bias);
        terrainPieces = (p.terrain->chunks.size() + kChunksPerPiece - 1) / kChunksPerPiece;
        // The terrain is never PVO-culled; its chunks have their own frustum test.
        out.counts.objects += 1;
        out.counts.objectsTotal += 1;
        out.counts.objectsAfterPvo += 1;
        constexpr std::size_t n =
            static_cast<std::size_t>(scene::TerrainGrid::kSize) * scene::TerrainGrid::kSize;
        cache.threads.resize(static_cast<std::size_t>(threads));
        for (VertexCache& vc : cache.threads) {
            if (vc.stamp.size() != n) {
                vc.stamp.assign(n, 0);
                vc.vertex.resize(n);
                vc.frame = 0;
            }
            if (++vc.frame == 0) { // wrapped: forget every stamp
                std::fill(vc.stamp.begin(), vc.stamp.end(), 0);
                vc.frame = 1;
            }
        }
    }
    const std::size_t instancePieces = (p.instances.size() + kInstancesPerPiece - 1) / kInstancesPerPiece;
    rainStreaks(world.rain, camera, timeSeconds, settings.layers, out.rain);
    // The rain is the last piece: drawn after every other blended triangle.
    out.used = terrainPieces + instancePieces + (out.rain.empty() ? 0 : 1);
    if (out.pieces.size() < out.used) out.pieces.resize(out.used);
    std::atomic<std::size_t> next{0};
    pool.run(threads, [&](int thread) {
        std::vector<Lit> lit;         // per thread, reused: an instance's vertices
        std::vector<PointLight> near; // per thread, reused: the lights reaching an instance
        for (std::size_t k = next++; k < out.used; k = next++) {
            WorkOutput& piece = out.pieces[k];
            clearPiece(piece);
            if (k < terrainPieces) {
                terrainPiece(f, cache.threads[static_cast<std::size_t>(thread)], k * kChunksPerPiece,
                             std::min(p.terrain->chunks.size(), (k + 1) * kChunksPerPiece), piece);
            } else if (k == terrainPieces + instancePieces) {
                rainPiece(f, out.rain, piece);
            } else {
                const std::size_t i = k - terrainPieces;
                instancePiece(f, i * kInstancesPerPiece,
                              std::min(p.instances.size(), (i + 1) * kInstancesPerPiece), lit, near, piece);
            }
        }
    });
    for (std::size_t k = 0; k < out.used; ++k) {
        const FrameStats& c = out.pieces[k].counts;
        out.counts.draws += c.draws;
        out.counts.triangles += c.triangles;
        out.counts.objects += c.objects;
        out.counts.objectsTotal += c.objectsTotal;
        out.counts.objectsAfterPvo += c.objectsAfterPvo;
        out.clipped += out.pieces[k].clipped;
    }
}

} // namespace rgx::renderer::soft::detail

#include "scene/model_mesh.h"

#include "scene/scene_limits.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <utility>

namespace rgx::scene {

MeshVertex makeVertex(const Vec3& p, const Vec3& n, float u, float v) {
    return MeshVertex{{static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)},
                      {static_cast<float>(n.x), static_cast<float>(n.y), static_cast<float>(n.z)},
                      {u, v}};
}

namespace {

// Per-material triangle lists, emitted in first-use order (found through an index: a model may
// have as many materials as faces).
struct Grouper {
    std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> groups;
    std::unordered_map<std::uint32_t, std::size_t> at; // material -> groups index
    std::vector<std::uint32_t>& list(std::uint32_t material) {
        const auto [it, added] = at.try_emplace(material, groups.size());
        if (added) groups.emplace_back(material, std::vector<std::uint32_t>{});
        return groups[it->second].second;
    }
    void finish(Mesh& mesh) {
        for (auto& [material, indices] : groups) {
            Submesh s;
            s.material = material;
            s.firstIndex = static_cast<std::uint32_t>(mesh.indices.size());
            s.indexCount = static_cast<std::uint32_t>(indices.size());
            mesh.indices.insert(mesh.indices.end(), indices.begin(), indices.end());
            mesh.submeshes.push_back(s);
        }
    }
};

} // namespace

Mesh buildModelMesh(const loaders::Model& model, const std::string& name, const std::string& source,
                    RenderMode renderMode, int textureOverride, MaterialLibrary& materials) {
    Mesh mesh;
    mesh.name = name;
    mesh.source = source;
    mesh.renderMode = renderMode;
    mesh.animated = loaders::decodableFrameCount(model) > 1;
    mesh.vertices.reserve(model.faceVertices.size());
    Grouper grouper;
    for (std::size_t f = 0; f < model.faces.size(); ++f) {
        const loaders::ModelFace& face = model.faces[f];
        if (face.vertexCount < 3) continue;
        loaders::FaceTexture ft = loaders::decodeFaceTexture(model.version(), face.textureRaw);
        if (!ft.solid && textureOverride >= 0) ft.textureId = static_cast<std::uint32_t>(textureOverride);
        std::uint32_t material;
        double uScale = 0, vScale = 0;
        if (ft.solid) {
            material = materials.solid(ft.colorIndex, renderMode);
        } else {
            material =
                materials.textured(static_cast<int>(ft.textureId), static_cast<int>(ft.imageId), renderMode);
            const SceneTexture& tex = materials.textureAt(static_cast<int>(
                materials.texture(static_cast<int>(ft.textureId), static_cast<int>(ft.imageId))));
            uScale = tex.texScale / (16.0 * std::max(1, tex.width));
            vScale = tex.texScale / (16.0 * std::max(1, tex.height));
        }
        const auto uvs = loaders::faceUvs(model, f);
        const auto base = static_cast<std::uint32_t>(mesh.vertices.size());
        for (std::size_t c = 0; c < face.vertexCount; ++c) {
            const loaders::Vec3i& v = model.vertices[model.faceVertices[face.firstVertex + c].vertex];
            const Vec3 p = modelVertexToScene(v.x, v.y, v.z);
            const loaders::VertexShading shade = loaders::faceVertexShading(model, f, c);
            const Vec3 n = engineToScene({shade.normal.x, shade.normal.y, shade.normal.z});
            mesh.vertices.push_back(makeVertex(p, n, static_cast<float>(uvs[c][0] * uScale),
                                               static_cast<float>(uvs[c][1] * vScale)));
            mesh.bounds.add(p);
        }
        // The y flip of engineToScene mirrors the file's winding: emit (0, i+1, i) so triangles
        // stay counter-clockwise seen from the side their normal points to.
        std::vector<std::uint32_t>& out = grouper.list(material);
        for (std::uint32_t i = 1; i + 1 < face.vertexCount; ++i) {
            out.insert(out.end(), {base, base + i + 1, base + i});
        }
    }
    grouper.finish(mesh);
    return mesh;
}

namespace {

// modelMeshFrame from frame `frame` already decoded (`posed`).
std::vector<MeshVertex> cornersOf(const Mesh& mesh, const loaders::ModelFrame& posed, std::uint32_t frame) {
    std::vector<MeshVertex> out = mesh.vertices;
    const loaders::Model& model = *mesh.animation;
    // Smooth corners of frames after the first: the stored vertex normals belong to frame 0, so
    // each model vertex gets the normalized sum of this frame's normals of the faces around it.
    std::vector<Vec3> smooth;
    if (frame > 0) {
        smooth.assign(posed.positions.size(), Vec3{});
        for (std::size_t f = 0; f < model.faces.size() && f < posed.faceNormals.size(); ++f) {
            const loaders::ModelFace& face = model.faces[f];
            const loaders::Vec3f& fn = posed.faceNormals[f];
            for (std::size_t c = 0; c < face.vertexCount; ++c) {
                const std::uint32_t v = model.faceVertices[face.firstVertex + c].vertex;
                if (v < smooth.size()) smooth[v] = smooth[v] + Vec3{fn.x, fn.y, fn.z};
            }
        }
    }
    const auto put = [](float(&dst)[3], const Vec3& v) {
        dst[0] = static_cast<float>(v.x);
        dst[1] = static_cast<float>(v.y);
        dst[2] = static_cast<float>(v.z);
    };
    // The corners were emitted face by face, corner by corner, skipping faces of fewer than three
    // corners: walk them in the same order.
    std::size_t at = 0;
    for (std::size_t f = 0; f < model.faces.size(); ++f) {
        const loaders::ModelFace& face = model.faces[f];
        if (face.vertexCount < 3) continue;
        for (std::size_t c = 0; c < face.vertexCount && at < out.size(); ++c, ++at) {
            const std::uint32_t index = model.faceVertices[face.firstVertex + c].vertex;
            const loaders::Vec3i& v = posed.positions[index];
            MeshVertex& vertex = out[at];
            put(vertex.position, modelVertexToScene(v.x, v.y, v.z));
            if (loaders::faceVertexShading(model, f, c).shading == loaders::Shading::Flat) {
                const loaders::Vec3f& fn = posed.faceNormals[f];
                put(vertex.normal, engineToScene({fn.x, fn.y, fn.z}));
            } else if (frame > 0) {
                const Vec3& n = smooth[index];
                const double len = std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
                if (len > 0) put(vertex.normal, engineToScene({n.x / len, n.y / len, n.z / len}));
            }
        }
    }
    return out;
}

} // namespace

std::vector<MeshVertex> modelMeshFrame(const Mesh& mesh, std::uint32_t frame) {
    if (!mesh.animation) return mesh.vertices;
    return cornersOf(mesh, loaders::modelFrame(*mesh.animation, frame), frame);
}

void poseModelMesh(Mesh& mesh, std::uint32_t frame) {
    if (!mesh.animation) return;
    mesh.vertices = modelMeshFrame(mesh, frame);
    mesh.frameVertices.clear();
    mesh.frameCount = 1;
    mesh.modelVertexCount = 0;
    mesh.modelVertexPositions.clear();
    Bounds bounds;
    for (const MeshVertex& v : mesh.vertices)
        bounds.add(Vec3{v.position[0], v.position[1], v.position[2]});
    mesh.bounds = bounds;
    mesh.animationBounds = bounds;
}

std::string addModelMeshFrames(Mesh& mesh) {
    mesh.frameVertices.clear();
    mesh.frameCount = 1;
    mesh.animationBounds = mesh.bounds;
    if (!mesh.animation) return {};
    const loaders::Model& model = *mesh.animation;
    const std::uint32_t decodable = loaders::decodableFrameCount(model);
    const std::size_t perFrame = std::max<std::size_t>({mesh.vertices.size(), model.vertices.size(), 1});
    const auto fit = static_cast<std::uint32_t>(
        std::min<std::size_t>(kMaxMeshFrames, std::max<std::size_t>(kMaxMeshFrameVertices / perFrame, 1)));
    const std::uint32_t frames = std::min(decodable, fit);
    std::string dropped;
    if (frames < decodable)
        dropped = "model " + mesh.name + ": " + std::to_string(decodable) + " frames of " +
                  std::to_string(perFrame) + " vertices; the first " + std::to_string(frames) +
                  " are kept (at most " + std::to_string(kMaxMeshFrames) + " frames and " +
                  std::to_string(kMaxMeshFrameVertices) + " frame vertices per model)";
    // Every model vertex of every frame, faces or not: where a tracked vertex is read.
    mesh.modelVertexCount = static_cast<std::uint32_t>(model.vertices.size());
    mesh.modelVertexPositions.clear();
    mesh.modelVertexPositions.reserve(std::size_t{frames} * model.vertices.size() * 3);
    mesh.frameVertices.reserve(static_cast<std::size_t>(frames - 1) * mesh.vertices.size());
    // Each frame decoded once, for its model vertices and (frames 1..) its corners.
    for (std::uint32_t k = 0; k < frames; ++k) {
        const loaders::ModelFrame posed = loaders::modelFrame(model, k);
        for (const loaders::Vec3i& v : posed.positions) {
            const Vec3 p = modelVertexToScene(v.x, v.y, v.z);
            mesh.modelVertexPositions.insert(
                mesh.modelVertexPositions.end(),
                {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)});
        }
        if (k == 0) continue;
        const std::vector<MeshVertex> frame = cornersOf(mesh, posed, k);
        for (const MeshVertex& v : frame)
            mesh.animationBounds.add(Vec3{v.position[0], v.position[1], v.position[2]});
        mesh.frameVertices.insert(mesh.frameVertices.end(), frame.begin(), frame.end());
    }
    mesh.frameCount = frames;
    return dropped;
}

Mesh placeholderMesh(const std::string& name, MaterialLibrary& materials) {
    Mesh mesh;
    mesh.name = "placeholder " + name;
    mesh.source = "(missing) " + name;
    mesh.placeholder = true;
    const double h = kPlaceholderSize / 2;
    const std::uint32_t material = materials.placeholder();
    // Six faces: outward normal, then two tangent axes a, b with a x b = normal (CCW from outside).
    const Vec3 normals[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    const Vec3 as[6] = {{0, 1, 0}, {0, 0, 1}, {0, 0, 1}, {1, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const Vec3 bs[6] = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {0, 1, 0}, {1, 0, 0}};
    const Vec3 center{0, h, 0};
    for (int f = 0; f < 6; ++f) {
        const auto base = static_cast<std::uint32_t>(mesh.vertices.size());
        const double corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        for (const auto& c : corners) {
            const Vec3 p = center + normals[f] * h + as[f] * (c[0] * h) + bs[f] * (c[1] * h);
            mesh.vertices.push_back(makeVertex(p, normals[f], static_cast<float>((c[0] + 1) / 2),
                                               static_cast<float>((c[1] + 1) / 2)));
            mesh.bounds.add(p);
        }
        mesh.indices.insert(mesh.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
    }
    mesh.submeshes.push_back({material, 0, static_cast<std::uint32_t>(mesh.indices.size())});
    return mesh;
}

Mesh flatMesh(int texture, MaterialLibrary& materials) {
    const SceneTexture& tex = materials.textureAt(texture);
    Mesh mesh;
    mesh.name = "flat " + std::to_string(tex.textureId) + "/" + std::to_string(tex.imageId);
    mesh.source = texbsiPath(tex.textureId) + ":" + std::to_string(tex.imageId);
    addUprightQuad(mesh, tex.width, tex.height, materials.textured(tex.textureId, tex.imageId));
    mesh.placeholder = tex.image == nullptr;
    return mesh;
}

void addUprightQuad(Mesh& mesh, double w, double h, std::uint32_t material) {
    const Vec3 n{0, 0, 1};
    const Vec3 corners[4] = {{-w / 2, 0, 0}, {w / 2, 0, 0}, {w / 2, h, 0}, {-w / 2, h, 0}};
    const float uv[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}}; // image rows run top to bottom
    for (int i = 0; i < 4; ++i) {
        mesh.vertices.push_back(makeVertex(corners[i], n, uv[i][0], uv[i][1]));
        mesh.bounds.add(corners[i]);
    }
    mesh.indices = {0, 1, 2, 0, 2, 3};
    mesh.submeshes.push_back({material, 0, 6});
}

} // namespace rgx::scene

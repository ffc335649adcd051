#include "tests/support/hand_scene.h"

namespace rgx::test {

loaders::WorldEntry sunAlongZ() {
    loaders::WorldEntry w;
    w.sun = std::array<std::int64_t, 4>{0, 0, 1000, 102};
    w.sunRgb = std::array<std::int64_t, 4>{255, 255, 255, 100};
    w.ambient = 32;
    w.ambientRgb = std::array<std::int64_t, 3>{255, 255, 255};
    return w;
}

loaders::WorldEntry fullAmbient() {
    loaders::WorldEntry w;
    w.ambient = 128;
    w.ambientRgb = std::array<std::int64_t, 3>{255, 255, 255};
    return w;
}

std::unique_ptr<HandScene> texturedQuadScene(const std::vector<loaders::Bytes>& frames, int animDelayMs,
                                             const float (&corners)[4][4], float z,
                                             const std::array<std::uint32_t, 6>& indices) {
    auto q = std::make_unique<HandScene>();
    q->image = loaders::makeTexbsiImage("HAND", 8, 8, frames, std::nullopt, animDelayMs);
    scene::Scene& s = q->scene;
    scene::SceneTexture tex;
    tex.width = tex.height = 8;
    tex.image = &q->image;
    s.textures.push_back(tex);
    scene::Material m;
    m.solid = false;
    m.texture = 0;
    s.materials.push_back(m);
    scene::Mesh mesh;
    mesh.name = "hand";
    for (const auto& c : corners) {
        mesh.vertices.push_back({{c[0], c[1], z}, {0, 0, 1}, {c[2], c[3]}});
        mesh.bounds.add(scene::Vec3{c[0], c[1], z});
    }
    mesh.indices.assign(indices.begin(), indices.end());
    mesh.submeshes.push_back({0, 0, 6});
    s.meshes.push_back(mesh);
    return q;
}

} // namespace rgx::test

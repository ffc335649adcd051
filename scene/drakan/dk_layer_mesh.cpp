#include "scene/drakan/dk_layer_mesh.h"

#include "scene/drakan/dk_assets.h"

#include <map>
#include <vector>

namespace rgx::scene::drakan {

namespace dk = loaders::drakan;

void addMeshVertex(Mesh& mesh, const Vec3& p, const Vec3& n, float u, float v) {
    MeshVertex m{};
    m.position[0] = static_cast<float>(p.x);
    m.position[1] = static_cast<float>(p.y);
    m.position[2] = static_cast<float>(p.z);
    m.normal[0] = static_cast<float>(n.x);
    m.normal[1] = static_cast<float>(n.y);
    m.normal[2] = static_cast<float>(n.z);
    m.uv[0] = u;
    m.uv[1] = v;
    mesh.vertices.push_back(m);
    mesh.bounds.add(p);
}

void addSubmeshes(Mesh& mesh, const std::map<std::uint32_t, std::vector<std::uint32_t>>& byMaterial) {
    for (const auto& [material, indices] : byMaterial) {
        mesh.submeshes.push_back({material, static_cast<std::uint32_t>(mesh.indices.size()),
                                  static_cast<std::uint32_t>(indices.size())});
        mesh.indices.insert(mesh.indices.end(), indices.begin(), indices.end());
    }
}

double layerVertexSceneHeight(const dk::Layer& layer, std::uint32_t x, std::uint32_t z) {
    const std::uint16_t h = layer.vertices.at(x + std::size_t{layer.width + 1} * z).height;
    return (static_cast<double>(h) - 0x8000) * 2 / kWorldUnitsPerSceneUnit;
}

Mesh layerMesh(const dk::Layer& layer, const std::function<std::uint32_t(dk::RecordRef)>& material,
               const std::string& source) {
    Mesh mesh;
    mesh.name = layer.name;
    mesh.source = source;
    const std::uint32_t w = layer.width, h = layer.height;
    const bool ceiling = layer.type == dk::LayerType::Ceiling;
    const auto height = [&](std::int64_t x, std::int64_t z) {
        x = std::clamp<std::int64_t>(x, 0, w);
        z = std::clamp<std::int64_t>(z, 0, h);
        return layerVertexSceneHeight(layer, static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(z));
    };
    const auto normal = [&](std::uint32_t x, std::uint32_t z) {
        const double dx = height(x - std::int64_t{1}, z) - height(x + std::int64_t{1}, z);
        const double dz = height(x, z - std::int64_t{1}) - height(x, z + std::int64_t{1});
        const Vec3 n = normalized({dx, 2 * kCellUnits, dz});
        return ceiling ? n * -1.0 : n;
    };
    std::map<std::uint32_t, std::vector<std::uint32_t>> byMaterial;
    for (std::uint32_t z = 0; z < h; ++z) {
        for (std::uint32_t x = 0; x < w; ++x) {
            const dk::LayerCell& cell = layer.cells[x + std::size_t{w} * z];
            // Corners a (x, z), b (x+1, z), c (x, z+1), d (x+1, z+1) and their (u, v) from the
            // stored Uc Ud Ub Ua Vc Vd Vb Va.
            struct Corner {
                std::uint32_t x, z;
                float u, v;
            };
            const auto uv = [&](int k) { return cell.uv[static_cast<std::size_t>(k)] / 65535.0f; };
            const Corner a{x, z, uv(3), uv(7)}, b{x + 1, z, uv(2), uv(6)}, c{x, z + 1, uv(0), uv(4)},
                d{x + 1, z + 1, uv(1), uv(5)};
            const bool backslash = (cell.flags & dk::kCellBackslash) != 0;
            const std::array<Corner, 3> left = backslash ? std::array{a, c, d} : std::array{c, b, a};
            const std::array<Corner, 3> right = backslash ? std::array{a, d, b} : std::array{c, d, b};
            for (const auto& [corners, texture] :
                 {std::pair{left, cell.left}, std::pair{right, cell.right}}) {
                if (texture == dk::kHoleTexture || texture == dk::kInvisibleTexture) continue;
                std::vector<std::uint32_t>& indices = byMaterial[material(texture)];
                const auto first = static_cast<std::uint32_t>(mesh.vertices.size());
                for (const Corner& k : corners) {
                    const Vec3 p{k.x * kCellUnits, height(k.x, k.z), k.z * kCellUnits};
                    const Vec3 n = normal(k.x, k.z);
                    addMeshVertex(mesh, p, n, k.u, 1.0f - k.v); // v up from the first stored row
                }
                if (ceiling)
                    indices.insert(indices.end(), {first + 1, first, first + 2});
                else
                    indices.insert(indices.end(), {first, first + 1, first + 2});
            }
        }
    }
    addSubmeshes(mesh, byMaterial);
    return mesh;
}

} // namespace rgx::scene::drakan

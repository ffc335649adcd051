#pragma once
// What the glTF export tests share: a scratch directory, a .glb read back by tinygltf, an
// accessor's floats, and a node's transforms and its scene node.

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include "base/math.h"
#include "tests/support/scratch_dir.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

namespace rgx::exporter::testing {

namespace fs = std::filesystem;

inline fs::path scratch(const std::string& name) {
    const fs::path dir = rgx::testing::scratchDir("rgx_export_test");
    fs::create_directories(dir);
    return dir / name;
}

// The floats an accessor holds: its view's (zeros without one), then a sparse accessor's values
// over them.
inline std::vector<float> floatsOf(const tinygltf::Model& model, int accessor) {
    const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(accessor)];
    const auto width =
        static_cast<std::size_t>(tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(a.type)));
    const std::size_t n = a.count * width;
    const auto bytesOf = [&](int view, std::size_t offset) {
        const tinygltf::BufferView& v = model.bufferViews[static_cast<std::size_t>(view)];
        return model.buffers[static_cast<std::size_t>(v.buffer)].data.data() + v.byteOffset + offset;
    };
    std::vector<float> out(n, 0.0f);
    if (a.bufferView >= 0) std::memcpy(out.data(), bytesOf(a.bufferView, a.byteOffset), n * sizeof(float));
    if (a.sparse.isSparse) {
        EXPECT_EQ(a.sparse.indices.componentType, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT);
        const auto count = static_cast<std::size_t>(a.sparse.count);
        std::vector<std::uint32_t> at(count);
        std::memcpy(
            at.data(),
            bytesOf(a.sparse.indices.bufferView, static_cast<std::size_t>(a.sparse.indices.byteOffset)),
            count * sizeof(std::uint32_t));
        std::vector<float> values(count * width);
        std::memcpy(values.data(),
                    bytesOf(a.sparse.values.bufferView, static_cast<std::size_t>(a.sparse.values.byteOffset)),
                    values.size() * sizeof(float));
        for (std::size_t k = 0; k < count; ++k) {
            EXPECT_LT(at[k], a.count);
            if (at[k] >= a.count) break;
            std::copy_n(values.begin() + static_cast<std::ptrdiff_t>(k * width), width,
                        out.begin() + static_cast<std::ptrdiff_t>(at[k] * width));
        }
    }
    return out;
}

// A .glb read back by tinygltf (a failed read fails the test).
inline tinygltf::Model loadGlb(const fs::path& file) {
    tinygltf::Model model;
    tinygltf::TinyGLTF loader;
    std::string err, warn;
    EXPECT_TRUE(loader.LoadBinaryFromFile(&model, &err, &warn, file.string())) << err;
    return model;
}

// glTF's T * R * S, any part left empty being the identity's.
inline rgx::Mat4 trsMatrix(const std::vector<double>& t, const std::vector<double>& q,
                           const std::vector<double>& s) {
    rgx::Mat4 m;
    const double x = q.size() == 4 ? q[0] : 0, y = q.size() == 4 ? q[1] : 0, z = q.size() == 4 ? q[2] : 0,
                 w = q.size() == 4 ? q[3] : 1;
    const double r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
                            {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
                            {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
    for (int row = 0; row < 3; ++row) {
        for (int c = 0; c < 3; ++c)
            m.m[row][c] = r[row][c] * (s.size() == 3 ? s[static_cast<std::size_t>(c)] : 1.0);
        m.m[row][3] = t.size() == 3 ? t[static_cast<std::size_t>(row)] : 0.0;
    }
    return m;
}

// A glTF node's own transform (its matrix, or T * R * S), translation in metres.
inline rgx::Mat4 gltfLocal(const tinygltf::Node& n) {
    rgx::Mat4 m;
    if (n.matrix.size() == 16) {
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c)
                m.m[r][c] = n.matrix[static_cast<std::size_t>(c * 4 + r)];
        return m;
    }
    return trsMatrix(n.translation, n.rotation, n.scale);
}

// The world transform of glTF node `node`'s parent chain (the node's own transform left out).
inline rgx::Mat4 gltfParentWorld(const tinygltf::Model& model, int node) {
    std::vector<int> parentOf(model.nodes.size(), -1);
    for (std::size_t i = 0; i < model.nodes.size(); ++i)
        for (int c : model.nodes[i].children)
            parentOf[static_cast<std::size_t>(c)] = static_cast<int>(i);
    rgx::Mat4 world;
    for (int p = parentOf[static_cast<std::size_t>(node)]; p >= 0; p = parentOf[static_cast<std::size_t>(p)])
        world = gltfLocal(model.nodes[static_cast<std::size_t>(p)]) * world;
    return world;
}

// The glTF node written for scene node `sceneNode`: nodes carry their record's kind in their extras,
// one per scene node in scene order (mesh children and terrain chunks carry none).
inline int gltfNodeOf(const tinygltf::Model& model, std::size_t sceneNode) {
    std::size_t seen = 0;
    for (std::size_t i = 0; i < model.nodes.size(); ++i)
        if (model.nodes[i].extras.Has("kind") && seen++ == sceneNode) return static_cast<int>(i);
    return -1;
}

} // namespace rgx::exporter::testing

#pragma once
// An exported glTF read back by tools other than rgx's own writer: assimp (Debian's
// libassimp-dev), the importer the export tests count with, and the file's JSON itself (a .glb's
// JSON chunk or a .gltf), read with nlohmann-json.

#include <nlohmann/json.hpp>

#include <assimp/scene.h>

#include <filesystem>
#include <memory>

namespace rgx::testing {

struct AssimpScene;
struct AssimpDeleter {
    void operator()(AssimpScene* s) const;
};
// The imported scene (no post-processing but validation); null when assimp refused the file
// (message in `error`).
struct AssimpScene {
    const aiScene* scene = nullptr;
    void* importer = nullptr; // owns the scene
};
std::unique_ptr<AssimpScene, AssimpDeleter> importWithAssimp(const std::filesystem::path& file,
                                                             std::string& error);

// Nodes under (and not counting) assimp's root.
std::size_t assimpNodeCount(const aiScene& scene);

// The glTF JSON of a .glb or .gltf file.
nlohmann::json gltfJson(const std::filesystem::path& file);

} // namespace rgx::testing

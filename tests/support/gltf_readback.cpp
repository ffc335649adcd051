#include "tests/support/gltf_readback.h"

#include "loaders/file_io.h"

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>

#include <cstring>
#include <stdexcept>

namespace rgx::testing {

void AssimpDeleter::operator()(AssimpScene* s) const {
    delete static_cast<Assimp::Importer*>(s->importer);
    delete s;
}

std::unique_ptr<AssimpScene, AssimpDeleter> importWithAssimp(const std::filesystem::path& file,
                                                             std::string& error) {
    auto* importer = new Assimp::Importer;
    std::unique_ptr<AssimpScene, AssimpDeleter> out(new AssimpScene{nullptr, importer});
    out->scene = importer->ReadFile(file.string(), aiProcess_ValidateDataStructure);
    if (!out->scene) {
        error = importer->GetErrorString();
        return nullptr;
    }
    return out;
}

namespace {
std::size_t countBelow(const aiNode& node) {
    std::size_t n = 0;
    for (unsigned i = 0; i < node.mNumChildren; ++i)
        n += 1 + countBelow(*node.mChildren[i]);
    return n;
}
} // namespace

std::size_t assimpNodeCount(const aiScene& scene) {
    return scene.mRootNode ? countBelow(*scene.mRootNode) : 0;
}

nlohmann::json gltfJson(const std::filesystem::path& file) {
    const loaders::Bytes bytes = loaders::readFile(file);
    if (bytes.size() >= 20 && std::memcmp(bytes.data(), "glTF", 4) == 0) {
        std::uint32_t length = 0, type = 0;
        std::memcpy(&length, bytes.data() + 12, 4);
        std::memcpy(&type, bytes.data() + 16, 4);
        if (type != 0x4E4F534Au || 20 + std::size_t{length} > bytes.size())
            throw std::runtime_error(file.string() + ": no JSON chunk");
        return nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + length);
    }
    return nlohmann::json::parse(bytes.begin(), bytes.end());
}

} // namespace rgx::testing

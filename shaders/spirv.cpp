#include "shaders/spirv.h"

#include "base/error.h"
#include "loaders/bytes.h"

#include <string>

namespace rgx::shaders {

std::span<const std::uint32_t> spirv(std::string_view name) {
    for (std::size_t i = 0; i < embedded::kShaderCount; ++i) {
        if (embedded::kShaders[i].name != name) continue;
        const std::span<const std::uint32_t> words = embedded::kShaders[i].words;
        // glslc writes the words in host order: a wrong first word is a broken build, not data.
        if (words.size() < 5 || words[0] != 0x07230203u)
            throw Error("shaders/" + std::string(name), 0, "SPIR-V magic",
                        "the embedded module is not SPIR-V");
        return words;
    }
    throw Error("shaders/" + std::string(name), Error::kNoOffset, "",
                "no such embedded shader (is the file in shaders/ and was cmake re-run?)");
}

std::vector<std::string_view> shaderNames() {
    std::vector<std::string_view> names;
    for (std::size_t i = 0; i < embedded::kShaderCount; ++i)
        names.push_back(embedded::kShaders[i].name);
    return names;
}

std::uint64_t spirvHash() {
    std::uint64_t hash = loaders::kFnv1a64Offset;
    for (std::size_t i = 0; i < embedded::kShaderCount; ++i) {
        const embedded::EmbeddedShader& shader = embedded::kShaders[i];
        // The name with its terminating NUL, so that no two tables of names and words hash alike.
        hash = loaders::fnv1a64(
            {reinterpret_cast<const std::uint8_t*>(shader.name.data()), shader.name.size()}, hash);
        const std::uint8_t end = 0;
        hash = loaders::fnv1a64({&end, 1}, hash);
        hash = loaders::fnv1a64(
            {reinterpret_cast<const std::uint8_t*>(shader.words.data()), shader.words.size_bytes()}, hash);
    }
    return hash;
}

} // namespace rgx::shaders

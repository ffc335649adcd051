#include "shaders/spirv.h"

#include "base/error.h"

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

} // namespace rgx::shaders

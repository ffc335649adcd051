#pragma once
// The SPIR-V of every shaders/*.vert|frag|comp, compiled by glslc at build time and embedded in
// the binary (shaders/CMakeLists.txt). Shaders are named by their source file name.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace rgx::shaders {

// The module compiled from shaders/<name> (e.g. "triangle.vert"). Throws rgx::Error naming the
// shader when there is none.
std::span<const std::uint32_t> spirv(std::string_view name);

// Names of all embedded shaders, sorted.
std::vector<std::string_view> shaderNames();

// A hash (FNV-1a 64) of every embedded shader's name and SPIR-V: it changes whenever a shader
// does. The pipeline cache's file is keyed by it (renderer/vk/pipeline_cache.h).
std::uint64_t spirvHash();

namespace embedded {
struct EmbeddedShader {
    std::string_view name;
    std::span<const std::uint32_t> words;
};
extern const EmbeddedShader kShaders[];
extern const std::size_t kShaderCount;
} // namespace embedded

} // namespace rgx::shaders

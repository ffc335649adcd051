// Instance creation: a missing validation layer is a clear error, not a silent run without it.

#include "base/error.h"
#include "renderer/vk/instance.h"
#include "tests/renderer/vulkan_test_env.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <unistd.h>

namespace rgx::renderer {
namespace {

TEST(Instance, MissingValidationLayerIsAClearError) {
    // An empty explicit-layer search path hides VK_LAYER_KHRONOS_validation from the loader.
    // createInstance fails before vkCreateInstance, so the shared context is not disturbed.
    const auto empty =
        std::filesystem::temp_directory_path() / ("rgx_no_layers_" + std::to_string(::getpid()));
    std::filesystem::create_directories(empty);
    std::optional<std::string> saved;
    if (const char* v = std::getenv("VK_LAYER_PATH")) saved = v;
    ::setenv("VK_LAYER_PATH", empty.c_str(), 1);

    InstanceOptions options;
    options.validation = true;
    std::string what;
    try {
        Instance instance = createInstance(options);
        destroyInstance(instance);
    } catch (const Error& e) {
        what = e.what();
    }
    if (saved) {
        ::setenv("VK_LAYER_PATH", saved->c_str(), 1);
    } else {
        ::unsetenv("VK_LAYER_PATH");
    }
    std::filesystem::remove_all(empty);

    EXPECT_NE(what.find(kValidationLayer), std::string::npos) << what;
    EXPECT_NE(what.find("vulkan-validationlayers"), std::string::npos) << what;
}

TEST(Instance, SharedContextHasValidationAndAMessenger) {
    const auto& instance = test::vulkan().instance;
    EXPECT_TRUE(instance.validation);
    EXPECT_TRUE(instance.debugUtils);
    EXPECT_NE(instance.messenger, VK_NULL_HANDLE);
    EXPECT_GE(instance.apiVersion, kRequiredApiVersion);
}

} // namespace
} // namespace rgx::renderer

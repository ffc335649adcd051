// Buffers, staging upload and download, embedded shaders.

#include "base/error.h"
#include "renderer/vk/readback.h"
#include "renderer/vk/resources.h"
#include "renderer/vk/shader_module.h"
#include "shaders/spirv.h"
#include "tests/renderer/vulkan_test_env.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

namespace rgx::renderer {
namespace {

TEST(Resources, StagingUploadThenDownloadRoundTrips) {
    auto& ctx = test::vulkan();
    Buffer buffer =
        createBuffer(ctx, 4096, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                     VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    std::vector<std::byte> bytes(1000);
    for (std::size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = static_cast<std::byte>(i * 7 + 3);
    uploadBuffer(ctx, buffer, bytes, 100);
    const auto back = downloadBuffer(ctx, buffer, 100, bytes.size());
    EXPECT_EQ(back, bytes);
}

TEST(Resources, UploadPastTheEndIsRejected) {
    auto& ctx = test::vulkan();
    Buffer buffer =
        createBuffer(ctx, 64, VK_BUFFER_USAGE_TRANSFER_DST_BIT, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    const std::vector<std::byte> bytes(60);
    EXPECT_THROW(uploadBuffer(ctx, buffer, bytes, 8), Error);
}

TEST(Resources, HostVisibleBuffersAreMapped) {
    auto& ctx = test::vulkan();
    Buffer buffer = createBuffer(ctx, 256, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                 VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    EXPECT_NE(buffer.mapped, nullptr);
    buffer = {}; // freed here: the buffer owns itself
    EXPECT_EQ(buffer.buffer.get(), VK_NULL_HANDLE);
    EXPECT_EQ(buffer.memory.get(), VK_NULL_HANDLE);
}

// Unique<T> (renderer/vk/handle.h): one owner at a time; a moved-from owner is empty, reset and
// assignment destroy (a leak would be reported by the validation layer when the context goes).
TEST(Resources, UniqueHandlesMoveAndDestroy) {
    auto& ctx = test::vulkan();
    const auto info = vkInit<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
    Unique<VkFence> a = create(ctx.vk(), vkCreateFence, info, "vkCreateFence");
    const VkFence raw = a;
    ASSERT_NE(raw, VK_NULL_HANDLE);
    Unique<VkFence> b = std::move(a);
    EXPECT_EQ(a.get(), VK_NULL_HANDLE);
    EXPECT_EQ(b.get(), raw);
    EXPECT_EQ(vkGetFenceStatus(ctx.vk(), b), VK_NOT_READY);
    b = create(ctx.vk(), vkCreateFence, info, "vkCreateFence"); // the first fence is destroyed here
    EXPECT_NE(b.get(), VK_NULL_HANDLE);
    b.reset();
    EXPECT_EQ(b.get(), VK_NULL_HANDLE);
    b.reset(); // empty: nothing to do
}

TEST(Resources, MemoryTypeSelectionHonoursTypeBitsAndFlags) {
    VkPhysicalDeviceMemoryProperties memory{};
    memory.memoryTypeCount = 3;
    memory.memoryTypes[0].propertyFlags = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
    memory.memoryTypes[1].propertyFlags = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
    memory.memoryTypes[2].propertyFlags =
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    EXPECT_EQ(findMemoryType(memory, 0b111, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT), 0u);
    EXPECT_EQ(findMemoryType(memory, 0b111, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT), 1u);
    EXPECT_EQ(findMemoryType(memory, 0b100, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT), 2u);
    EXPECT_THROW(findMemoryType(memory, 0b011, VK_MEMORY_PROPERTY_HOST_COHERENT_BIT), Error);
}

TEST(Resources, ImageUploadThenReadbackRoundTrips) {
    auto& ctx = test::vulkan();
    Image image = createImage2D(ctx, {5, 3}, VK_FORMAT_R8G8B8A8_UNORM,
                                VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                VK_IMAGE_ASPECT_COLOR_BIT);
    EXPECT_EQ(image.view, VK_NULL_HANDLE); // transfer-only: no view
    std::vector<std::byte> texels(5 * 3 * 4);
    for (std::size_t i = 0; i < texels.size(); ++i)
        texels[i] = static_cast<std::byte>(i * 13 + 1);
    uploadImage2D(ctx, image, texels, 4, kColorAfterReadback);
    const Rgba8Image back = readbackRgba8(ctx, image, kColorAfterReadback);
    ASSERT_EQ(back.pixels.size(), texels.size());
    EXPECT_EQ(0, std::memcmp(back.pixels.data(), texels.data(), texels.size()));
    // A wrong size is refused before anything is recorded.
    texels.pop_back();
    EXPECT_THROW(uploadImage2D(ctx, image, texels, 4, kColorAfterReadback), Error);
}

TEST(Shaders, EmbeddedModulesAreSpirv) {
    const auto names = shaders::shaderNames();
    EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
    ASSERT_NE(std::find(names.begin(), names.end(), "triangle.vert"), names.end());
    for (const auto name : names) {
        const auto words = shaders::spirv(name);
        ASSERT_GE(words.size(), 5u) << name;
        EXPECT_EQ(words[0], 0x07230203u) << name; // SPIR-V magic, in host order
    }
}

TEST(Shaders, UnknownNameIsAnErrorNamingIt) {
    try {
        shaders::spirv("nope.frag");
        FAIL() << "expected rgx::Error";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("nope.frag"), std::string::npos) << e.what();
    }
}

TEST(Shaders, EveryEmbeddedModuleLoadsOnTheDevice) {
    auto& ctx = test::vulkan();
    for (const auto name : shaders::shaderNames()) {
        const Unique<VkShaderModule> module = createShaderModule(ctx.vk(), name);
        EXPECT_NE(module.get(), VK_NULL_HANDLE) << name;
    }
}

} // namespace
} // namespace rgx::renderer

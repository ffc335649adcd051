// Proves that the harness would notice validation messages: one validation error is provoked on
// purpose and the messenger's error count must rise by exactly one.

#include "renderer/vk/vk_check.h"
#include "tests/renderer/vulkan_test_env.h"

#include <gtest/gtest.h>

namespace rgx::renderer {
namespace {

TEST(Validation, CountsAProvokedError) {
    auto& ctx = test::vulkan();
    ASSERT_TRUE(ctx.instance.validation);
    ASSERT_NE(ctx.instance.messenger, VK_NULL_HANDLE);

    // usage = 0 breaks a valid-usage rule the layer checks, and lavapipe creates the buffer
    // anyway (it ignores usage), so there is nothing undefined for the driver.
    const char* kVuid = "VUID-VkBufferCreateInfo-usage-requiredbitmask";
    test::expectValidationError(kVuid);
    const auto before = debugCounts(ctx.messages());

    auto info = vkInit<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
    info.size = 16;
    info.usage = 0;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    VkBuffer buffer = VK_NULL_HANDLE;
    ctx.messages().printToStderr = false; // expected: keep the log clean
    const VkResult result = vkCreateBuffer(ctx.vk(), &info, nullptr, &buffer);
    ctx.messages().printToStderr = true;
    if (buffer != VK_NULL_HANDLE) vkDestroyBuffer(ctx.vk(), buffer, nullptr);
    VK_CHECK(result);

    const auto after = debugCounts(ctx.messages());
    EXPECT_EQ(after.errors, before.errors + 1);
    EXPECT_EQ(after.warnings, before.warnings);
    const auto messages = debugMessagesSince(ctx.messages(), before.total());
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_TRUE(messages[0].error);
    EXPECT_NE(messages[0].id.find(kVuid), std::string::npos) << formatDebugMessage(messages[0]);
}

} // namespace
} // namespace rgx::renderer

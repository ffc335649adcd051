// VK_CHECK throws in every build type with the result name, the call and the file:line; the
// validation switch parses RGX_VALIDATION strictly.

#include "renderer/vk/instance.h"
#include "renderer/vk/vk_check.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace rgx::renderer {
namespace {

VkResult failWith(VkResult r) {
    return r;
}

TEST(VkCheck, ThrowsWithResultCallAndLocation) {
    try {
        VK_CHECK(failWith(VK_ERROR_DEVICE_LOST));
        FAIL() << "VK_CHECK did not throw";
    } catch (const VulkanError& e) {
        const std::string what = e.what();
        EXPECT_EQ(e.result(), VK_ERROR_DEVICE_LOST);
        EXPECT_NE(what.find("VK_ERROR_DEVICE_LOST"), std::string::npos) << what;
        EXPECT_NE(what.find("failWith(VK_ERROR_DEVICE_LOST)"), std::string::npos) << what;
        EXPECT_NE(what.find("vk_check_test.cpp:"), std::string::npos) << what;
    }
}

TEST(VkCheck, IsAnRgxError) {
    EXPECT_THROW(VK_CHECK(failWith(VK_ERROR_OUT_OF_DEVICE_MEMORY)), Error);
    EXPECT_NO_THROW(VK_CHECK(failWith(VK_SUCCESS)));
}

TEST(VkCheck, NonErrorStatusCodesThrowToo) {
    // A VK_INCOMPLETE or VK_TIMEOUT where success was assumed is a bug as well.
    EXPECT_THROW(VK_CHECK(failWith(VK_INCOMPLETE)), VulkanError);
    EXPECT_THROW(VK_CHECK(failWith(VK_TIMEOUT)), VulkanError);
}

TEST(VkCheck, UnknownResultsAreNamedByValue) {
    EXPECT_EQ(resultName(VK_ERROR_OUT_OF_HOST_MEMORY), "VK_ERROR_OUT_OF_HOST_MEMORY");
    EXPECT_EQ(resultName(static_cast<VkResult>(-12345)), "VkResult(-12345)");
}

class ValidationSwitch : public ::testing::Test {
protected:
    void SetUp() override {
        if (const char* v = std::getenv("RGX_VALIDATION")) saved_ = v;
    }
    void TearDown() override {
        if (saved_) {
            ::setenv("RGX_VALIDATION", saved_->c_str(), 1);
        } else {
            ::unsetenv("RGX_VALIDATION");
        }
    }
    std::optional<std::string> saved_;
};

TEST_F(ValidationSwitch, ExplicitOptionWinsOverTheEnvironment) {
    ::setenv("RGX_VALIDATION", "0", 1);
    EXPECT_TRUE(resolveValidation(true));
    ::setenv("RGX_VALIDATION", "1", 1);
    EXPECT_FALSE(resolveValidation(false));
}

TEST_F(ValidationSwitch, EnvironmentDecidesWhenNoOptionIsGiven) {
    ::setenv("RGX_VALIDATION", "1", 1);
    EXPECT_TRUE(resolveValidation(std::nullopt));
    ::setenv("RGX_VALIDATION", "0", 1);
    EXPECT_FALSE(resolveValidation(std::nullopt));
}

TEST_F(ValidationSwitch, BuildTypeDecidesOtherwise) {
    ::unsetenv("RGX_VALIDATION");
#ifdef NDEBUG
    EXPECT_FALSE(resolveValidation(std::nullopt));
#else
    EXPECT_TRUE(resolveValidation(std::nullopt));
#endif
}

TEST_F(ValidationSwitch, RejectsOtherValues) {
    ::setenv("RGX_VALIDATION", "yes", 1);
    EXPECT_THROW(resolveValidation(std::nullopt), Error);
}

} // namespace
} // namespace rgx::renderer

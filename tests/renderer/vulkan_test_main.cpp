// main() of rgx_renderer_tests: creates the one VulkanContext (validation on), installs the
// listener that fails a test when validation reported anything while it ran, runs the tests and
// checks that teardown was clean too.

#include "tests/renderer/vulkan_test_env.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>

namespace rgx::test {

namespace {

renderer::VulkanContext* gContext = nullptr;
std::vector<std::string> gExpectedErrors; // of the running test

// Fails the current test for every warning or error reported since `before`, except the ones
// the test declared with expectValidationError.
class ValidationListener : public ::testing::EmptyTestEventListener {
public:
    void OnTestStart(const ::testing::TestInfo&) override {
        gExpectedErrors.clear();
        before_ = gContext ? renderer::debugCounts(gContext->messages()) : renderer::DebugCounts{};
        sequence_ = before_.total();
    }

    void OnTestEnd(const ::testing::TestInfo&) override {
        if (!gContext) return;
        auto& messages = gContext->messages();
        const auto after = renderer::debugCounts(messages);
        const std::uint64_t reported = after.total() - before_.total();
        auto list = renderer::debugMessagesSince(messages, sequence_);

        std::vector<std::string> expected = gExpectedErrors;
        gExpectedErrors.clear();
        std::vector<renderer::DebugMessage> unexpected;
        for (const auto& message : list) {
            auto match = std::find_if(expected.begin(), expected.end(), [&](const std::string& id) {
                return message.error && (message.id.find(id) != std::string::npos ||
                                         message.text.find(id) != std::string::npos);
            });
            if (match != expected.end()) {
                expected.erase(match);
            } else {
                unexpected.push_back(message);
            }
        }
        if (list.size() < reported) {
            ADD_FAILURE() << reported - list.size()
                          << " validation messages were dropped before they could be checked";
        }
        for (const auto& message : unexpected) {
            ADD_FAILURE() << "validation reported during this test: "
                          << renderer::formatDebugMessage(message);
        }
        for (const auto& id : expected) {
            ADD_FAILURE() << "the expected validation error " << id << " was not reported";
        }
    }

private:
    renderer::DebugCounts before_;
    std::uint64_t sequence_ = 0;
};

} // namespace

renderer::VulkanContext& vulkan() {
    if (!gContext) throw std::logic_error("the Vulkan test context does not exist (listing tests only?)");
    return *gContext;
}

void expectValidationError(const std::string& idSubstring) {
    gExpectedErrors.push_back(idSubstring);
}

} // namespace rgx::test

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    // Test discovery (ctest, --gtest_list_tests) needs no device.
    if (::testing::GTEST_FLAG(list_tests)) return RUN_ALL_TESTS();

    rgx::renderer::ContextOptions options;
    options.instance.validation = true; // whatever RGX_VALIDATION says: the harness relies on it
    options.instance.synchronizationValidation = true;
    // The pipeline cache's file where RGX_PIPELINE_CACHE says (ctest names one in the build tree),
    // else none: a test never writes the user's cache.
    const char* pipelineCache = std::getenv("RGX_PIPELINE_CACHE");
    if (!pipelineCache || !*pipelineCache) options.pipelineCache.directory = std::filesystem::path();
    std::optional<rgx::renderer::VulkanContext> context;
    try {
        context.emplace(rgx::renderer::createContext(options));
    } catch (const std::exception& e) {
        std::cerr << "rgx_renderer_tests: cannot create the Vulkan context: " << e.what() << "\n";
        return 1;
    }
    rgx::test::gContext = &*context;
    std::cerr << "rgx_renderer_tests: " << context->device.properties.deviceName << " ("
              << rgx::renderer::deviceTypeName(context->device.properties.deviceType) << "), validation on\n";

    // Messages from creating the context belong to no test, but must not pass unnoticed.
    const auto setup = rgx::renderer::debugCounts(context->messages());
    ::testing::UnitTest::GetInstance()->listeners().Append(new rgx::test::ValidationListener);
    int result = RUN_ALL_TESTS();

    // Teardown reports objects a test leaked. destroyContext keeps instance.messages alive, and
    // it is the one vkDestroyInstance reports to.
    const auto beforeTeardown = rgx::renderer::debugCounts(context->messages());
    rgx::test::gContext = nullptr;
    rgx::renderer::destroyContext(*context);
    const auto afterTeardown = rgx::renderer::debugCounts(context->messages());
    if (afterTeardown.total() != beforeTeardown.total()) {
        std::cerr << "rgx_renderer_tests: validation reported "
                  << afterTeardown.total() - beforeTeardown.total()
                  << " messages while destroying the context (leaked objects?)\n";
        result = 1;
    }
    if (setup.total() != 0) {
        std::cerr << "rgx_renderer_tests: validation reported " << setup.total()
                  << " messages while creating the context\n";
        result = 1;
    }
    return result;
}

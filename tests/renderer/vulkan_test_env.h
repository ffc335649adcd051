#pragma once
// The renderer tests' shared Vulkan context and validation bookkeeping (vulkan_test_main.cpp).

#include "renderer/vk/context.h"

#include <string>

namespace rgx::test {

// The one context of this test binary (validation and synchronization validation on).
renderer::VulkanContext& vulkan();

// Declares that the running test provokes exactly one validation error whose message id or text
// contains idSubstring. Any other message still fails the test, and so does the expected one
// not being reported.
void expectValidationError(const std::string& idSubstring);

} // namespace rgx::test

// `rgx vkinfo`: the Vulkan device rgx would render with, its driver and API version. Creating
// the whole context (not just listing devices) also proves the device can be opened.

#include "app/commands.h"
#include "renderer/vk/context.h"

#include <iostream>
#include <optional>

namespace rgx::app {

namespace {

std::string version(std::uint32_t v) {
    return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) + "." +
           std::to_string(VK_API_VERSION_PATCH(v));
}

// driverVersion is vendor-defined: NVIDIA packs 10.8.8.6 bits; Mesa and most others use the
// Vulkan version encoding.
std::string driverVersion(std::uint32_t vendorId, std::uint32_t v) {
    if (vendorId == 0x10DE) {
        return std::to_string(v >> 22) + "." + std::to_string((v >> 14) & 0xff) + "." +
               std::to_string((v >> 6) & 0xff) + "." + std::to_string(v & 0x3f);
    }
    return version(v);
}

} // namespace

int runVkInfo(const VkInfoOptions& options) {
    renderer::ContextOptions contextOptions;
    // The flag turns validation on; without it RGX_VALIDATION and the build type decide.
    if (options.validation) contextOptions.instance.validation = true;

    renderer::VulkanContext context = renderer::createContext(contextOptions);
    const auto& device = context.device;
    const auto& properties = device.properties;

    std::cout << "device:          " << properties.deviceName << "\n"
              << "type:            " << renderer::deviceTypeName(properties.deviceType) << "\n"
              << "api version:     " << version(properties.apiVersion) << "\n"
              << "driver version:  " << driverVersion(properties.vendorID, properties.driverVersion) << " (0x"
              << std::hex << properties.driverVersion << std::dec << ")\n"
              << "driver:          " << device.driver.driverName << "\n"
              << "driver info:     " << device.driver.driverInfo << "\n"
              << "loader version:  " << version(context.instance.apiVersion) << "\n"
              << "queue family:    " << device.queueFamily << " (graphics + compute)\n";
    std::cout << "devices:\n";
    for (const auto& d : renderer::listPhysicalDevices(context.instance.instance)) {
        std::cout << (d.handle == device.physical ? "  * " : "    ") << d.properties.deviceName << " ("
                  << renderer::deviceTypeName(d.properties.deviceType) << ")";
        if (!d.unsuitable.empty()) std::cout << ": " << d.unsuitable;
        std::cout << "\n";
    }
    const auto filter = renderer::deviceNameFilter({});
    if (!filter.empty()) std::cout << "RGX_DEVICE:      " << filter << "\n";
    const renderer::PipelineCache& cache = context.pipelineCache;
    std::cout << "pipeline cache:  "
              << (cache.file().empty()
                      ? std::string("no file (RGX_PIPELINE_CACHE=off or no cache directory)")
                      : cache.file().string() + " (" + std::to_string(cache.loadedBytes()) + " bytes read" +
                            (cache.ignored().empty() ? "" : ", not used") + ")")
              << "\n";
    std::cout << "validation:      " << (context.instance.validation ? "on" : "off") << "\n";
    if (context.instance.validation) {
        const auto counts = renderer::debugCounts(context.messages());
        std::cout << "messages:        " << counts.warnings << " warnings, " << counts.errors << " errors\n";
    }
    return 0;
}

} // namespace rgx::app

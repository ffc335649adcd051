#include "renderer/vk/instance.h"

#include "renderer/vk/vk_check.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace rgx::renderer {

namespace {

void loadVulkanLoader() {
    // volkInitialize is idempotent; it fails only when libvulkan.so.1 cannot be opened.
    if (volkInitialize() != VK_SUCCESS) {
        throw Error("libvulkan.so.1", Error::kNoOffset, "volkInitialize",
                    "no Vulkan loader found (install libvulkan1 and a driver, e.g. mesa-vulkan-drivers)");
    }
}

std::vector<VkLayerProperties> instanceLayers() {
    std::uint32_t count = 0;
    VK_CHECK(vkEnumerateInstanceLayerProperties(&count, nullptr));
    std::vector<VkLayerProperties> layers(count);
    VK_CHECK(vkEnumerateInstanceLayerProperties(&count, layers.data()));
    layers.resize(count);
    return layers;
}

std::vector<VkExtensionProperties> instanceExtensions(const char* layer) {
    std::uint32_t count = 0;
    VK_CHECK(vkEnumerateInstanceExtensionProperties(layer, &count, nullptr));
    std::vector<VkExtensionProperties> extensions(count);
    VK_CHECK(vkEnumerateInstanceExtensionProperties(layer, &count, extensions.data()));
    extensions.resize(count);
    return extensions;
}

bool hasExtension(const std::vector<VkExtensionProperties>& extensions, const char* name) {
    return std::any_of(extensions.begin(), extensions.end(), [&](const VkExtensionProperties& e) {
        return std::strcmp(e.extensionName, name) == 0;
    });
}

bool buildDefaultValidation() {
#ifdef NDEBUG
    return false;
#else
    return true;
#endif
}

} // namespace

bool resolveValidation(const std::optional<bool>& requested) {
    if (requested) return *requested;
    if (const char* env = std::getenv("RGX_VALIDATION"); env && *env) {
        const std::string value = env;
        if (value == "1") return true;
        if (value == "0") return false;
        throw Error("RGX_VALIDATION", Error::kNoOffset, "", "must be 0 or 1, not '" + value + "'");
    }
    return buildDefaultValidation();
}

Instance createInstance(const InstanceOptions& options) {
    loadVulkanLoader();

    Instance result;
    result.messages = std::make_unique<DebugMessages>();
    result.messages->printToStderr = options.printMessages;
    result.validation = resolveValidation(options.validation);

    VK_CHECK(vkEnumerateInstanceVersion(&result.apiVersion));
    if (result.apiVersion < kRequiredApiVersion) {
        throw Error("libvulkan.so.1", Error::kNoOffset, "vkEnumerateInstanceVersion",
                    "the Vulkan loader supports " + std::to_string(VK_API_VERSION_MAJOR(result.apiVersion)) +
                        "." + std::to_string(VK_API_VERSION_MINOR(result.apiVersion)) + "; rgx needs 1.3");
    }

    std::vector<const char*> layers;
    std::vector<const char*> extensions;
    for (const auto& name : options.extensions)
        extensions.push_back(name.c_str());

    const auto available = instanceExtensions(nullptr);
    bool validationFeatures = false;
    if (result.validation) {
        const auto all = instanceLayers();
        const bool found = std::any_of(all.begin(), all.end(), [](const VkLayerProperties& l) {
            return std::strcmp(l.layerName, kValidationLayer) == 0;
        });
        if (!found) {
            throw Error(kValidationLayer, Error::kNoOffset, "",
                        "validation was requested (RGX_VALIDATION=1, --validation or a Debug build) but the "
                        "layer is not installed: install vulkan-validationlayers or set RGX_VALIDATION=0");
        }
        layers.push_back(kValidationLayer);
        validationFeatures =
            options.synchronizationValidation &&
            hasExtension(instanceExtensions(kValidationLayer), VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);
        if (validationFeatures) extensions.push_back(VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);
    }
    // The validation layer implements debug utils itself; without it the loader usually does.
    result.debugUtils = result.validation || hasExtension(available, VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    if (result.debugUtils) extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);

    auto app = vkInit<VkApplicationInfo>(VK_STRUCTURE_TYPE_APPLICATION_INFO);
    app.pApplicationName = "rgx";
    app.pEngineName = "rgx";
    app.apiVersion = kRequiredApiVersion;

    auto info = vkInit<VkInstanceCreateInfo>(VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
    info.pApplicationInfo = &app;
    info.enabledLayerCount = static_cast<std::uint32_t>(layers.size());
    info.ppEnabledLayerNames = layers.data();
    info.enabledExtensionCount = static_cast<std::uint32_t>(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();

    // Chained so that messages from vkCreateInstance/vkDestroyInstance are counted too.
    VkDebugUtilsMessengerCreateInfoEXT messengerInfo = debugMessengerCreateInfo(*result.messages);
    const VkValidationFeatureEnableEXT enables[] = {
        VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
    auto features = vkInit<VkValidationFeaturesEXT>(VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT);
    features.enabledValidationFeatureCount = 1;
    features.pEnabledValidationFeatures = enables;
    if (result.debugUtils) info.pNext = &messengerInfo;
    if (validationFeatures) {
        features.pNext = info.pNext;
        info.pNext = &features;
    }

    VkInstance instance = VK_NULL_HANDLE;
    VK_CHECK(vkCreateInstance(&info, nullptr, &instance));
    result.instance = Unique<VkInstance>(instance);
    volkLoadInstanceOnly(instance);

    if (result.debugUtils) result.messenger = createDebugMessenger(instance, *result.messages);
    return result;
}

void destroyInstance(Instance& instance) {
    instance.messenger.reset();
    instance.instance.reset();
}

} // namespace rgx::renderer

#pragma once
// Unique<T>: the one owner of a Vulkan object. Move-only; destroys its object (with the device or
// instance it was created from) when it is destroyed, reset or assigned over, so an exception
// between two creations leaves nothing behind and no clean-up code is written by hand.
// Converts implicitly to the raw handle, so it passes straight into vk* calls.
//
// Destruction order: C++ destroys members in reverse order of declaration, which is the order
// Vulkan needs when objects are declared in the order they are created (memory before the buffer
// bound to it, the layout before the pipeline, the instance before the device). Where that is not
// enough (waiting for the device first), the owner says so in its destructor.

#include "renderer/vk/vk_check.h"
#include "renderer/vk/vulkan.h"

#include <cstddef>
#include <source_location>
#include <type_traits>
#include <utility>

namespace rgx::renderer {

// Per handle type: what it is created from (Parent) and how it is destroyed.
template <typename T> struct HandleTraits;

#define RGX_DEVICE_HANDLE(Type, call)                                                                        \
    template <> struct HandleTraits<Type> {                                                                  \
        using Parent = VkDevice;                                                                             \
        static void destroy(VkDevice device, Type handle) { call(device, handle, nullptr); }                 \
    }
RGX_DEVICE_HANDLE(VkBuffer, vkDestroyBuffer);
RGX_DEVICE_HANDLE(VkDeviceMemory, vkFreeMemory);
RGX_DEVICE_HANDLE(VkImage, vkDestroyImage);
RGX_DEVICE_HANDLE(VkImageView, vkDestroyImageView);
RGX_DEVICE_HANDLE(VkSampler, vkDestroySampler);
RGX_DEVICE_HANDLE(VkShaderModule, vkDestroyShaderModule);
RGX_DEVICE_HANDLE(VkPipeline, vkDestroyPipeline);
RGX_DEVICE_HANDLE(VkPipelineCache, vkDestroyPipelineCache);
RGX_DEVICE_HANDLE(VkPipelineLayout, vkDestroyPipelineLayout);
RGX_DEVICE_HANDLE(VkDescriptorSetLayout, vkDestroyDescriptorSetLayout);
RGX_DEVICE_HANDLE(VkDescriptorPool, vkDestroyDescriptorPool);
RGX_DEVICE_HANDLE(VkCommandPool, vkDestroyCommandPool);
RGX_DEVICE_HANDLE(VkFence, vkDestroyFence);
RGX_DEVICE_HANDLE(VkSemaphore, vkDestroySemaphore);
RGX_DEVICE_HANDLE(VkQueryPool, vkDestroyQueryPool);
RGX_DEVICE_HANDLE(VkRenderPass, vkDestroyRenderPass);
RGX_DEVICE_HANDLE(VkFramebuffer, vkDestroyFramebuffer);
RGX_DEVICE_HANDLE(VkSwapchainKHR, vkDestroySwapchainKHR);
#undef RGX_DEVICE_HANDLE

template <> struct HandleTraits<VkSurfaceKHR> {
    using Parent = VkInstance;
    static void destroy(VkInstance instance, VkSurfaceKHR surface) {
        vkDestroySurfaceKHR(instance, surface, nullptr);
    }
};
template <> struct HandleTraits<VkDebugUtilsMessengerEXT> {
    using Parent = VkInstance;
    static void destroy(VkInstance instance, VkDebugUtilsMessengerEXT messenger) {
        vkDestroyDebugUtilsMessengerEXT(instance, messenger, nullptr);
    }
};
// The roots: no parent.
template <> struct HandleTraits<VkDevice> {
    using Parent = std::nullptr_t;
    static void destroy(std::nullptr_t, VkDevice device) { vkDestroyDevice(device, nullptr); }
};
template <> struct HandleTraits<VkInstance> {
    using Parent = std::nullptr_t;
    static void destroy(std::nullptr_t, VkInstance instance) { vkDestroyInstance(instance, nullptr); }
};

template <typename T> class Unique {
public:
    using Parent = typename HandleTraits<T>::Parent;

    Unique() = default;
    Unique(Parent parent, T handle) : parent_(parent), handle_(handle) {}
    explicit Unique(T handle) requires std::is_same_v<Parent, std::nullptr_t> : handle_(handle) {}
    Unique(Unique&& other) noexcept
        : parent_(other.parent_), handle_(std::exchange(other.handle_, static_cast<T>(VK_NULL_HANDLE))) {}
    Unique& operator=(Unique&& other) noexcept {
        if (this != &other) {
            reset();
            parent_ = other.parent_;
            handle_ = std::exchange(other.handle_, static_cast<T>(VK_NULL_HANDLE));
        }
        return *this;
    }
    Unique(const Unique&) = delete;
    Unique& operator=(const Unique&) = delete;
    ~Unique() { reset(); }

    T get() const { return handle_; }
    operator T() const& { return handle_; }
    // A temporary owner would destroy its object at the end of the statement: converting one to
    // a raw handle (`VkPipeline p = createPipeline(...)`) does not compile.
    operator T() && = delete;
    // For create-info fields that take an array of handles (pSetLayouts, pSwapchains, ...).
    const T* address() const { return &handle_; }

    // Gives the object up without destroying it (a device lost mid-frame: freeing what the GPU may
    // still use is worse than leaving it to the device's teardown).
    T release() { return std::exchange(handle_, static_cast<T>(VK_NULL_HANDLE)); }

    // Destroys the object now (nothing when empty).
    void reset() {
        if (handle_ != VK_NULL_HANDLE) HandleTraits<T>::destroy(parent_, handle_);
        handle_ = VK_NULL_HANDLE;
    }

private:
    Parent parent_{};
    T handle_ = VK_NULL_HANDLE;
};

// Calls a vkCreate*-shaped function (device, info, allocator, out) and owns the result; a failure
// throws VulkanError (vk_check.h) naming the caller's file and line and `call`.
template <typename T, typename Info>
Unique<T>
create(VkDevice device, VkResult (*createFn)(VkDevice, const Info*, const VkAllocationCallbacks*, T*),
       const Info& info, const char* call, std::source_location where = std::source_location::current()) {
    T handle = VK_NULL_HANDLE;
    checkVk(createFn(device, &info, nullptr, &handle), call, where.file_name(),
            static_cast<int>(where.line()));
    return Unique<T>(device, handle);
}

} // namespace rgx::renderer

// Sanitizer builds (-DRGX_SANITIZE=ON) only. The Vulkan loader dlcloses the driver and layers at
// vkDestroyInstance, so LeakSanitizer later sees their exit-time allocations as leaks from an
// "<unknown module>" that no suppression can name. Keeping every module resident (dlclose is a
// no-op in this test binary) lets the leaks be attributed, and the suppressions below drop those
// inside the driver, LLVM, the layers and the loader; leaks in rgx's own code still fail.
#if defined(RGX_SANITIZE)

extern "C" {

int dlclose(void*) {
    return 0;
}

const char* __lsan_default_suppressions() {
    return "leak:libvulkan_lvp.so\n"
           "leak:libLLVM\n"
           "leak:libVkLayer_khronos_validation.so\n"
           "leak:libVkLayer_MESA_device_select.so\n"
           "leak:libvulkan.so\n";
}

} // extern "C"

#endif

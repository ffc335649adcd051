#include "renderer/vk/pipeline_cache.h"

#include "loaders/file_io.h"
#include "renderer/vk/device.h"
#include "renderer/vk/vk_check.h"
#include "shaders/spirv.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace rgx::renderer {

namespace {

constexpr char kMagic[8] = {'R', 'G', 'X', 'P', 'C', 'A', 'C', 'H'};
// VkPipelineCacheHeaderVersionOne: headerSize, headerVersion, vendorID, deviceID, the UUID.
constexpr std::size_t kVulkanHeaderBytes = 16 + VK_UUID_SIZE;

std::string hex(std::uint64_t value, int digits = 0) {
    char text[24];
    std::snprintf(text, sizeof text, "%0*llx", digits, static_cast<unsigned long long>(value));
    return text;
}

} // namespace

PipelineCacheKey pipelineCacheKey(const VkPhysicalDeviceProperties& properties) {
    PipelineCacheKey key;
    key.vendorID = properties.vendorID;
    key.deviceID = properties.deviceID;
    key.driverVersion = properties.driverVersion;
    std::copy(std::begin(properties.pipelineCacheUUID), std::end(properties.pipelineCacheUUID),
              key.uuid.begin());
    key.buildId = shaders::spirvHash();
    return key;
}

std::string pipelineCacheFileName(const PipelineCacheKey& key) {
    loaders::ByteWriter build;
    build.bytes(key.uuid.data(), key.uuid.size());
    build.u64(key.buildId);
    return "pipelines-" + hex(key.vendorID) + "-" + hex(key.deviceID) + "-" + hex(key.driverVersion) + "-" +
           hex(loaders::fnv1a64(build.bytes()), 16) + ".bin";
}

loaders::Bytes wrapPipelineCacheData(const PipelineCacheKey& key, loaders::ByteSpan driverData) {
    loaders::ByteWriter out;
    out.reserve(kPipelineCacheHeaderBytes + driverData.size());
    out.bytes(kMagic, sizeof kMagic);
    out.u32(kPipelineCacheFormat);
    out.u32(key.driverVersion);
    out.u64(key.buildId);
    out.u64(driverData.size());
    out.u64(loaders::fnv1a64(driverData));
    out.bytes(driverData);
    return out.take();
}

PipelineCacheContents unwrapPipelineCacheData(const PipelineCacheKey& key, loaders::ByteSpan file) {
    const auto bad = [](std::string why) { return PipelineCacheContents{{}, std::move(why)}; };
    if (file.size() < kPipelineCacheHeaderBytes)
        return bad("truncated: " + std::to_string(file.size()) + " bytes, shorter than rgx's " +
                   std::to_string(kPipelineCacheHeaderBytes) + "-byte header");
    // Read in order; every field is inside the header whose size was just checked.
    loaders::ByteReader header(file, "pipeline cache");
    if (std::memcmp(header.bytes(sizeof kMagic, "magic").data(), kMagic, sizeof kMagic) != 0)
        return bad("not an rgx pipeline cache (no magic)");
    if (const std::uint32_t format = header.u32("format"); format != kPipelineCacheFormat)
        return bad("cache format " + std::to_string(format) + ", this rgx writes " +
                   std::to_string(kPipelineCacheFormat));
    if (const std::uint32_t driver = header.u32("driver version"); driver != key.driverVersion)
        return bad("written by another driver version (0x" + hex(driver) + ", this one 0x" +
                   hex(key.driverVersion) + ")");
    if (const std::uint64_t build = header.u64("build id"); build != key.buildId)
        return bad("written by another rgx build (build id " + hex(build, 16) + ", this one " +
                   hex(key.buildId, 16) + ")");
    const std::uint64_t size = header.u64("driver data size");
    const std::uint64_t checksum = header.u64("checksum");
    const std::size_t held = file.size() - kPipelineCacheHeaderBytes;
    if (size != held)
        return bad((size > held ? "truncated: " : "") + std::string("the header promises ") +
                   std::to_string(size) + " bytes of driver data, the file holds " + std::to_string(held));
    const loaders::ByteSpan data = file.subspan(kPipelineCacheHeaderBytes);
    if (loaders::fnv1a64(data) != checksum) return bad("corrupt: the driver data's checksum is wrong");

    // Vulkan's own header, checked here rather than trusted to the driver.
    if (data.size() < kVulkanHeaderBytes)
        return bad("the driver data is shorter than Vulkan's " + std::to_string(kVulkanHeaderBytes) +
                   "-byte pipeline cache header");
    loaders::ByteReader vulkan(data, "pipeline cache data");
    if (const std::uint32_t headerSize = vulkan.u32("headerSize");
        headerSize < kVulkanHeaderBytes || headerSize > data.size())
        return bad("Vulkan's header size " + std::to_string(headerSize) + " is not valid");
    if (const std::uint32_t version = vulkan.u32("headerVersion");
        version != VK_PIPELINE_CACHE_HEADER_VERSION_ONE)
        return bad("Vulkan's header version " + std::to_string(version) + " is not one");
    const std::uint32_t vendor = vulkan.u32("vendorID"), device = vulkan.u32("deviceID");
    if (vendor != key.vendorID || device != key.deviceID)
        return bad("written for another device (vendor 0x" + hex(vendor) + " device 0x" + hex(device) +
                   ", this one vendor 0x" + hex(key.vendorID) + " device 0x" + hex(key.deviceID) + ")");
    const loaders::ByteSpan uuid = vulkan.bytes(VK_UUID_SIZE, "pipelineCacheUUID");
    if (!std::equal(key.uuid.begin(), key.uuid.end(), uuid.begin()))
        return bad("written by another driver build (its pipelineCacheUUID differs)");
    return {data, {}};
}

std::filesystem::path pipelineCacheDirectory() {
    const char* env = std::getenv("RGX_PIPELINE_CACHE");
    const std::string value = env ? env : "";
    if (value == "off") return {};
    if (!value.empty()) return value;
    return loaders::userCacheDir().value_or(std::filesystem::path());
}

PipelineCache::PipelineCache(const Device& device, const PipelineCacheOptions& options)
    : device_(device.device), key_(pipelineCacheKey(device.properties)), note_(options.note) {
    const std::filesystem::path directory = options.directory ? *options.directory : pipelineCacheDirectory();
    if (!directory.empty()) file_ = directory / pipelineCacheFileName(key_);

    loaders::Bytes bytes;
    PipelineCacheContents contents;
    std::error_code ec;
    if (!file_.empty() && std::filesystem::exists(file_, ec)) {
        try {
            const std::uintmax_t size = std::filesystem::file_size(file_);
            if (size > kPipelineCacheMaxBytes)
                ignored_ = "larger than " + std::to_string(kPipelineCacheMaxBytes >> 20) + " MiB";
            else
                bytes = loaders::readFile(file_);
        } catch (const std::exception& e) {
            ignored_ = std::string("cannot be read: ") + e.what();
        }
        if (ignored_.empty()) {
            contents = unwrapPipelineCacheData(key_, bytes);
            ignored_ = contents.problem;
        }
        if (!ignored_.empty())
            note("pipeline cache " + file_.string() + " not used: " + ignored_ +
                 "; starting with an empty cache, the file will be rewritten");
    }
    fileGood_ = !file_.empty() && ignored_.empty() && !contents.driverData.empty();
    if (fileGood_) onDisk_.assign(contents.driverData.begin(), contents.driverData.end());

    auto info = vkInit<VkPipelineCacheCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO);
    info.initialDataSize = onDisk_.size();
    info.pInitialData = onDisk_.empty() ? nullptr : onDisk_.data();
    cache_ = create(device_, vkCreatePipelineCache, info, "vkCreatePipelineCache");
    loadedBytes_ = onDisk_.size();
}

void PipelineCache::note(const std::string& text) const {
    if (note_)
        note_(text);
    else
        std::cerr << "rgx: note: " << text << "\n";
}

bool PipelineCache::save() {
    if (file_.empty() || cache_.get() == VK_NULL_HANDLE) return false;
    loaders::Bytes data;
    try {
        // The size can grow between the two calls when another thread adds a pipeline.
        VkResult result = VK_INCOMPLETE;
        while (result == VK_INCOMPLETE) {
            std::size_t size = 0;
            VK_CHECK(vkGetPipelineCacheData(device_, cache_.get(), &size, nullptr));
            data.resize(size);
            result = vkGetPipelineCacheData(device_, cache_.get(), &size, data.data());
            if (result != VK_INCOMPLETE) VK_CHECK(result);
            data.resize(size);
        }
    } catch (const std::exception& e) {
        note("pipeline cache " + file_.string() + " not written: " + e.what());
        return false;
    }
    if (fileGood_ && data == onDisk_) return false;
    try {
        loaders::writeFileAtomically(file_, wrapPipelineCacheData(key_, data));
    } catch (const std::exception& e) {
        note("pipeline cache " + file_.string() + " not written: " + e.what());
        return false;
    }
    onDisk_ = std::move(data);
    fileGood_ = true;
    return true;
}

} // namespace rgx::renderer

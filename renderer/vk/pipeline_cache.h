#pragma once
// The pipeline cache (issue 33): one VkPipelineCache per VulkanContext, which every pipeline is
// created with, kept on disk so that a second launch on the same device, driver and rgx build
// need not compile its pipelines again (where the driver keeps compiled pipelines in its data).
//
// The file is <dir>/pipelines-<vendorID>-<deviceID>-<driverVersion>-<key>.bin (hex), where <dir>
// is RGX_PIPELINE_CACHE when set (a directory, or "off" for no file) and else
// loaders::userCacheDir() ($XDG_CACHE_HOME/rgx, else ~/.cache/rgx), and <key> hashes the device's
// pipelineCacheUUID with the rgx build id (shaders::spirvHash(): every embedded SPIR-V module).
// It holds rgx's header, then the driver's data; integers are little-endian:
//
//   offset  size  field
//        0     8  magic "RGXPCACH"
//        8     4  format version (kPipelineCacheFormat)
//       12     4  driverVersion of the device that wrote it
//       16     8  rgx build id
//       24     8  size of the driver's data
//       32     8  FNV-1a 64 of the driver's data
//       40        the driver's data (vkGetPipelineCacheData), led by VkPipelineCacheHeaderVersionOne
//
// Both headers are checked before the driver sees a byte: rgx's (magic, format, build, driver
// version, size, checksum) and Vulkan's (headerSize >= 32, version one, and the vendorID,
// deviceID and pipelineCacheUUID of this device). A file failing a check is never handed to the
// driver: the cache starts empty, one note on stderr says which file and why, and the file is
// written again when the cache is saved.

#include "loaders/bytes.h"
#include "renderer/vk/handle.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace rgx::renderer {

struct Device;

inline constexpr std::uint32_t kPipelineCacheFormat = 1;
inline constexpr std::size_t kPipelineCacheHeaderBytes = 40;
// A file larger than this is not read (no pipeline cache of rgx's comes near it).
inline constexpr std::uintmax_t kPipelineCacheMaxBytes = 256u << 20;

// What a cache file must match: the device, its driver and the rgx build.
struct PipelineCacheKey {
    std::uint32_t vendorID = 0;
    std::uint32_t deviceID = 0;
    std::uint32_t driverVersion = 0;
    std::array<std::uint8_t, VK_UUID_SIZE> uuid{}; // pipelineCacheUUID
    std::uint64_t buildId = 0;
};

// The key of this device with this build's id (shaders::spirvHash()).
PipelineCacheKey pipelineCacheKey(const VkPhysicalDeviceProperties& properties);
// "pipelines-<vendorID>-<deviceID>-<driverVersion>-<hash of uuid and build id>.bin".
std::string pipelineCacheFileName(const PipelineCacheKey& key);

// The file's bytes for the driver's data: rgx's header, then the data.
loaders::Bytes wrapPipelineCacheData(const PipelineCacheKey& key, loaders::ByteSpan driverData);

// The driver's data in a file's bytes, or why the file cannot be used (then problem is set and
// driverData is empty). Never throws.
struct PipelineCacheContents {
    loaders::ByteSpan driverData;
    std::string problem;
};
PipelineCacheContents unwrapPipelineCacheData(const PipelineCacheKey& key, loaders::ByteSpan file);

// The directory of the cache file that RGX_PIPELINE_CACHE names: unset or empty, the user's
// cache (userCacheDir()); "off", no file (an empty path); anything else is the directory. An
// empty path also when there is no user cache directory.
std::filesystem::path pipelineCacheDirectory();

struct PipelineCacheOptions {
    // The cache file's directory; unset: pipelineCacheDirectory(). An empty path keeps no file:
    // the cache lives in memory for the context's lifetime.
    std::optional<std::filesystem::path> directory;
    // Where the notes go (a file not used, a file not written); unset: stderr, as "rgx: note: ...".
    std::function<void(const std::string&)> note;
};

// Owns the VkPipelineCache and knows its file. Move-only, like Unique.
class PipelineCache {
public:
    PipelineCache() = default;
    // Reads and checks the file, if there is one, and creates the cache from it or empty. Throws
    // only for Vulkan errors; a bad file is a note.
    PipelineCache(const Device& device, const PipelineCacheOptions& options = {});

    VkPipelineCache get() const { return cache_.get(); }
    operator VkPipelineCache() const& { return cache_.get(); }
    operator VkPipelineCache() && = delete;

    // The cache file; empty when there is none (off, or no cache directory).
    const std::filesystem::path& file() const { return file_; }
    // Bytes of driver data the cache started from (0: it started empty).
    std::size_t loadedBytes() const { return loadedBytes_; }
    // Why the file was not used; empty when it was used or there was none.
    const std::string& ignored() const { return ignored_; }

    // Writes the cache's data to its file (a temporary file renamed into place) unless it is what
    // the file already holds. A failure is a note, not an error. Returns whether it wrote.
    bool save();
    // Destroys the cache now, without saving.
    void reset() { cache_.reset(); }

private:
    void note(const std::string& text) const;

    VkDevice device_ = VK_NULL_HANDLE;
    Unique<VkPipelineCache> cache_;
    PipelineCacheKey key_;
    std::filesystem::path file_;
    std::size_t loadedBytes_ = 0;
    std::string ignored_;
    loaders::Bytes onDisk_; // the driver's data the file holds (as read or last written)
    bool fileGood_ = false; // the file exists and passed every check
    std::function<void(const std::string&)> note_;
};

} // namespace rgx::renderer

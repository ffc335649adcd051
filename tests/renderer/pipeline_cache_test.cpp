// The pipeline cache on disk (issue 33, renderer/vk/pipeline_cache.h): the file's two headers are
// checked before the driver sees a byte; a truncated, corrupt or foreign file is ignored with one
// note and the picture is the same as with no cache; a good file is used by the next cache; the
// file is written by renaming a temporary file in the chosen directory.

#include "loaders/file_io.h"
#include "renderer/glide/glide_renderer.h"
#include "renderer/vk/pipeline_cache.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"
#include "shaders/spirv.h"
#include "tests/renderer/glide_image.h"
#include "tests/renderer/vulkan_test_env.h"
#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace rgx::renderer {
namespace {

namespace fs = std::filesystem;
using loaders::Bytes;

PipelineCacheKey someKey() {
    PipelineCacheKey key;
    key.vendorID = 0x10005;
    key.deviceID = 0x1234;
    key.driverVersion = 0x5678;
    for (std::size_t i = 0; i < key.uuid.size(); ++i)
        key.uuid[i] = static_cast<std::uint8_t>(i * 7 + 1);
    key.buildId = 0x0123456789abcdefull;
    return key;
}

// Driver data as a driver writes it: Vulkan's header for this key, then `extra` bytes.
Bytes driverData(const PipelineCacheKey& key, std::size_t extra = 20) {
    loaders::ByteWriter w;
    w.u32(32);
    w.u32(VK_PIPELINE_CACHE_HEADER_VERSION_ONE);
    w.u32(key.vendorID);
    w.u32(key.deviceID);
    w.bytes(key.uuid.data(), key.uuid.size());
    for (std::size_t i = 0; i < extra; ++i)
        w.u8(static_cast<std::uint8_t>(i * 13));
    return w.take();
}

std::string problemOf(const PipelineCacheKey& key, const Bytes& file) {
    const PipelineCacheContents contents = unwrapPipelineCacheData(key, file);
    if (!contents.problem.empty()) {
        EXPECT_TRUE(contents.driverData.empty());
    }
    return contents.problem;
}

TEST(PipelineCacheFile, RoundTrips) {
    const PipelineCacheKey key = someKey();
    const Bytes data = driverData(key);
    const Bytes file = wrapPipelineCacheData(key, data);
    EXPECT_EQ(file.size(), kPipelineCacheHeaderBytes + data.size());
    const PipelineCacheContents contents = unwrapPipelineCacheData(key, file);
    EXPECT_EQ(contents.problem, "");
    EXPECT_EQ(Bytes(contents.driverData.begin(), contents.driverData.end()), data);
}

TEST(PipelineCacheFile, RejectsEveryTruncation) {
    const PipelineCacheKey key = someKey();
    const Bytes file = wrapPipelineCacheData(key, driverData(key));
    for (std::size_t size = 0; size < file.size(); ++size) {
        const std::string problem =
            problemOf(key, Bytes(file.begin(), file.begin() + static_cast<long>(size)));
        EXPECT_EQ(problem.rfind("truncated", 0), 0u) << size << " bytes: " << problem;
    }
}

TEST(PipelineCacheFile, RejectsCorruptBytes) {
    const PipelineCacheKey key = someKey();
    const Bytes good = wrapPipelineCacheData(key, driverData(key));
    // Any byte of the driver's data changed: the checksum catches it.
    for (std::size_t at = kPipelineCacheHeaderBytes; at < good.size(); ++at) {
        Bytes bad = good;
        bad[at] ^= 0x40;
        EXPECT_NE(problemOf(key, bad).find("checksum"), std::string::npos) << "byte " << at;
    }
    Bytes longer = good;
    longer.push_back(0);
    EXPECT_NE(problemOf(key, longer).find("the header promises"), std::string::npos);
    Bytes magic = good;
    magic[0] = 'X';
    EXPECT_NE(problemOf(key, magic).find("not an rgx pipeline cache"), std::string::npos);
    Bytes format = good;
    format[8] = 2;
    EXPECT_NE(problemOf(key, format).find("cache format 2"), std::string::npos);
}

TEST(PipelineCacheFile, RejectsRandomBytes) {
    const PipelineCacheKey key = someKey();
    std::mt19937 random(33);
    for (const std::size_t size : {1u, 39u, 40u, 41u, 72u, 500u, 4096u}) {
        Bytes bytes(size);
        for (auto& b : bytes)
            b = static_cast<std::uint8_t>(random());
        EXPECT_NE(problemOf(key, bytes), "") << size << " random bytes";
        // Even behind rgx's own magic.
        if (size >= 8) {
            std::copy_n("RGXPCACH", 8, bytes.begin());
            EXPECT_NE(problemOf(key, bytes), "") << size << " random bytes after the magic";
        }
    }
}

TEST(PipelineCacheFile, RejectsAnotherBuildDriverOrDevice) {
    const PipelineCacheKey key = someKey();
    const auto wrappedFor = [&](const PipelineCacheKey& writer) {
        return wrapPipelineCacheData(writer, driverData(writer));
    };
    PipelineCacheKey build = key;
    build.buildId ^= 1;
    EXPECT_NE(problemOf(key, wrappedFor(build)).find("another rgx build"), std::string::npos);
    PipelineCacheKey driver = key;
    driver.driverVersion += 1;
    EXPECT_NE(problemOf(key, wrappedFor(driver)).find("another driver version"), std::string::npos);
    // A valid rgx header around another device's data: Vulkan's header is checked too.
    PipelineCacheKey vendor = key;
    vendor.vendorID = 0x10de;
    EXPECT_NE(problemOf(key, wrapPipelineCacheData(key, driverData(vendor))).find("another device"),
              std::string::npos);
    PipelineCacheKey device = key;
    device.deviceID += 1;
    EXPECT_NE(problemOf(key, wrapPipelineCacheData(key, driverData(device))).find("another device"),
              std::string::npos);
    PipelineCacheKey uuid = key;
    uuid.uuid[5] ^= 0xff;
    EXPECT_NE(problemOf(key, wrapPipelineCacheData(key, driverData(uuid))).find("pipelineCacheUUID"),
              std::string::npos);
}

TEST(PipelineCacheFile, RejectsABadVulkanHeader) {
    const PipelineCacheKey key = someKey();
    Bytes small = driverData(key);
    small[0] = 16; // headerSize below 32
    EXPECT_NE(problemOf(key, wrapPipelineCacheData(key, small)).find("header size 16"), std::string::npos);
    Bytes big = driverData(key);
    big[1] = 1; // headerSize past the data
    EXPECT_NE(problemOf(key, wrapPipelineCacheData(key, big)).find("header size"), std::string::npos);
    Bytes version = driverData(key);
    version[4] = 2;
    EXPECT_NE(problemOf(key, wrapPipelineCacheData(key, version)).find("header version 2"),
              std::string::npos);
    EXPECT_NE(problemOf(key, wrapPipelineCacheData(key, Bytes(31, 0))).find("shorter than Vulkan's"),
              std::string::npos);
}

TEST(PipelineCacheFile, NameIsKeyedByDeviceDriverAndBuild) {
    const PipelineCacheKey key = someKey();
    const std::string name = pipelineCacheFileName(key);
    EXPECT_EQ(name.rfind("pipelines-10005-1234-5678-", 0), 0u) << name;
    EXPECT_EQ(name.substr(name.size() - 4), ".bin");
    PipelineCacheKey build = key;
    build.buildId += 1;
    PipelineCacheKey uuid = key;
    uuid.uuid[0] += 1;
    PipelineCacheKey driver = key;
    driver.driverVersion += 1;
    for (const PipelineCacheKey& other : {build, uuid, driver})
        EXPECT_NE(pipelineCacheFileName(other), name);
    // The build id is every embedded shader: stable within a build.
    EXPECT_EQ(shaders::spirvHash(), shaders::spirvHash());
    EXPECT_NE(shaders::spirvHash(), 0u);
}

// Sets an environment variable for a scope (unset: absent), and puts back what was there.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        if (value)
            ::setenv(name, value, 1);
        else
            ::unsetenv(name);
    }
    ~ScopedEnv() {
        if (old_)
            ::setenv(name_, old_->c_str(), 1);
        else
            ::unsetenv(name_);
    }

private:
    const char* name_;
    std::optional<std::string> old_;
};

TEST(PipelineCacheFile, DirectoryFromTheEnvironment) {
    const ScopedEnv xdg("XDG_CACHE_HOME", "/tmp/rgx-xdg-test");
    {
        const ScopedEnv off("RGX_PIPELINE_CACHE", "off");
        EXPECT_EQ(pipelineCacheDirectory(), fs::path());
    }
    {
        const ScopedEnv dir("RGX_PIPELINE_CACHE", "/tmp/rgx-pcache-here");
        EXPECT_EQ(pipelineCacheDirectory(), fs::path("/tmp/rgx-pcache-here"));
    }
    for (const char* unset : {static_cast<const char*>(nullptr), ""}) {
        const ScopedEnv none("RGX_PIPELINE_CACHE", unset);
        EXPECT_EQ(pipelineCacheDirectory(), fs::path("/tmp/rgx-xdg-test/rgx"));
    }
}

// A directory of its own for a test, removed at its end.
struct TempDir {
    fs::path dir;
    explicit TempDir(const std::string& name)
        : dir(fs::temp_directory_path() / ("rgx_pcache_" + name + "_" + std::to_string(::getpid()))) {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    ~TempDir() { fs::remove_all(dir); }
    std::vector<fs::path> files() const {
        std::vector<fs::path> out;
        for (const auto& entry : fs::directory_iterator(dir))
            out.push_back(entry.path().filename());
        return out;
    }
};

// Puts a cache in the test context's place for a scope, so that a renderer made meanwhile creates
// its pipelines with it (one context per process: a second one cannot be made).
class CacheInContext {
public:
    explicit CacheInContext(PipelineCache& cache) : cache_(cache) {
        std::swap(test::vulkan().pipelineCache, cache_);
    }
    ~CacheInContext() { std::swap(test::vulkan().pipelineCache, cache_); }

private:
    PipelineCache& cache_;
};

// One frame of the demo's island, made with whatever cache the context holds.
Rgba8Image renderIsland() {
    static const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    const PreparedWorld world = prepareWorld(s);
    GlideRenderer glide(test::vulkan(), world);
    return test::renderToImage(glide, {96, 54}, world.views[0], 1.5, {});
}

struct Notes {
    std::vector<std::string> lines;
    PipelineCacheOptions options(const fs::path& dir) {
        PipelineCacheOptions o;
        o.directory = dir;
        o.note = [this](const std::string& line) { lines.push_back(line); };
        return o;
    }
};

TEST(PipelineCache, GoodFileIsWrittenInPlaceAndUsedNextTime) {
    const TempDir tmp("good");
    Notes notes;
    PipelineCache first(test::vulkan().device, notes.options(tmp.dir / "cache"));
    EXPECT_EQ(first.file().parent_path(), tmp.dir / "cache");
    EXPECT_EQ(first.file().filename(),
              pipelineCacheFileName(pipelineCacheKey(test::vulkan().device.properties)));
    EXPECT_EQ(first.loadedBytes(), 0u);
    EXPECT_EQ(first.ignored(), "");
    {
        const CacheInContext using_(first);
        EXPECT_GT(renderIsland().pixels.size(), 0u);
    }
    ASSERT_TRUE(first.save());
    // The directory was made, and holds the file alone: the temporary file was renamed.
    ASSERT_TRUE(fs::is_regular_file(first.file()));
    EXPECT_EQ(tmp.files(), std::vector<fs::path>{"cache"});
    std::vector<fs::path> written;
    for (const auto& entry : fs::directory_iterator(tmp.dir / "cache"))
        written.push_back(entry.path());
    EXPECT_EQ(written, std::vector<fs::path>{first.file()});
    const Bytes file = loaders::readFile(first.file());
    const PipelineCacheContents contents =
        unwrapPipelineCacheData(pipelineCacheKey(test::vulkan().device.properties), file);
    ASSERT_EQ(contents.problem, "");

    PipelineCache second(test::vulkan().device, notes.options(tmp.dir / "cache"));
    EXPECT_EQ(second.loadedBytes(), contents.driverData.size());
    EXPECT_GE(second.loadedBytes(), 32u); // at least Vulkan's header
    EXPECT_EQ(second.ignored(), "");
    EXPECT_TRUE(notes.lines.empty()) << notes.lines.front();

    // No file: nothing read, nothing written, no note.
    PipelineCache none(test::vulkan().device, notes.options(fs::path()));
    EXPECT_TRUE(none.file().empty());
    EXPECT_FALSE(none.save());
    EXPECT_TRUE(notes.lines.empty());
}

TEST(PipelineCache, BadFilesAreIgnoredOnceAndDrawTheSamePicture) {
    const VkPhysicalDeviceProperties& properties = test::vulkan().device.properties;
    const PipelineCacheKey key = pipelineCacheKey(properties);
    // The picture with an empty cache kept in memory only.
    Rgba8Image reference;
    {
        PipelineCache empty(test::vulkan().device, PipelineCacheOptions{fs::path(), {}});
        const CacheInContext using_(empty);
        reference = renderIsland();
    }
    // The picture shows something: equal pictures would prove little if it were one colour.
    std::vector<std::uint32_t> colours;
    for (std::size_t i = 0; i + 3 < reference.pixels.size(); i += 4)
        colours.push_back(std::uint32_t{reference.pixels[i]} | std::uint32_t{reference.pixels[i + 1]} << 8 |
                          std::uint32_t{reference.pixels[i + 2]} << 16);
    std::sort(colours.begin(), colours.end());
    EXPECT_GE(std::unique(colours.begin(), colours.end()) - colours.begin(), 8);
    // A good file to spoil, as this device writes it.
    const TempDir tmp("bad");
    Bytes good;
    {
        Notes notes;
        PipelineCache cache(test::vulkan().device, notes.options(tmp.dir));
        {
            const CacheInContext using_(cache);
            renderIsland();
        }
        ASSERT_TRUE(cache.save());
        good = loaders::readFile(cache.file());
    }
    PipelineCacheKey otherDevice = key;
    otherDevice.deviceID ^= 0x5a5a;
    PipelineCacheKey otherBuild = key;
    otherBuild.buildId ^= 1;
    Bytes otherUuid = driverData(key, 0);
    otherUuid[20] ^= 0xff;
    std::mt19937 random(33);
    Bytes noise(300);
    for (auto& b : noise)
        b = static_cast<std::uint8_t>(random());

    const std::vector<std::pair<std::string, Bytes>> files = {
        {"truncated", Bytes(good.begin(), good.end() - 1)},
        {"truncated", Bytes(good.begin(), good.begin() + 20)},
        {"another device", wrapPipelineCacheData(key, driverData(otherDevice, 0))},
        {"pipelineCacheUUID", wrapPipelineCacheData(key, otherUuid)},
        {"another rgx build", wrapPipelineCacheData(otherBuild, driverData(otherBuild, 0))},
        {"not an rgx pipeline cache", noise}};
    for (const auto& [why, bytes] : files) {
        SCOPED_TRACE(why);
        const fs::path path = tmp.dir / pipelineCacheFileName(key);
        loaders::writeFile(path, bytes);
        Notes notes;
        PipelineCache cache(test::vulkan().device, notes.options(tmp.dir));
        EXPECT_EQ(cache.loadedBytes(), 0u);
        ASSERT_EQ(notes.lines.size(), 1u);
        const std::string& note = notes.lines[0];
        EXPECT_NE(note.find(path.string()), std::string::npos) << note;
        EXPECT_NE(note.find(why), std::string::npos) << note;
        EXPECT_NE(note.find("rewritten"), std::string::npos) << note;
        EXPECT_NE(cache.ignored().find(why), std::string::npos);
        Rgba8Image image;
        {
            const CacheInContext using_(cache);
            image = renderIsland();
        }
        EXPECT_EQ(image.width, reference.width);
        EXPECT_EQ(image.height, reference.height);
        EXPECT_TRUE(image.pixels == reference.pixels) << "the picture differs from the one with no cache";
        // Rewritten good, and the next cache takes it without a word.
        ASSERT_TRUE(cache.save());
        EXPECT_EQ(problemOf(key, loaders::readFile(path)), "");
        PipelineCache next(test::vulkan().device, notes.options(tmp.dir));
        EXPECT_GT(next.loadedBytes(), 0u);
        EXPECT_EQ(notes.lines.size(), 1u);
    }
}

TEST(PipelineCache, WritingFailsWithANoteNotAnError) {
    const TempDir tmp("unwritable");
    // A file where the directory should be: the cache cannot be written there.
    loaders::writeFile(tmp.dir / "blocked", Bytes{1});
    Notes notes;
    PipelineCache cache(test::vulkan().device, notes.options(tmp.dir / "blocked"));
    EXPECT_FALSE(cache.save());
    ASSERT_EQ(notes.lines.size(), 1u);
    EXPECT_NE(notes.lines[0].find("not written"), std::string::npos) << notes.lines[0];
}

} // namespace
} // namespace rgx::renderer

#include "demo/demo.h"

#include "demo/daggerfall/arena2.h"
#include "demo/demo_worlds.h"
#include "demo/drakan/data.h"
#include "demo/systemshock/data.h"

#include "base/error.h"
#include "loaders/file_io.h"

#include <fstream>

namespace rgx::demo {

namespace {
// Bump when the generator's output changes, so cached demos are regenerated.
constexpr int kGeneratorVersion = 17;
} // namespace

DemoTree buildDemo(const DemoOptions& options, const Progress& progress) {
    DemoTree tree;
    auto say = [&](const std::string& line) {
        if (progress) progress(line);
    };
    say("demo: textures and palettes");
    addDemoTextures(tree, options);
    say("demo: models");
    addDemoModels(tree, options);
    say("demo: worlds (terrain, maps, visibility, INI files)");
    addDemoWorlds(tree, options, progress);
    return tree;
}

void writeDemo(const DemoTree& tree, const std::filesystem::path& outDir) {
    for (const auto& [path, bytes] : tree)
        loaders::writeFile(outDir / path, bytes);
    daggerfall::writeDaggerfallDemo(outDir / "ARENA2"); // Daggerfall's half of the demo (issue 42)
    systemshock::writeSystemShockDemo(outDir / systemshock::kDataDir); // System Shock's (issue 43)
    drakan::writeDrakanDemo(outDir / drakan::kDrakanDir);              // Drakan's (issue 44)
}

std::filesystem::path defaultDemoCacheDir() {
    if (const std::optional<std::filesystem::path> cache = loaders::userCacheDir()) return *cache / "demo";
    throw Error("", Error::kNoOffset, "", "neither XDG_CACHE_HOME nor HOME is set: pass --game DIR");
}

std::filesystem::path ensureCachedDemo(const Progress& progress) {
    const std::filesystem::path dir = defaultDemoCacheDir();
    const std::filesystem::path stamp = dir / ".rgx-demo-version";
    const std::string want = std::to_string(kGeneratorVersion) + " small seed 1\n";
    {
        std::ifstream in(stamp);
        std::string have((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (have == want) return dir;
    }
    if (progress) progress("demo: generating the demo world into " + dir.string());
    DemoTree tree = buildDemo(DemoOptions{}, progress);
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    writeDemo(tree, dir);
    std::ofstream(stamp) << want;
    if (progress) progress("demo: " + std::to_string(tree.size()) + " files written");
    return dir;
}

} // namespace rgx::demo

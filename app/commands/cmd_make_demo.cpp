#include "app/commands.h"

#include "demo/demo.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>

namespace rgx::app {

int runMakeDemo(const MakeDemoOptions& options) {
    demo::DemoOptions o;
    o.scale = options.scale == "island" ? demo::Scale::Island : demo::Scale::Small;
    o.seed = options.seed;
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    auto seconds = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    auto progress = [&](const std::string& line) {
        char stamp[32];
        std::snprintf(stamp, sizeof stamp, "[%6.2f s] ", seconds());
        std::cerr << stamp << line << "\n";
    };
    progress("demo: scale " + std::string(o.scale == demo::Scale::Island ? "island" : "small") + ", seed " +
             std::to_string(o.seed));
    demo::DemoTree tree = demo::buildDemo(o, progress);
    const double built = seconds();
    progress("demo: writing " + std::to_string(tree.size()) + " files to " + options.outDir);
    demo::writeDemo(tree, options.outDir);

    // Summary: files and bytes per folder, then the totals.
    std::map<std::string, std::pair<std::size_t, std::size_t>> folders;
    std::size_t bytes = 0;
    for (const auto& [path, data] : tree) {
        auto slash = path.find('/');
        auto& f = folders[slash == std::string::npos ? "." : path.substr(0, slash)];
        ++f.first;
        f.second += data.size();
        bytes += data.size();
    }
    // Daggerfall's half (ARENA2/) and System Shock's (DATA/), which writeDemo writes beside the tree.
    std::size_t files = tree.size();
    for (const char* folder : {"ARENA2", "DATA"})
        for (const auto& e :
             std::filesystem::directory_iterator(std::filesystem::path(options.outDir) / folder)) {
            auto& f = folders[folder];
            ++f.first;
            f.second += e.file_size();
            bytes += e.file_size();
            ++files;
        }
    for (const auto& [folder, f] : folders)
        std::cout << "  " << folder << "/: " << f.first << " files, " << f.second << " bytes\n";
    char line[160];
    std::snprintf(line, sizeof line,
                  "wrote %zu files, %zu bytes (%.2f MB), built in %.2f s, %.2f s in all, to ", files, bytes,
                  bytes / 1e6, built, seconds());
    std::cout << line << options.outDir << "\n";
    return 0;
}

} // namespace rgx::app

#include "tests/support/fuzz_corpus.h"

#include "demo/demo.h"
#include "loaders/file_io.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace rgx::testing {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool matches(std::string_view name, std::initializer_list<std::string_view> suffixes) {
    const std::string n = lower(name);
    return std::any_of(suffixes.begin(), suffixes.end(), [&](std::string_view s) {
        const std::string suffix = lower(s);
        return n.size() >= suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0;
    });
}

const demo::DemoTree& demoTree() {
    static const demo::DemoTree tree = demo::buildDemo(demo::DemoOptions{});
    return tree;
}

} // namespace

std::vector<rgx::loaders::Bytes> corpusSeeds(std::initializer_list<std::string_view> suffixes) {
    std::vector<rgx::loaders::Bytes> seeds;
    for (const auto& [path, bytes] : demoTree())
        if (matches(path, suffixes)) seeds.push_back(bytes);
    const char* real = std::getenv("RGX_REAL_SAMPLES");
    if (real && *real && std::filesystem::is_directory(real)) {
        std::vector<std::filesystem::path> files;
        for (const auto& e : std::filesystem::directory_iterator(real))
            if (e.is_regular_file() && matches(e.path().filename().string(), suffixes) &&
                e.file_size() <= (1u << 20))
                files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (const auto& f : files)
            seeds.push_back(rgx::loaders::readFile(f));
    }
    return seeds;
}

} // namespace rgx::testing

#pragma once
// A scratch directory per test process: ctest runs a binary's tests as separate processes side by
// side, so a fixed name under /tmp would be written by two of them at once. The directory is
// emptied when first asked for and removed at exit; asking again gives the same one, as it is.

#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <unistd.h>

namespace rgx::testing {

namespace detail {

// Registers `dir` for removal at exit; true the first time.
inline bool registerScratch(const std::filesystem::path& dir) {
    // Never destroyed, so the exit handler can still read it.
    static std::set<std::filesystem::path>* made = [] {
        auto* dirs = new std::set<std::filesystem::path>();
        std::atexit([] {
            std::error_code ignored;
            for (const std::filesystem::path& d : *made)
                std::filesystem::remove_all(d, ignored);
        });
        return dirs;
    }();
    return made->insert(dir).second;
}

inline std::filesystem::path scratchPath(std::string_view name) {
    return std::filesystem::temp_directory_path() / (std::string(name) + "_" + std::to_string(::getpid()));
}

} // namespace detail

// `name`_<pid>, emptied when first asked for; asking again gives the same one, as it is.
inline std::filesystem::path scratchDir(std::string_view name) {
    const std::filesystem::path dir = detail::scratchPath(name);
    if (detail::registerScratch(dir)) {
        std::error_code ignored;
        std::filesystem::remove_all(dir, ignored);
    }
    std::filesystem::create_directories(dir);
    return dir;
}

// `name`_<pid>, emptied every time it is asked for.
inline std::filesystem::path freshScratchDir(std::string_view name) {
    const std::filesystem::path dir = detail::scratchPath(name);
    detail::registerScratch(dir);
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
    std::filesystem::create_directories(dir);
    return dir;
}

} // namespace rgx::testing

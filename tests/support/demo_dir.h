#pragma once
// The small demo world (DemoOptions{}), written once per test binary into a temp directory that
// is removed at exit: the game directory the scene, sim and renderer tests run on.

#include <filesystem>

namespace rgx::testing {

const std::filesystem::path& smallDemoDir();

} // namespace rgx::testing

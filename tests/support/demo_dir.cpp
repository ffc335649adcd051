#include "tests/support/demo_dir.h"

#include "demo/demo.h"

#include <cstdlib>
#include <string>
#include <system_error>
#include <unistd.h>

namespace rgx::testing {

const std::filesystem::path& smallDemoDir() {
    // Never destroyed, so the exit handler can still read it; per process, so parallel test
    // binaries never share a directory.
    static const std::filesystem::path* dir = new std::filesystem::path([] {
        const auto d = std::filesystem::temp_directory_path() / ("rgx_test_demo_" + std::to_string(getpid()));
        std::error_code ec;
        std::filesystem::remove_all(d, ec);
        demo::writeDemo(demo::buildDemo(demo::DemoOptions{}), d);
        std::atexit([] {
            std::error_code ignored;
            std::filesystem::remove_all(*dir, ignored);
        });
        return d;
    }());
    return *dir;
}

} // namespace rgx::testing

#include "tests/support/demo_dir.h"

#include "demo/demo.h"
#include "tests/support/scratch_dir.h"

namespace rgx::testing {

const std::filesystem::path& smallDemoDir() {
    // Per process (scratch_dir.h), so parallel test binaries never share a directory.
    static const std::filesystem::path dir = [] {
        const std::filesystem::path d = scratchDir("rgx_test_demo");
        demo::writeDemo(demo::buildDemo(demo::DemoOptions{}), d);
        return d;
    }();
    return dir;
}

} // namespace rgx::testing

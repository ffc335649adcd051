#include "app/commands.h"

#include "demo/demo.h"

#include <iostream>

namespace rgx::app {

int runMakeDemo(const MakeDemoOptions& options) {
    demo::DemoOptions o;
    o.scale = options.scale == "island" ? demo::Scale::Island : demo::Scale::Small;
    o.seed = options.seed;
    demo::DemoTree tree = demo::buildDemo(o, [](const std::string& line) { std::cerr << line << "\n"; });
    demo::writeDemo(tree, options.outDir);
    std::size_t bytes = 0;
    for (const auto& [path, data] : tree) bytes += data.size();
    std::cout << "wrote " << tree.size() << " files, " << bytes << " bytes, to " << options.outDir << "\n";
    return 0;
}

} // namespace rgx::app

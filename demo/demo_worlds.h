#pragma once
// The worlds part of the demo (maps/*.WLD, *.RGM, *.PVO and the INI files), with progress.

#include "demo/demo.h"

namespace rgx::demo {

// addDemoWorlds with progress lines ("worlds: terrain", "worlds: island PVO 1234 nodes", ...).
void addDemoWorlds(DemoTree& tree, const DemoOptions& options, const Progress& progress);

} // namespace rgx::demo

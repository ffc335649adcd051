#include "demo/demo.h"

namespace rgx::demo {

// Placeholder: filled in by the demo worlds module.
void addDemoWorlds(DemoTree&, const DemoOptions&) {}

} // namespace rgx::demo

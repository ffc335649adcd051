#include "demo/demo.h"

namespace rgx::demo {

// Placeholder: filled in by the demo textures module.
void addDemoTextures(DemoTree&, const DemoOptions&) {}

} // namespace rgx::demo

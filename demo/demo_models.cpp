#include "demo/demo.h"

namespace rgx::demo {

// Placeholder: filled in by the demo models module.
void addDemoModels(DemoTree&, const DemoOptions&) {}

} // namespace rgx::demo

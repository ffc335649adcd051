#include "loaders/rob.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(rob) {
    rgx::loaders::Rob rob = rgx::loaders::readRob(data, "fuzz.rob");
    for (const auto& s : rob.segments)
        rgx::loaders::robRenderMode(s);
    rgx::loaders::writeRob(rob);
}

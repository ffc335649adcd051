#include "loaders/rob.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(rob) {
    rgx::loaders::Rob rob = rgx::loaders::readRob(data, "fuzz.rob");
    for (const auto& s : rob.segments)
        rgx::loaders::robRenderMode(s);
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(rgx::loaders::writeRob(rob));
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::readRob(again, "fuzz-rewrite.rob")) == rob,
                       "ROB write/read changed the archive");
}

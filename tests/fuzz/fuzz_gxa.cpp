#include "loaders/gxa.h"
#include "tests/fuzz/fuzz_target.h"

#include <algorithm>

// Any accepted input must survive a write/read cycle unchanged.
RGX_FUZZ_TARGET(gxa) {
    rgx::loaders::GxaFile file = rgx::loaders::readGxa(data, "fuzz.gxa");
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(rgx::loaders::writeGxa(file));
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::readGxa(again, "fuzz.gxa")) == file, "GXA write/read changed the file");
    rgx::fuzz::require(std::equal(again.begin(), again.end(), data.begin(), data.end()),
                       "GXA write(read(bytes)) != bytes");
}

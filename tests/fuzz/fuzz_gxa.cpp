#include "loaders/gxa.h"
#include "tests/fuzz/fuzz_target.h"

#include <algorithm>
#include <cstdlib>

// Any accepted input must survive a write/read cycle unchanged; a mismatch aborts.
RGX_FUZZ_TARGET(gxa) {
    rgx::loaders::GxaFile file = rgx::loaders::readGxa(data, "fuzz.gxa");
    rgx::loaders::Bytes again = rgx::loaders::writeGxa(file);
    if (!(rgx::loaders::readGxa(again, "fuzz.gxa") == file)) std::abort();
    if (again.size() != data.size() || !std::equal(again.begin(), again.end(), data.begin())) std::abort();
}

#include "loaders/col.h"
#include "tests/fuzz/fuzz_target.h"

#include <algorithm>
#include <cstdlib>

RGX_FUZZ_TARGET(col) {
    rgx::loaders::ColFile col = rgx::loaders::readCol(data, "fuzz.col");
    rgx::loaders::Bytes again = rgx::loaders::writeCol(col);
    if (again.size() != data.size() || !std::equal(again.begin(), again.end(), data.begin())) std::abort();
}

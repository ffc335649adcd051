#include "loaders/col.h"
#include "tests/fuzz/fuzz_target.h"

#include <algorithm>

RGX_FUZZ_TARGET(col) {
    rgx::loaders::ColFile col = rgx::loaders::readCol(data, "fuzz.col");
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(rgx::loaders::writeCol(col));
    rgx::fuzz::require(std::equal(again.begin(), again.end(), data.begin(), data.end()),
                       "COL write(read(bytes)) != bytes");
}

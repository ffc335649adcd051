// Any accepted WLD must decode to grids and write back to exactly the input bytes.
#include "loaders/wld.h"
#include "tests/fuzz/fuzz_target.h"

#include <stdexcept>

RGX_FUZZ_TARGET(wld) {
    rgx::loaders::Wld wld = rgx::loaders::readWld(data, "fuzz.wld");
    rgx::loaders::WldGrids grids = rgx::loaders::wldGrids(wld);
    (void)rgx::loaders::wldWaterCells(grids);
    rgx::loaders::Bytes back = RGX_FUZZ_MUST(rgx::loaders::writeWld(wld));
    if (!std::equal(back.begin(), back.end(), data.begin(), data.end())) {
        throw std::logic_error("WLD round trip changed the bytes");
    }
}

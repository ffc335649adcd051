// Any accepted WLD must decode to grids and write back to exactly the input bytes. The reader
// keeps every byte raw (the header words it only warns about included), so the exact rewrite is
// claimed for input read with warnings too.
#include "loaders/redguard/wld.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(wld) {
    rgx::Warnings warnings;
    rgx::loaders::Wld wld = rgx::loaders::readWld(data, "fuzz.wld", &warnings);
    rgx::loaders::WldGrids grids = rgx::loaders::wldGrids(wld);
    (void)rgx::loaders::wldWaterCells(grids);
    rgx::loaders::Bytes back = RGX_FUZZ_MUST(rgx::loaders::writeWld(wld));
    rgx::fuzz::require(rgx::fuzz::sameBytes(back, data), "WLD round trip changed the bytes");
}

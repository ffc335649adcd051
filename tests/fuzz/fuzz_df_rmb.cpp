// Daggerfall RMB reader on arbitrary bytes. Read without warnings: written back byte for byte.
// Either way the rewrite reads back to the same block (padding and trailing bytes are kept).
#include "loaders/daggerfall/rmb.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(df_rmb) {
    namespace df = rgx::loaders::daggerfall;
    rgx::Warnings warnings;
    const df::RmbBlock block = df::readRmb(data, "fuzz.rmb", &warnings);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x)
            (void)df::rmbGroundTile(block.fld.smallMaps, x, y);
    for (const df::RmbModel& m : block.models)
        (void)df::rmbModelId(m);
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(df::writeRmb(block));
    if (warnings.empty())
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "RMB write(read(bytes)) != bytes");
    rgx::fuzz::require(RGX_FUZZ_MUST(df::readRmb(again, "fuzz-rewrite.rmb")) == block,
                       "RMB read(write(x)) != x");
}

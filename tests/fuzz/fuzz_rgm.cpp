#include "loaders/rgm.h"
#include "tests/fuzz/fuzz_target.h"

// Reads, and on success writes again and re-reads: the writer must accept whatever the reader
// produced, and the rewrite must read back to the same value.
RGX_FUZZ_TARGET(rgm) {
    rgx::loaders::RgmReadResult read = rgx::loaders::readRgmWithWarnings(data, "fuzz.rgm");
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(rgx::loaders::writeRgm(read.rgm));
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::readRgm(again, "fuzz-rewrite.rgm")) == read.rgm,
                       "RGM write/read changed the scene");
    (void)rgx::loaders::rgmAnimationTotals(read.rgm);
    (void)rgx::loaders::resolveMpobModels(read.rgm);
}

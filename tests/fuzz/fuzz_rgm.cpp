// Reads, and on success writes again and re-reads: the writer must accept whatever the reader
// produced, and the rewrite must read back to the same value. Sections the reader could not decode
// are kept raw with a warning and written back verbatim, so rgm.h's exactness claim holds with or
// without those warnings; only the END warnings (no END, an END length other than 0, bytes after
// END) mean the file does not write back byte for byte.
#include "loaders/redguard/rgm.h"
#include "tests/fuzz/fuzz_target.h"

#include <algorithm>

RGX_FUZZ_TARGET(rgm) {
    rgx::loaders::RgmReadResult read = rgx::loaders::readRgmWithWarnings(data, "fuzz.rgm");
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(rgx::loaders::writeRgm(read.rgm));
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::readRgm(again, "fuzz-rewrite.rgm")) == read.rgm,
                       "RGM write/read changed the scene");
    const bool endAsWritten =
        std::none_of(read.warnings.begin(), read.warnings.end(),
                     [](const rgx::Warning& w) { return w.field == "END" || w.field == "END length"; });
    if (endAsWritten)
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "RGM write(read(bytes)) != bytes");
    (void)rgx::loaders::rgmAnimationTotals(read.rgm);
    (void)rgx::loaders::resolveMpobModels(read.rgm);
    // What animation playback reads of each actor: its RAAN entries and its RAGR list.
    for (const rgx::loaders::RgmActor& actor : read.rgm.rahd.actors) {
        (void)rgx::loaders::rgmActorRaan(read.rgm, actor);
        (void)rgx::loaders::rgmAnimListAt(read.rgm, actor.ragrOffset);
    }
}

// The Riot Engine's SRSC container and .db definitions on arbitrary bytes. Read without warnings:
// written back byte for byte; with warnings, the rewrite reads back to the same records.
#include "loaders/drakan/db_definition.h"
#include "loaders/drakan/srsc.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(drakan_srsc) {
    namespace dk = rgx::loaders::drakan;
    if (dk::looksLikeSrsc(data)) {
        rgx::Warnings warnings;
        const dk::SrscFile file = dk::readSrsc(data, "fuzz.txd", &warnings);
        const rgx::loaders::Bytes again = RGX_FUZZ_MUST(dk::writeSrsc(file));
        rgx::fuzz::require(RGX_FUZZ_MUST(dk::readSrsc(again, "fuzz-rewrite.txd")) == file,
                           "SRSC read(write(x)) != x");
        if (warnings.empty())
            rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "SRSC write(read(b)) != b");
        return;
    }
    const dk::DbDefinition db = dk::readDbDefinition(data, "fuzz.db");
    rgx::fuzz::require(RGX_FUZZ_MUST(dk::readDbDefinition(dk::writeDbDefinition(db), "fuzz-rewrite.db")) ==
                           db,
                       "db read(write(x)) != x");
}

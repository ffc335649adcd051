// COL reader on arbitrary bytes. Read without warnings: written back byte for byte. Read with
// warnings (header words other than the reference's, bytes after the palette): the rewrite reads
// back to the same palette and header.
#include "loaders/redguard/col.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(col) {
    rgx::Warnings warnings;
    rgx::loaders::ColFile col = rgx::loaders::readCol(data, "fuzz.col", &warnings);
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(rgx::loaders::writeCol(col));
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "COL write(read(bytes)) != bytes");
        return;
    }
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::readCol(again, "fuzz-rewrite.col")) == col,
                       "COL read(write(x)) != x after a read with warnings");
}

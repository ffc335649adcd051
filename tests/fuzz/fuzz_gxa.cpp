// GXA reader on arbitrary bytes. Any accepted input must survive a write/read cycle unchanged;
// input read without warnings must also write back byte for byte.
#include "loaders/redguard/gxa.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(gxa) {
    rgx::Warnings warnings;
    rgx::loaders::GxaFile file = rgx::loaders::readGxa(data, "fuzz.gxa", &warnings);
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(rgx::loaders::writeGxa(file));
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::readGxa(again, "fuzz-rewrite.gxa")) == file,
                       "GXA write/read changed the file");
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "GXA write(read(bytes)) != bytes");
    }
}

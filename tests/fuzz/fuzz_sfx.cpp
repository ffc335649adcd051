// SFX reader on arbitrary bytes. Any accepted input must survive a write/read cycle unchanged;
// input read without warnings must also write back byte for byte.
#include "loaders/redguard/sfx.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(sfx) {
    rgx::Warnings warnings;
    rgx::loaders::SfxFile file = rgx::loaders::readSfx(data, "fuzz.sfx", &warnings);
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(rgx::loaders::writeSfx(file));
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::readSfx(again, "fuzz-rewrite.sfx")) == file,
                       "SFX write/read changed the file");
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "SFX write(read(bytes)) != bytes");
    }
}

// TEXBSI reader on arbitrary bytes. Any accepted input must survive a write/read cycle
// unchanged; input read without warnings must also write back byte for byte.
#include "loaders/redguard/texbsi.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(texbsi) {
    rgx::Warnings warnings;
    rgx::loaders::TexbsiFile file = rgx::loaders::readTexbsi(data, "fuzz.texbsi", &warnings);
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(rgx::loaders::writeTexbsi(file));
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::readTexbsi(again, "fuzz-rewrite.texbsi")) == file,
                       "TEXBSI write/read changed the file");
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "TEXBSI write(read(bytes)) != bytes");
    }
}

// RTX reader on arbitrary bytes. Any accepted input must survive a write/read cycle unchanged;
// input read without warnings must also write back byte for byte (the writer's layout).
#include "loaders/redguard/rtx.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(rtx) {
    rgx::Warnings warnings;
    rgx::loaders::RtxFile file = rgx::loaders::readRtx(data, "fuzz.rtx", &warnings);
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(rgx::loaders::writeRtx(file));
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::readRtx(again, "fuzz-rewrite.rtx")) == file,
                       "RTX write/read changed the file");
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "RTX write(read(bytes)) != bytes");
    }
}

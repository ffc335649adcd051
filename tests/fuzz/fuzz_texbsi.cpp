#include "loaders/texbsi.h"
#include "tests/fuzz/fuzz_target.h"

#include <algorithm>

// Any accepted input must survive a write/read cycle unchanged and write back byte for byte.
RGX_FUZZ_TARGET(texbsi) {
    rgx::loaders::TexbsiFile file = rgx::loaders::readTexbsi(data, "fuzz.texbsi");
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(rgx::loaders::writeTexbsi(file));
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::readTexbsi(again, "fuzz.texbsi")) == file,
                       "TEXBSI write/read changed the file");
    rgx::fuzz::require(std::equal(again.begin(), again.end(), data.begin(), data.end()),
                       "TEXBSI write(read(bytes)) != bytes");
}

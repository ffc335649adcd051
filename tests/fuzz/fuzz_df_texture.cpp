// Daggerfall TEXTURE.### reader on arbitrary bytes. Read without warnings: written back byte for
// byte. Read with warnings (records out of order, unknown compression, ...): the rewrite reads
// back to the same value.
#include "loaders/daggerfall/texture.h"
#include "tests/fuzz/fuzz_target.h"

namespace df = rgx::loaders::daggerfall;

RGX_FUZZ_TARGET(df_texture) {
    rgx::Warnings warnings;
    const df::TextureFile file = df::readTexture(data, "fuzz.texture", &warnings);
    const rgx::loaders::Bytes again = RGX_FUZZ_MUST(df::writeTexture(file));
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "TEXTURE write(read(bytes)) != bytes");
        return;
    }
    rgx::fuzz::require(RGX_FUZZ_MUST(df::readTexture(again, "fuzz-rewrite.texture")) == file,
                       "TEXTURE read(write(x)) != x after a read with warnings");
}

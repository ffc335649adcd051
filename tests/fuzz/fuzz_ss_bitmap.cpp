// System Shock bitmaps and palette chunks on arbitrary bytes: read as one bitmap (plain or RLE,
// with or without a private palette) and as a palette chunk. Read without warnings: written back
// byte for byte; with warnings the rewrite reads back to the same bitmap.
#include "loaders/systemshock/bitmap.h"
#include "loaders/systemshock/palette.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(ss_bitmap) {
    namespace ss = rgx::loaders::systemshock;
    if (data.size() >= 768) {
        rgx::Warnings warnings;
        const rgx::loaders::Palette256 palette = ss::readPaletteChunk(data, "fuzz.pal", &warnings);
        const rgx::loaders::Bytes again = RGX_FUZZ_MUST(ss::writePaletteChunk(palette));
        rgx::fuzz::require(RGX_FUZZ_MUST(ss::readPaletteChunk(again, "fuzz-rewrite")) == palette,
                           "palette read(write(x)) != x");
        if (warnings.empty())
            rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "palette write(read(b)) != b");
    }
    rgx::Warnings warnings;
    const ss::Bitmap bitmap = ss::readBitmap(data, "fuzz.bitmap", &warnings);
    const rgx::loaders::Bytes again = RGX_FUZZ_MUST(ss::writeBitmap(bitmap));
    rgx::Warnings rewriteWarnings;
    rgx::fuzz::require(RGX_FUZZ_MUST(ss::readBitmap(again, "fuzz-rewrite", &rewriteWarnings)) == bitmap,
                       "bitmap read(write(x)) != x");
    rgx::fuzz::require(rewriteWarnings.empty(), "bitmap rewrite reads with warnings");
    if (warnings.empty()) rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "bitmap write(read(b)) != b");
}

// Daggerfall .PAL and colour translation (SHADE / HAZE) readers on arbitrary bytes. Read without
// warnings: written back byte for byte. Read with warnings (bytes after the data): the rewrite
// reads back to the same value.
#include "loaders/daggerfall/palette.h"
#include "tests/fuzz/fuzz_target.h"

namespace df = rgx::loaders::daggerfall;

RGX_FUZZ_TARGET(df_palette) {
    // Both readers see every input; the second runs only when the first accepted it, so the
    // accepted count stays meaningful (both need their full size).
    rgx::Warnings warnings;
    const rgx::loaders::Palette256 pal = df::readPal(data, "fuzz.pal", &warnings);
    const rgx::loaders::Bytes again = RGX_FUZZ_MUST(df::writePal(pal));
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "PAL write(read(bytes)) != bytes");
    } else {
        rgx::fuzz::require(RGX_FUZZ_MUST(df::readPal(again, "fuzz-rewrite.pal")) == pal,
                           "PAL read(write(x)) != x after a read with warnings");
    }
    if (data.size() < df::kColourTranslationFileSize) return;
    rgx::Warnings shadeWarnings;
    const df::ColourTranslationFile shade = df::readColourTranslation(data, "fuzz.000", &shadeWarnings);
    const rgx::loaders::Bytes shadeAgain = RGX_FUZZ_MUST(df::writeColourTranslation(shade));
    if (shadeWarnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(shadeAgain, data), "SHADE write(read(bytes)) != bytes");
    } else {
        rgx::fuzz::require(RGX_FUZZ_MUST(df::readColourTranslation(shadeAgain, "fuzz-rewrite.000")) == shade,
                           "SHADE read(write(x)) != x after a read with warnings");
    }
}

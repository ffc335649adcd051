// FNT reader on arbitrary bytes. Read without warnings: written back byte for byte (the
// description's trailing NULs are restored by the writer). Read with warnings: writing succeeds
// and the rewrite reads back to the same font, except for what the writer derives (fnt.h):
// character_count is written as the number of glyphs read, and a palette chunk shorter than 768
// bytes is written padded to 768. Writing the rewrite again is stable.
#include "loaders/redguard/fnt.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(fnt) {
    using namespace rgx::loaders;
    rgx::Warnings warnings;
    Fnt font = readFnt(data, "fuzz.fnt", &warnings);
    Bytes back = RGX_FUZZ_MUST(writeFnt(font));
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(back, data), "writeFnt(readFnt(bytes)) != bytes");
        return;
    }
    Fnt expected = font;
    expected.header.characterCount = static_cast<std::uint16_t>(font.glyphs.size());
    if (!expected.paletteTag.empty()) expected.palette.resize(kFntPaletteSize, 0);
    Fnt again = RGX_FUZZ_MUST(readFnt(back, "fuzz-rewrite.fnt"));
    rgx::fuzz::require(again == expected, "FNT read(write(x)) != x after a read with warnings");
    rgx::fuzz::require(RGX_FUZZ_MUST(writeFnt(again)) == back, "FNT writing is not stable");
}

// FNT reader on arbitrary bytes; accepted input must write back byte for byte.
#include "loaders/fnt.h"
#include "tests/fuzz/fuzz_target.h"

#include <algorithm>
#include <stdexcept>

RGX_FUZZ_TARGET(fnt) {
    rgx::loaders::Fnt font = rgx::loaders::readFnt(data, "fuzz.fnt");
    rgx::loaders::Bytes back = RGX_FUZZ_MUST(rgx::loaders::writeFnt(font));
    // A file whose character_count field disagrees can't be accepted, so every accepted input is
    // canonical except the description's trailing NULs, which the writer restores.
    if (!std::equal(back.begin(), back.end(), data.begin(), data.end())) {
        throw std::logic_error("writeFnt(readFnt(bytes)) != bytes");
    }
}

// ROB reader on arbitrary bytes. Every accepted archive writes, and the rewrite reads back to the
// same archive, segments kept raw without a model after a warning (an unknown type, an embedded
// model that cannot be read) included. Read without warnings, the archive writes back byte for
// byte (docs/formats.md); a segment name with bytes after its NUL is a warning (the name is kept
// as a C string and the writer pads it with NULs).
#include "loaders/redguard/rob.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(rob) {
    rgx::Warnings warnings;
    rgx::loaders::Rob rob = rgx::loaders::readRob(data, "fuzz.rob", &warnings);
    for (const auto& s : rob.segments)
        rgx::loaders::robRenderMode(s);
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(rgx::loaders::writeRob(rob));
    rgx::Warnings rewriteWarnings;
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::readRob(again, "fuzz-rewrite.rob", &rewriteWarnings)) ==
                           rob,
                       "ROB write/read changed the archive");
    if (!warnings.empty()) return;
    rgx::fuzz::require(rewriteWarnings.empty(), "ROB rewrite of an archive read without warnings warns");
    rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "ROB write(read(bytes)) != bytes");
}

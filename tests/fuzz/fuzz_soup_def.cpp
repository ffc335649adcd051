// SOUP386.DEF reader on arbitrary bytes. The writer is canonical (comments, spacing and case are
// not kept), so the round trip is on values: every accepted definition writes, the rewrite reads
// back to the same definition, and writing that again gives the same bytes. Everything the reader
// keeps is a token or a trimmed printable comment, so this holds after a read with warnings too;
// a definition read without warnings also rewrites without any.
#include "loaders/redguard/soup_def.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(soup_def) {
    const rgx::loaders::SoupDefReadResult read = rgx::loaders::readSoupDefWithWarnings(data, "fuzz.def");
    rgx::fuzz::require(!read.def.functions.empty() && read.def.functions[0].name == "NullFunction",
                       "SOUP386.DEF functions[0] is not NullFunction");
    const rgx::loaders::Bytes written = RGX_FUZZ_MUST(rgx::loaders::writeSoupDef(read.def));
    const rgx::loaders::SoupDefReadResult again =
        RGX_FUZZ_MUST(rgx::loaders::readSoupDefWithWarnings(written, "fuzz-rewrite.def"));
    rgx::fuzz::require(again.def == read.def, "SOUP386.DEF read(write(x)) != x");
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::writeSoupDef(again.def)) == written,
                       "SOUP386.DEF write(read(write(x))) != write(x)");
    if (read.warnings.empty())
        rgx::fuzz::require(again.warnings.empty(),
                           "SOUP386.DEF rewrite of a file read without warnings warns");
}

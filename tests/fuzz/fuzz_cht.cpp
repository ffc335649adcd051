// CHT reader on arbitrary bytes. Any accepted input must survive a write/read cycle unchanged;
// input read without warnings must also write back byte for byte.
#include "loaders/redguard/cht.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(cht) {
    rgx::Warnings warnings;
    rgx::loaders::ChtFile file = rgx::loaders::readCht(data, "fuzz.cht", &warnings);
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(rgx::loaders::writeCht(file));
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::readCht(again, "fuzz-rewrite.cht")) == file,
                       "CHT write/read changed the file");
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "CHT write(read(bytes)) != bytes");
    }
}

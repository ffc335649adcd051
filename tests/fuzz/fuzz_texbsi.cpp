#include "loaders/texbsi.h"
#include "tests/fuzz/fuzz_target.h"

#include <algorithm>
#include <cstdlib>

// Any accepted input must survive a write/read cycle unchanged: a mismatch aborts (a crash the
// fuzzers report) rather than passing silently.
RGX_FUZZ_TARGET(texbsi) {
    rgx::loaders::TexbsiFile file = rgx::loaders::readTexbsi(data, "fuzz.texbsi");
    rgx::loaders::Bytes again = rgx::loaders::writeTexbsi(file);
    if (!(rgx::loaders::readTexbsi(again, "fuzz.texbsi") == file)) std::abort();
    if (again.size() != data.size() || !std::equal(again.begin(), again.end(), data.begin())) std::abort();
}

#pragma once
// Seeds for the in-suite mutation runs beyond each test's hand-built files: the small demo's files
// (built once in memory) and, when RGX_REAL_SAMPLES names a directory, the real samples there.

#include "loaders/bytes.h"

#include <initializer_list>
#include <string_view>
#include <vector>

namespace rgx::testing {

// Files whose names end in one of `suffixes` (case-insensitive: ".col", ".3dc", "texbsi.17"):
// those of the small demo, then those of RGX_REAL_SAMPLES up to 1 MiB each (bigger ones would
// make a run of thousands of mutations too slow for the suite; the libFuzzer targets take them).
std::vector<rgx::loaders::Bytes> corpusSeeds(std::initializer_list<std::string_view> suffixes);

} // namespace rgx::testing

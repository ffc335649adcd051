#pragma once
// One fuzz body per format, built two ways:
//  - with RGX_LIBFUZZER defined (cmake -DRGX_FUZZ=ON, clang): a libFuzzer executable fuzz_<name>;
//  - otherwise: a function rgxFuzz_<name>(ByteSpan) linked into the loaders test binary, where a
//    short mutation run over the writers' output calls it (tests/support/mutate.h).
// A body may throw rgx::Error (rejected input is fine); anything else is a defect and escapes.
// Steps after the read that must not fail (writers, re-reads) go through RGX_FUZZ_MUST, and
// round-trip checks through rgx::fuzz::require, so their failures are never taken for rejects.
//
// Round trips follow the reading policy (docs/formats.md): a body reads with a Warnings sink;
// input read WITHOUT warnings must write back byte for byte (where the format's writer claims
// it); input read WITH warnings is only claimed to be writable, and the rewrite must read back to
// an equal value (read(write(x)) == x) where the format keeps what was read.

#include "base/error.h"
#include "loaders/bytes.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace rgx::fuzz {
// A step that must succeed on input the reader accepted (a writer, a re-read): an rgx::Error
// there is a defect, so it becomes std::logic_error, which the harness does not swallow.
template <class F> auto mustSucceed(const char* what, F&& step) -> decltype(step()) {
    try {
        return step();
    } catch (const rgx::Error& e) {
        throw std::logic_error(std::string(what) + " failed on input the reader accepted: " + e.what());
    }
}
// Throws std::logic_error (a finding) unless ok.
inline void require(bool ok, const char* what) {
    if (!ok) throw std::logic_error(what);
}
// True when a writer's output is byte for byte the input it was read from.
inline bool sameBytes(const rgx::loaders::Bytes& written, rgx::loaders::ByteSpan input) {
    return std::equal(written.begin(), written.end(), input.begin(), input.end());
}
} // namespace rgx::fuzz

// RGX_FUZZ_MUST(writeRob(rob)): evaluates the expression under rgx::fuzz::mustSucceed.
#define RGX_FUZZ_MUST(...) ::rgx::fuzz::mustSucceed(#__VA_ARGS__, [&] { return __VA_ARGS__; })

// True when the reader accepted the input (the body ran to its end), false on an rgx::Error.
#define RGX_DECLARE_FUZZ_TARGET(name) bool rgxFuzz_##name(rgx::loaders::ByteSpan data)

#ifdef RGX_LIBFUZZER
#define RGX_FUZZ_ENTRY(name)                                                                                 \
    extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {                      \
        rgxFuzz_##name(rgx::loaders::ByteSpan(data, size));                                                  \
        return 0;                                                                                            \
    }
#else
#define RGX_FUZZ_ENTRY(name)
#endif

// Usage: RGX_FUZZ_TARGET(rob) { rgx::loaders::readRob(data, "fuzz.rob"); }
#define RGX_FUZZ_TARGET(name)                                                                                \
    static void rgxFuzzBody_##name(rgx::loaders::ByteSpan data);                                             \
    RGX_DECLARE_FUZZ_TARGET(name) {                                                                          \
        try {                                                                                                \
            rgxFuzzBody_##name(data);                                                                        \
            return true;                                                                                     \
        } catch (const rgx::Error&) {                                                                        \
            return false;                                                                                    \
        }                                                                                                    \
    }                                                                                                        \
    RGX_FUZZ_ENTRY(name)                                                                                     \
    static void rgxFuzzBody_##name(rgx::loaders::ByteSpan data)

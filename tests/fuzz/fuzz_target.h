#pragma once
// One fuzz body per format, built two ways:
//  - with RGX_LIBFUZZER defined (cmake -DRGX_FUZZ=ON, clang): a libFuzzer executable fuzz_<name>;
//  - otherwise: a function rgxFuzz_<name>(ByteSpan) linked into the loaders test binary, where a
//    short mutation run over the writers' output calls it (tests/support/mutate.h).
// A body may throw rgx::Error (rejected input is fine); anything else is a defect and escapes.

#include "loaders/bytes.h"
#include "loaders/error.h"

#define RGX_DECLARE_FUZZ_TARGET(name) void rgxFuzz_##name(rgx::loaders::ByteSpan data)

#ifdef RGX_LIBFUZZER
#define RGX_FUZZ_ENTRY(name)                                                                       \
    extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {           \
        rgxFuzz_##name(rgx::loaders::ByteSpan(data, size));                                         \
        return 0;                                                                                  \
    }
#else
#define RGX_FUZZ_ENTRY(name)
#endif

// Usage: RGX_FUZZ_TARGET(rob) { rgx::loaders::readRob(data, "fuzz.rob"); }
#define RGX_FUZZ_TARGET(name)                                                                      \
    static void rgxFuzzBody_##name(rgx::loaders::ByteSpan data);                                   \
    RGX_DECLARE_FUZZ_TARGET(name) {                                                                \
        try {                                                                                      \
            rgxFuzzBody_##name(data);                                                              \
        } catch (const rgx::Error&) {                                                              \
        }                                                                                          \
    }                                                                                              \
    RGX_FUZZ_ENTRY(name)                                                                           \
    static void rgxFuzzBody_##name(rgx::loaders::ByteSpan data)

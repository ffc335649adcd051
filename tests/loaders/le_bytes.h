#pragma once
// Little-endian words (and the big-endian u32 of chunked formats' sizes) appended to bytes laid
// out by hand in the loaders' tests.

#include "loaders/bytes.h"

#include <cstdint>
#include <string_view>

namespace rgx::testing {

inline void put16(loaders::Bytes& b, std::uint16_t v) {
    b.push_back(static_cast<std::uint8_t>(v & 0xFF));
    b.push_back(static_cast<std::uint8_t>(v >> 8));
}

inline void put32(loaders::Bytes& b, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

inline void put32be(loaders::Bytes& b, std::uint32_t v) {
    for (int i = 3; i >= 0; --i)
        b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

// The bytes of a string (a tag, text), no terminator.
inline void putText(loaders::Bytes& b, std::string_view s) {
    b.insert(b.end(), s.begin(), s.end());
}

} // namespace rgx::testing

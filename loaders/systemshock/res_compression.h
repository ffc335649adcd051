#pragma once
// The compression of System Shock's resource files (../shared/spec/system-shock-specs.txt §1.2):
// an LZW code stream of 14-bit words, packed big-endian one after another.
//   word < 0x100            a literal byte
//   0x100 <= word < 0x3FFE  dictionary entry (word - 0x100): what token n made, plus the first
//                           byte of token n + 1 (entry n is defined once token n + 1 is read)
//   0x3FFE                  reset: forget every entry, the next token is token 0 again
//   0x3FFF                  end of stream
// Tokens are the literal and dictionary words since the last reset; token k defines entry k, so
// at most 0x3FFE - 0x100 = 16,126 entries can be named. §1.2.2, the encoder: the end word is
// always written, then the last partial byte (zero bits), then one extra 0x00 byte; when the
// dictionary is full, the encoder goes on with it and writes a reset the 1000th time it could not
// add an entry. Choices and evidence: docs/formats/systemshock_res.md.

#include "loaders/bytes.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace rgx::loaders::systemshock {

inline constexpr std::uint16_t kLzwFirstEntryCode = 0x100;
inline constexpr std::uint16_t kLzwResetCode = 0x3FFE;
inline constexpr std::uint16_t kLzwEndCode = 0x3FFF;
inline constexpr std::size_t kLzwMaxEntries = kLzwResetCode - kLzwFirstEntryCode; // 16,126
// The encoder writes a reset the 1000th time a full dictionary refuses an entry (§1.2.2).
inline constexpr std::size_t kLzwResetAfterRefusals = 1000;

// The most bytes a stream of packedSize bytes can unpack to: token k after a reset makes at most
// k + 1 bytes (it names an entry made by an earlier token, one byte longer than that token) and
// no token makes more than kLzwMaxEntries + 1. A bound for sizes read from files, before any
// allocation.
std::uint64_t maxDecompressedSize(std::size_t packedSize);

// Unpacks `packed`, a stream made for exactly expectedSize bytes, following §1.2's decoder.
// path and base (the absolute file offset of packed[0]) name the bytes in errors and warnings.
// Throws rgx::Error (path, offset of the word, field "LZW ...") on: expectedSize larger than
// maxDecompressedSize(packed.size()); a word naming an entry not defined yet; a word that would
// unpack past expectedSize; the stream ending before expectedSize bytes; or no end word after
// them. Warnings (the result is still returned): the end word before expectedSize bytes (the
// rest is zeros, as §1.2's decoder leaves it); the bytes after the end word other than the one
// 0x00 byte §1.2.2 describes.
Bytes decompress(ByteSpan packed, std::size_t expectedSize, const std::string& path, std::uint64_t base = 0,
                 Warnings* warnings = nullptr);

// Packs `data` as §1.2.2's encoder does: greedy LZW building the same dictionary as the decoder,
// a reset after 1000 refusals of a full dictionary, the end word, then one 0x00 byte.
// decompress(compress(d), d.size()) == d for every d, without warnings.
Bytes compress(ByteSpan data);

} // namespace rgx::loaders::systemshock

#pragma once
// A RIFF/WAVE file of uncompressed PCM, written by hand: the 44-byte header is all a PCM WAV
// needs, and no Debian package rgx already depends on writes WAV (scripts/deps.sh).
//
//   "RIFF" u32 size-8 "WAVE" | "fmt " u32 16 | u16 1 (PCM) | u16 channels | u32 rate |
//   u32 rate*block | u16 block (channels * bytes per sample) | u16 bits | "data" u32 n | n bytes
//   [| one pad byte when n is odd: RIFF chunks are word-aligned]
//
// WAV's 8-bit PCM is unsigned and its 16-bit PCM signed little-endian, as Redguard stores them,
// so the samples go in as they are.

#include "loaders/bytes.h"

#include <cstdint>
#include <string>

namespace rgx::app {

inline constexpr std::size_t kWavHeaderSize = 44;

// Why these samples cannot be a WAV file (0 channels, bits other than 8 or 16, a zero rate, more
// bytes a second than a u32 holds, 4 GiB or more of PCM); "" when they can.
std::string wavRefusal(std::uint16_t channels, std::uint16_t bitsPerSample, std::uint32_t sampleRate,
                       std::size_t pcmBytes);

// The WAV file of `pcm`. Throws rgx::Error (path "<memory>", the wavRefusal) where there is one.
loaders::Bytes encodeWav(loaders::ByteSpan pcm, std::uint16_t channels, std::uint16_t bitsPerSample,
                         std::uint32_t sampleRate);

} // namespace rgx::app

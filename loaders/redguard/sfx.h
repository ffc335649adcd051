#pragma once
// SFX sound effects (SOUND/MAIN.SFX), from the reference's "SFX Sound Effects File Format" with
// the chunk tags its table leaves out (its "44 bytes" FXHD only adds up with them; the peers'
// readers, rgpre and RGUnity, read them). Decisions: docs/formats/sfx.md.
//
//   "FXHD" u32 BE 36 | description[32] | u32 LE effect_count
//   "FXDT" u32 BE section size | effect_count records back to back
//   "END "                                                    (a bare tag)
//
// An effect record is the 27-byte sound header that RTX voice entries share (SoundClip below),
// then data_length bytes of PCM. Effects have no offset table: the game names them by index.
//
// Reading policy (docs/formats.md). Errors (path, absolute offset, field): a first chunk that is
// not FXHD, an FXHD shorter than 36 bytes, no FXDT, an effect count or a data_length past the
// bytes left, truncation anywhere before the last record ends. Warnings: an FXHD longer than 36
// (the rest ignored), chunks between FXHD and FXDT (skipped by their length), an FXDT size other
// than the records' byte count (effects are read by count, as RGUnity does), no "END " or bytes
// after it, and the sound header's departures (readSoundClip).
//
// Round trips: readSfx(writeSfx(f)) == f for any f the writer takes, and writeSfx(readSfx(b)) == b
// for every b read without warnings.

#include "loaders/bytes.h"
#include "loaders/enum_names.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rgx::loaders {

inline constexpr std::size_t kSoundHeaderSize = 27;
inline constexpr std::size_t kSfxHeaderPayload = 36; // FXHD: description + effect count
inline constexpr std::size_t kSfxDescriptionSize = 32;

// The sound header's type_id: what the PCM holds.
enum class SoundType : std::uint32_t { Mono8 = 0, Mono16 = 1, Stereo8 = 2, Stereo16 = 3 };
inline constexpr EnumNames<SoundType, 4> kSoundTypeNames{{"mono8", "mono16", "stereo8", "stereo16"}};

// The 27-byte sound header and the PCM it describes (little-endian):
//   +0x00 u32 type_id | +0x04 u32 bit_depth | +0x08 u32 sample_rate | +0x0C u8 unused_0c |
//   +0x0D i8 loop_flag | +0x0E u32 loop_offset | +0x12 u32 loop_end | +0x16 u32 data_length |
//   +0x1A u8 reserved_1a | PCM (u8 samples for 8-bit, i16 for 16-bit; stereo interleaved)
struct SoundClip {
    std::uint32_t type = 0;             // SoundType; other values are kept (a warning)
    std::uint32_t bitDepth = 0;         // 0: 8-bit, 1: 16-bit; the type decides where they disagree
    std::uint32_t sampleRate = 11025;   // 11025 or 22050 in the game
    std::uint8_t unused = 64;           // 64 in MAIN.SFX, 100 in ENGLISH.RTX (a volume, never read)
    std::int8_t loopFlag = 0;           // the engine tests only != 0 (-1 and -31 are seen)
    std::uint32_t loopOffset = 0;       // always 0
    std::uint32_t loopEnd = 0xFFFFFFFF; // always 0xFFFFFFFF
    std::uint8_t reserved = 0;          // always 0
    Bytes pcm;                          // data_length is pcm.size() when written
    bool operator==(const SoundClip&) const = default;
};

// 1 or 2 for the four known types, 0 for any other.
std::uint16_t soundChannels(const SoundClip& clip);
// 1 or 2 for the four known types, 0 for any other.
std::uint16_t soundBytesPerSample(const SoundClip& clip);
// "mono8", "mono16", "stereo8", "stereo16" or "unknown".
const char* soundTypeName(std::uint32_t type);
// PCM bytes / (rate x channels x bytes per sample); 0 for an unknown type or a zero rate.
double soundDurationSeconds(const SoundClip& clip);
// The engine loops a clip when loop_flag is non-zero, whatever its value.
inline bool looping(const SoundClip& clip) {
    return clip.loopFlag != 0;
}

// Reads a 27-byte sound header and its PCM at r's position. `label` starts every field name
// ("SFX effect 3", "RTX 'zbza' audio"). Throws when the header or the PCM runs past r's end.
// Warnings: an unknown type_id, a bit_depth that disagrees with it, a rate other than 11025 or
// 22050, unused_0c other than expectedUnused, a loop_flag other than 0, -1 or -31, loop_offset
// not 0, loop_end not 0xFFFFFFFF, reserved_1a not 0 (every value is kept).
SoundClip readSoundClip(ByteReader& r, const std::string& label, std::uint8_t expectedUnused);
// The inverse: 27 header bytes (data_length = pcm.size()), then the PCM. Throws rgx::Error for
// PCM of 4 GiB or more.
void writeSoundClip(ByteWriter& w, const SoundClip& clip);

struct SfxFile {
    // The 32-byte description without its trailing NULs (inner NULs kept); written NUL-padded.
    std::string description;
    std::vector<SoundClip> effects; // index order: the game's effect numbers
    bool operator==(const SfxFile&) const = default;
};

SfxFile readSfx(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// Exact inverse of readSfx. Throws rgx::Error for a description over 32 bytes.
Bytes writeSfx(const SfxFile& file);

// True when the bytes start with an FXHD tag.
bool looksLikeSfx(ByteSpan bytes);

} // namespace rgx::loaders

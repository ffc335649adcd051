#pragma once
// RTX dialogue (ENGLISH.RTX): text lines and voice clips under 4-character tags, from the
// reference's "RTX Dialogue Audio Format". Decisions: docs/formats/rtx.md.
//
//   chunks   tag[4] | u32 BE payload_size | payload          back to back from offset 0
//   "END "                                                   (bare tag; RGUnity's and the mod
//                                                             manager's readers stop at it)
//   index    index_count x { tag[4] | u32 LE payload_offset | u32 LE payload_size }
//   footer   "RNAV" | u32 LE index_offset | u32 LE index_count       (the last 12 bytes)
//
// Payload: u8 (always 0) | u8 subtype | u16 LE string_len | u16 LE reserved | text[string_len],
// then for subtype 1 the 27-byte sound header and its PCM (SoundClip, loaders/redguard/sfx.h).
// Subtype 0 is a text line, 1 a voice clip with its spoken line as the text.
//
// Reading policy (docs/formats.md). Errors (path, absolute offset, field): no RNAV footer, an
// index past the footer or a count that does not fit before it, a payload offset or size past the
// end, an index entry whose chunk header (8 bytes before the payload) has another tag or size, a
// payload too short for its prefix, text or sound header and PCM. Warnings: payload[0] not 0,
// reserved not 0, an unknown subtype (the payload kept as it is), bytes after a payload's fields
// (dropped), a repeated tag (lookups find the first), the sound header's departures
// (readSoundClip), and a layout other than the writer's (below).
//
// The writer lays the chunks out back to back from offset 0 in reverse index order, so payload
// offsets descend through the index as the reference found in ENGLISH.RTX; then "END ", the index
// in entry order and the footer. The reader warns where a file is laid out otherwise (chunks
// elsewhere, no "END ", bytes around the index), since such a file is written back in that
// layout. So writeRtx(readRtx(b)) == b for every b read without warnings, and
// readRtx(writeRtx(f)) == f for every f as the reader makes it.

#include "loaders/redguard/sfx.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::loaders {

inline constexpr std::size_t kRtxFooterSize = 12;
inline constexpr std::size_t kRtxIndexEntrySize = 12;
inline constexpr std::size_t kRtxChunkHeaderSize = 8;
inline constexpr std::size_t kRtxPayloadPrefix = 6;

// A payload's subtype (payload[1]).
enum class RtxKind : std::uint8_t { Text = 0, Audio = 1 };

struct RtxEntry {
    std::string tag;            // 4 bytes as stored ("zbza", "#bon")
    std::uint8_t kind = 0;      // payload[1], the reference's subtype: RtxKind, or another value
    std::uint8_t payload0 = 0;  // payload[0], the reference's "kind": always 0
    std::uint16_t reserved = 0; // payload[4..5]: always 0
    std::string text;           // kind 0: the line; kind 1: the spoken line. Latin-1 bytes.
    SoundClip audio;            // kind 1 only
    Bytes raw;                  // any other kind: the whole payload as stored (payload[1] == kind)
    bool operator==(const RtxEntry&) const = default;
};

struct RtxFile {
    std::vector<RtxEntry> entries; // index order
    bool operator==(const RtxFile&) const = default;
};

RtxFile readRtx(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// Exact inverse of readRtx, laid out as the header says. Throws rgx::Error (path "<memory>") for a
// tag that is not 4 bytes, text over 65535 bytes, an unknown kind whose raw payload does not carry
// it at [1], or a file of 4 GiB or more.
Bytes writeRtx(const RtxFile& file);

// The first entry with this tag, or nullptr.
const RtxEntry* findRtxEntry(const RtxFile& file, std::string_view tag);

// True when the bytes end with an RNAV footer.
bool looksLikeRtx(ByteSpan bytes);

} // namespace rgx::loaders

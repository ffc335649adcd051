#pragma once
// TEXBSI.### texture banks and standalone .BSI images (sky layer, sun disc).
//
// A TEXBSI file is a sequence of image records (9-byte name, u32 LE size, subrecords) closed by
// a 9-byte zero sentinel. Each record holds big-endian-sized subrecords in a fixed order:
// BSIF or IFHD (marker), BHDR (header), optional CMAP (embedded palette), DATA (pixels), END.
// notes.md says standalone .BSI files use the same record layout; other readers have seen .BSI
// files that start directly with the subrecords, so that "bare" form is read too (TexbsiFile::bare).
// Decisions and their reasons: docs/formats/texbsi.md.
//
// Round trips: readTexbsi(writeTexbsi(f)) == f for any valid f, and
// writeTexbsi(readTexbsi(b)) == b for every file readTexbsi accepts (fields that have no decoded
// meaning are kept raw; DATA payloads laid out differently from the writer's layout are kept as
// stored, see TexbsiImage::storedData).

#include "loaders/bytes.h"
#include "loaders/redguard/col.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::loaders {

enum class TexbsiMarker : std::uint8_t {
    Bsif, // static image marker
    Ifhd, // animated image marker (also used by single-frame sky .BSI files)
    None, // no marker subrecord (files written by other tools; read with a warning)
};

// Limits that keep a corrupt header from asking for unbounded memory (see docs).
inline constexpr int kTexbsiMaxFrames = 256;
// An animated image may decode to at most this many times its DATA payload (+ 64 KiB): rows can
// be shared, but each row costs a 4-byte table entry, so honest files stay far below it.
inline constexpr std::uint64_t kTexbsiMaxExpansion = 256;
// And never more than this per image, whatever the payload: the largest shipped images are 16
// frames of 256x256 (1 MiB), so 64 MiB leaves room for any honest file while a 16 MiB corrupt
// file cannot ask for gigabytes.
inline constexpr std::uint64_t kTexbsiMaxDecodedBytes = 64ull << 20;

// BHDR, 26 bytes little-endian; every field kept as stored.
struct TexbsiHeader {
    std::int16_t xOffset = 0;
    std::int16_t yOffset = 0;
    std::int16_t width = 0;
    std::int16_t height = 0;
    std::uint8_t hasCmap = 0;      // export-tool flag, not read by the engine
    std::uint8_t exportFlags = 0;  // export-tool metadata (0, 1 or 9)
    std::uint32_t reserved10 = 0;  // bytes 10..13, always 0 in known files
    std::int16_t frameCount = 1;   // <= 1: one frame of raw pixels; > 1: row-offset table
    std::int16_t animDelay = 0;    // milliseconds per frame
    std::uint32_t reserved18 = 0;  // bytes 18..21, always 0 in known files
    std::uint16_t texScale = 0;    // 8.8 fixed point; 0 means 1.0
    std::int16_t dataEncoding = 0; // 0 raw, 4 animated offset table (informational)
    Bytes extra;                   // BHDR bytes past the documented 26 (none in known files)
    bool operator==(const TexbsiHeader&) const = default;
};

struct TexbsiImage {
    // Up to 9 bytes, e.g. "D02005"; trailing NULs are padding and are not part of the name.
    std::string name;
    TexbsiMarker marker = TexbsiMarker::Bsif;
    // The marker's payload as stored: empty for BSIF, 44 bytes (01 then 43 zeros) for IFHD.
    Bytes markerPayload;
    TexbsiHeader header;
    std::optional<Palette256> palette; // CMAP
    // Decoded frames: header.width * header.height palette indices each, row-major, top row
    // first. Index 0 is transparent. Exactly texbsiFrameCount(header) frames.
    std::vector<Bytes> frames;
    // The DATA payload as stored, kept only when it differs from what the writer would lay out
    // for `frames` (padding, another row-sharing order). The writer uses it while it still
    // decodes to `frames`, so editing `frames` never needs to clear it.
    Bytes storedData;
    // END is followed by a u32 (0 in known files); endHasValue is false when the record (or a
    // bare .BSI) ends right after the tag.
    bool endHasValue = true;
    std::uint32_t endValue = 0;
    Bytes recordTrailer; // bytes inside the record after END (none in known files)
    bool operator==(const TexbsiImage&) const = default;
};

struct TexbsiFile {
    // True for a standalone .BSI stored as bare subrecords (exactly one image, no name, no size,
    // no end sentinel). False: the record layout of TEXBSI.### (and of .BSI per notes.md).
    bool bare = false;
    std::vector<TexbsiImage> images;
    Bytes trailer;           // bytes after the end sentinel (none in known files)
    bool endSentinel = true; // false when the record layout ended without its sentinel
    bool operator==(const TexbsiFile&) const = default;
};

// Number of frames the DATA of an image with this header holds: frameCount when > 1, else 1.
int texbsiFrameCount(const TexbsiHeader& header);
// True when frames are stored through the row-offset table (frameCount > 1).
bool texbsiAnimated(const TexbsiHeader& header);
// tex_scale as a factor (0 means the engine's default 1.0).
double texbsiTexScale(const TexbsiHeader& header);
// The DOS timer (PIT) rate the engine times texture animation in, ticks per second.
inline constexpr double kPitTicksPerSecond = 18.2;
// anim_delay in DOS timer ticks as the engine converts it: round(ms * 18.2 / 1000), at least 1.
int texbsiAnimTicks(const TexbsiHeader& header);
// Image id from the name's last three digits ("D02005" -> 5), or -1 when they are not digits.
int texbsiImageId(const TexbsiImage& image);

// The first image whose name ends in the 3-digit id (how model faces pick an image within a
// bank: by name, not by record order), or nullptr.
const TexbsiImage* findTexbsiImage(const TexbsiFile& file, int imageId);
TexbsiImage* findTexbsiImage(TexbsiFile& file, int imageId); // the same, to take its frames

// Parses a TEXBSI bank or a .BSI file (record or bare layout). Throws rgx::Error naming the
// path, absolute offset and field where the pixels cannot be read safely: truncation, sizes past
// the end, a BHDR shorter than 16 bytes, no BHDR before DATA, negative sizes, frame counts and
// decoded sizes past the limits above. Warnings (reading policy, docs/formats.md): no BSIF/IFHD
// marker, a BHDR of 16 to 25 bytes (the rest take defaults), an unknown or repeated subrecord
// (skipped), a CMAP that is not 768 bytes, no END subrecord, a missing or non-zero end sentinel.
TexbsiFile readTexbsi(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// The exact inverse of readTexbsi. Throws rgx::Error (path "<memory>") when an image is
// inconsistent: frames.size() != texbsiFrameCount(header), a frame not width*height bytes,
// negative sizes, a name longer than 9 bytes, a bare file without exactly one image.
Bytes writeTexbsi(const TexbsiFile& file);

// The canonical DATA payload for an image: frame 0 raw when not animated; otherwise the row
// offset table (frame-major) followed by each distinct row once, in first-use order.
Bytes encodeTexbsiData(const TexbsiImage& image);

// Builds an image from plain frames (each width*height indices). One frame without a palette
// gives a static BSIF image; several frames or an embedded palette give an IFHD image with the
// animated layout (when several frames), frame_count, has_cmap and data_encoding filled in.
TexbsiImage makeTexbsiImage(std::string name, int width, int height, std::vector<Bytes> frames,
                            std::optional<Palette256> palette = std::nullopt, int animDelayMs = 71,
                            std::uint16_t texScale = 0);

// True when the bytes start like a TEXBSI record (name then a BSIF/IFHD subrecord) or a bare
// .BSI (BSIF/IFHD tag first).
bool looksLikeTexbsi(ByteSpan bytes);

} // namespace rgx::loaders

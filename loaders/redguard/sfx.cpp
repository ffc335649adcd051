#include "loaders/redguard/sfx.h"
#include "loaders/text.h"

#include <algorithm>
#include <limits>

namespace rgx::loaders {

namespace {

constexpr std::uint32_t kRateLow = 11025;
constexpr std::uint32_t kRateHigh = 22050;
constexpr std::size_t kTypeCount = kSoundTypeNames.names.size();

[[noreturn]] void invalid(const std::string& field, const std::string& message) {
    throw Error("<memory>", Error::kNoOffset, field, message);
}

std::uint32_t checkedSize(std::size_t n, const std::string& field) {
    if (n > std::numeric_limits<std::uint32_t>::max()) invalid(field, "4 GiB or more cannot be written");
    return static_cast<std::uint32_t>(n);
}

// The header fields the reference gives as constant: each other value is a warning, the value kept.
void warnUnusualHeader(const ByteReader& r, std::size_t at, const SoundClip& c, const std::string& label,
                       std::uint8_t expectedUnused) {
    if (c.type >= kTypeCount) {
        r.warnAt(at, label + " type_id",
                 "unknown type " + std::to_string(c.type) + " (0..3 known); its PCM is kept, not decoded");
    } else if (c.bitDepth != (c.type & 1)) {
        r.warnAt(at + 0x04, label + " bit_depth",
                 "bit_depth " + std::to_string(c.bitDepth) + " disagrees with type " +
                     std::to_string(c.type) + " (" + soundTypeName(c.type) + "); the type decides");
    }
    if (c.sampleRate != kRateLow && c.sampleRate != kRateHigh) {
        r.warnAt(at + 0x08, label + " sample_rate",
                 std::to_string(c.sampleRate) + " Hz (the game uses 11025 and 22050)");
    }
    if (c.unused != expectedUnused) {
        r.warnAt(at + 0x0C, label + " unused_0c",
                 std::to_string(c.unused) + " (always " + std::to_string(expectedUnused) + " in the game)");
    }
    if (c.loopFlag != 0 && c.loopFlag != -1 && c.loopFlag != -31) {
        r.warnAt(at + 0x0D, label + " loop_flag",
                 std::to_string(c.loopFlag) + " (0, -1 and -31 are seen); any non-zero value loops");
    }
    if (c.loopOffset != 0) {
        r.warnAt(at + 0x0E, label + " loop_offset", std::to_string(c.loopOffset) + " (always 0 in the game)");
    }
    if (c.loopEnd != 0xFFFFFFFF) {
        r.warnAt(at + 0x12, label + " loop_end",
                 std::to_string(c.loopEnd) + " (always 0xFFFFFFFF in the game)");
    }
    if (c.reserved != 0) {
        r.warnAt(at + 0x1A, label + " reserved_1a", std::to_string(c.reserved) + " (always 0 in the game)");
    }
    const std::size_t frame = std::size_t{soundChannels(c)} * soundBytesPerSample(c);
    if (frame > 1 && c.pcm.size() % frame != 0) {
        r.warnAt(at + 0x16, label + " data_length",
                 std::to_string(c.pcm.size()) + " bytes is not a whole number of " + std::to_string(frame) +
                     "-byte sample frames");
    }
}

} // namespace

std::uint16_t soundChannels(const SoundClip& clip) {
    if (clip.type >= kTypeCount) return 0;
    return clip.type >= 2 ? 2 : 1;
}

std::uint16_t soundBytesPerSample(const SoundClip& clip) {
    if (clip.type >= kTypeCount) return 0;
    return (clip.type & 1) != 0 ? 2 : 1;
}

const char* soundTypeName(std::uint32_t type) {
    return kSoundTypeNames.name(static_cast<SoundType>(type));
}

double soundDurationSeconds(const SoundClip& clip) {
    const double perSecond =
        static_cast<double>(clip.sampleRate) * soundChannels(clip) * soundBytesPerSample(clip);
    return perSecond > 0 ? static_cast<double>(clip.pcm.size()) / perSecond : 0.0;
}

SoundClip readSoundClip(ByteReader& r, const std::string& label, std::uint8_t expectedUnused) {
    const std::size_t at = r.pos();
    r.require(kSoundHeaderSize, label + " header");
    SoundClip c;
    c.type = r.u32(label + " type_id");
    c.bitDepth = r.u32(label + " bit_depth");
    c.sampleRate = r.u32(label + " sample_rate");
    c.unused = r.u8(label + " unused_0c");
    c.loopFlag = r.i8(label + " loop_flag");
    c.loopOffset = r.u32(label + " loop_offset");
    c.loopEnd = r.u32(label + " loop_end");
    const std::uint32_t length = r.u32(label + " data_length");
    c.reserved = r.u8(label + " reserved_1a");
    // Checked before anything is copied, and named at the length field, not where the PCM starts.
    if (length > r.remaining()) {
        r.failAt(at + 0x16, label + " data_length",
                 std::to_string(length) + " bytes of PCM, only " + std::to_string(r.remaining()) +
                     " left (truncated)");
    }
    ByteSpan pcm = r.bytes(length, label + " PCM");
    c.pcm.assign(pcm.begin(), pcm.end());
    warnUnusualHeader(r, at, c, label, expectedUnused);
    return c;
}

void writeSoundClip(ByteWriter& w, const SoundClip& clip) {
    const std::uint32_t length = checkedSize(clip.pcm.size(), "sound data_length");
    w.u32(clip.type);
    w.u32(clip.bitDepth);
    w.u32(clip.sampleRate);
    w.u8(clip.unused);
    w.i8(clip.loopFlag);
    w.u32(clip.loopOffset);
    w.u32(clip.loopEnd);
    w.u32(length);
    w.u8(clip.reserved);
    w.bytes(clip.pcm);
}

SfxFile readSfx(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    SfxFile f;
    if (r.tag("SFX chunk tag") != "FXHD") r.failAt(0, "SFX chunk tag", "an SFX file starts with FXHD");
    const std::size_t headerSizeAt = r.pos();
    const std::uint32_t headerSize = r.u32be("SFX FXHD size");
    if (headerSize > r.remaining()) {
        r.failAt(headerSizeAt, "SFX FXHD size",
                 std::to_string(headerSize) + " bytes, only " + std::to_string(r.remaining()) + " left");
    }
    if (headerSize < kSfxHeaderPayload) {
        r.failAt(headerSizeAt, "SFX FXHD size",
                 "FXHD is " + std::to_string(headerSize) + " bytes, needs " +
                     std::to_string(kSfxHeaderPayload));
    }
    if (headerSize > kSfxHeaderPayload) {
        r.warnAt(headerSizeAt, "SFX FXHD size",
                 "FXHD is " + std::to_string(headerSize) + " bytes, 36 expected; the rest is ignored");
    }
    ByteReader h = r.sub(r.pos(), headerSize, "SFX FXHD");
    r.skip(headerSize, "SFX FXHD");
    ByteSpan description = h.bytes(kSfxDescriptionSize, "SFX description");
    std::size_t len = kSfxDescriptionSize;
    while (len > 0 && description[len - 1] == 0)
        --len;
    f.description.assign(reinterpret_cast<const char*>(description.data()), len);
    const std::uint64_t countAt = h.absolute(h.pos());
    const std::uint32_t count = h.u32("SFX effect_count");

    // Chunks before FXDT are not in the reference: stepped over by their length, with a warning.
    std::size_t tagAt = r.pos();
    std::string tag = r.tag("SFX chunk tag");
    while (tag != "FXDT") {
        const std::string field = "SFX " + escapeBytes(tag) + " size";
        const std::uint32_t chunkSize = r.u32be(field);
        r.checkCount(chunkSize, 1, field);
        r.warnAt(tagAt, "SFX chunk tag",
                 "unexpected chunk '" + escapeBytes(tag) + "' (expected FXDT); skipped");
        r.skip(chunkSize, "SFX chunk");
        tagAt = r.pos();
        tag = r.tag("SFX chunk tag");
    }
    const std::size_t dataSizeAt = r.pos();
    const std::uint32_t dataSize = r.u32be("SFX FXDT size");
    if (count > r.remaining() / kSoundHeaderSize) {
        r.failAt(countAt, "SFX effect_count",
                 std::to_string(count) + " effects of at least 27 bytes do not fit in the " +
                     std::to_string(r.remaining()) + " bytes after FXDT");
    }
    const std::size_t recordsAt = r.pos();
    f.effects.reserve(count);
    for (std::uint32_t k = 0; k < count; ++k)
        f.effects.push_back(readSoundClip(r, "SFX effect " + std::to_string(k), 64));
    if (r.pos() - recordsAt != dataSize) {
        r.warnAt(dataSizeAt, "SFX FXDT size",
                 std::to_string(dataSize) + " bytes, the " + std::to_string(count) + " effects take " +
                     std::to_string(r.pos() - recordsAt) + "; the effects are read by count");
    }

    const std::size_t endAt = r.pos();
    if (r.remaining() < 4 || r.tag("SFX END tag") != "END ") {
        r.warnAt(endAt, "SFX END tag", "no 'END ' after the effects");
    } else if (!r.atEnd()) {
        r.warnAt(r.pos(), "SFX trailer", std::to_string(r.remaining()) + " bytes after 'END ' ignored");
    }
    return f;
}

Bytes writeSfx(const SfxFile& file) {
    if (file.description.size() > kSfxDescriptionSize) invalid("SFX description", "longer than 32 bytes");
    ByteWriter w;
    w.tag("FXHD");
    w.u32be(kSfxHeaderPayload);
    w.fixedString(file.description, kSfxDescriptionSize);
    w.u32(checkedSize(file.effects.size(), "SFX effect_count"));
    w.tag("FXDT");
    const std::size_t sizeAt = w.pos();
    w.u32be(0);
    for (const SoundClip& c : file.effects)
        writeSoundClip(w, c);
    w.patchU32be(sizeAt, checkedSize(w.pos() - sizeAt - 4, "SFX FXDT size"));
    w.tag("END ");
    return w.take();
}

bool looksLikeSfx(ByteSpan bytes) {
    return bytes.size() >= 8 && std::equal(bytes.begin(), bytes.begin() + 4, "FXHD");
}

} // namespace rgx::loaders

#include "loaders/redguard/rtx.h"
#include "loaders/text.h"

#include <algorithm>
#include <limits>
#include <set>

namespace rgx::loaders {

namespace {

// The RTX voice header's unused_0c: 100 in every ENGLISH.RTX clip (MAIN.SFX has 64).
constexpr std::uint8_t kRtxUnused = 100;

struct IndexEntry {
    std::uint64_t at = 0; // the index entry's own offset
    std::uint32_t payloadOffset = 0;
    std::uint32_t payloadSize = 0;
};

[[noreturn]] void invalid(const std::string& field, const std::string& message) {
    throw Error("<memory>", Error::kNoOffset, field, message);
}

std::string entryLabel(const std::string& tag) {
    return "RTX '" + escapeBytes(tag) + "'";
}

// Reads one payload (p spans exactly it) into e, whose tag is set.
void readPayload(ByteReader& p, RtxEntry& e) {
    const std::string label = entryLabel(e.tag);
    e.payload0 = p.u8(label + " kind");
    e.kind = p.u8(label + " subtype");
    if (e.payload0 != 0) {
        p.warnAt(0, label + " kind", std::to_string(e.payload0) + " (always 0 in the game)");
    }
    if (e.kind != static_cast<std::uint8_t>(RtxKind::Text) &&
        e.kind != static_cast<std::uint8_t>(RtxKind::Audio)) {
        p.warnAt(1, label + " subtype",
                 "unknown subtype " + std::to_string(e.kind) +
                     " (0 text, 1 audio); the payload is kept as it is");
        e.payload0 = 0;
        e.raw.assign(p.data().begin(), p.data().end());
        return;
    }
    const std::uint16_t length = p.u16(label + " string_len");
    e.reserved = p.u16(label + " reserved");
    if (e.reserved != 0) {
        p.warnAt(4, label + " reserved", std::to_string(e.reserved) + " (always 0 in the game)");
    }
    if (length > p.remaining()) {
        p.failAt(2, label + " string_len",
                 std::to_string(length) + " bytes of text, only " + std::to_string(p.remaining()) +
                     " left in the payload");
    }
    e.text = p.fixedRaw(length, label + " text");
    if (e.kind == static_cast<std::uint8_t>(RtxKind::Audio))
        e.audio = readSoundClip(p, label + " audio", kRtxUnused);
    if (!p.atEnd()) {
        p.warnAt(p.pos(), label + " payload",
                 std::to_string(p.remaining()) + " bytes after the " +
                     (e.kind == static_cast<std::uint8_t>(RtxKind::Audio) ? "PCM" : "text") + " ignored");
    }
}

// Warns where the file is not laid out as writeRtx lays it out (rtx.h).
void checkLayout(const ByteReader& r, const std::vector<IndexEntry>& index, std::uint32_t indexOffset,
                 std::size_t footerAt) {
    std::uint64_t at = 0;
    std::vector<std::uint64_t> expected(index.size());
    for (std::size_t i = index.size(); i-- > 0;) {
        expected[i] = at + kRtxChunkHeaderSize;
        at += kRtxChunkHeaderSize + index[i].payloadSize;
    }
    for (std::size_t i = 0; i < index.size(); ++i) {
        if (index[i].payloadOffset != expected[i]) {
            r.warnAt(index[i].at + 4, "RTX index entry " + std::to_string(i) + " payload_offset",
                     "payload at " + std::to_string(index[i].payloadOffset) + ", the writer puts it at " +
                         std::to_string(expected[i]) +
                         " (chunks back to back from offset 0 in reverse index order); written back so");
            return;
        }
    }
    const ByteSpan d = r.data();
    if (at + 4 > d.size() || !std::equal(d.begin() + static_cast<std::ptrdiff_t>(at),
                                         d.begin() + static_cast<std::ptrdiff_t>(at + 4), "END ")) {
        r.warnAt(at, "RTX END tag", "no 'END ' after the chunks; written back with one");
        return;
    }
    if (indexOffset != at + 4) {
        r.warnAt(footerAt + 4, "RTX index_offset",
                 "index at " + std::to_string(indexOffset) + ", the writer puts it at " +
                     std::to_string(at + 4) + " (right after 'END ')");
        return;
    }
    if (indexOffset + index.size() * kRtxIndexEntrySize != footerAt) {
        r.warnAt(indexOffset + index.size() * kRtxIndexEntrySize, "RTX index",
                 std::to_string(footerAt - indexOffset - index.size() * kRtxIndexEntrySize) +
                     " bytes between the index and the footer ignored");
    }
}

} // namespace

RtxFile readRtx(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    if (r.size() < kRtxFooterSize) {
        r.failAt(r.size(), "RTX footer",
                 std::to_string(r.size()) + " bytes, too few for the 12-byte RNAV footer (truncated)");
    }
    const std::size_t footerAt = r.size() - kRtxFooterSize;
    r.seek(footerAt, "RTX footer");
    if (r.tag("RTX footer tag") != "RNAV") {
        r.failAt(footerAt, "RTX footer tag", "no RNAV footer in the last 12 bytes (truncated, or not RTX)");
    }
    const std::uint32_t indexOffset = r.u32("RTX index_offset");
    const std::uint32_t count = r.u32("RTX index_count");
    if (indexOffset > footerAt) {
        r.failAt(footerAt + 4, "RTX index_offset",
                 "offset " + std::to_string(indexOffset) + " is past the footer at " +
                     std::to_string(footerAt));
    }
    if (count > (footerAt - indexOffset) / kRtxIndexEntrySize) {
        r.failAt(footerAt + 8, "RTX index_count",
                 std::to_string(count) + " entries of 12 bytes do not fit in the " +
                     std::to_string(footerAt - indexOffset) + " bytes from index_offset " +
                     std::to_string(indexOffset) + " to the footer");
    }

    ByteReader idx = r.sub(indexOffset, footerAt - indexOffset, "RTX index");
    std::vector<IndexEntry> index;
    index.reserve(count);
    RtxFile f;
    f.entries.reserve(count);
    std::set<std::string> seen;
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::string field = "RTX index entry " + std::to_string(i);
        IndexEntry ie;
        ie.at = idx.absolute(idx.pos());
        RtxEntry e;
        e.tag = idx.tag(field + " tag");
        ie.payloadOffset = idx.u32(field + " payload_offset");
        ie.payloadSize = idx.u32(field + " payload_size");
        if (ie.payloadOffset < kRtxChunkHeaderSize || ie.payloadOffset > r.size()) {
            r.failAt(ie.at + 4, field + " payload_offset",
                     "offset " + std::to_string(ie.payloadOffset) +
                         (ie.payloadOffset < kRtxChunkHeaderSize
                              ? " leaves no room for the 8-byte chunk header"
                              : " is past the end (size " + std::to_string(r.size()) + ")"));
        }
        if (ie.payloadSize > r.size() - ie.payloadOffset) {
            r.failAt(ie.at + 8, field + " payload_size",
                     std::to_string(ie.payloadSize) + " bytes from offset " +
                         std::to_string(ie.payloadOffset) + " run past the end (size " +
                         std::to_string(r.size()) + ")");
        }
        // The chunk header the index points past must agree with it.
        ByteReader h = r.sub(ie.payloadOffset - kRtxChunkHeaderSize, kRtxChunkHeaderSize, field + " chunk");
        const std::string chunkTag = h.tag("RTX chunk tag");
        if (chunkTag != e.tag) {
            h.failAt(0, "RTX chunk tag",
                     "'" + escapeBytes(chunkTag) + "' where index entry " + std::to_string(i) + " names '" +
                         escapeBytes(e.tag) + "'");
        }
        const std::uint32_t chunkSize = h.u32be(entryLabel(e.tag) + " chunk size");
        if (chunkSize != ie.payloadSize) {
            h.failAt(4, entryLabel(e.tag) + " chunk size",
                     std::to_string(chunkSize) + " bytes where index entry " + std::to_string(i) + " says " +
                         std::to_string(ie.payloadSize));
        }
        ByteReader p = r.sub(ie.payloadOffset, ie.payloadSize, entryLabel(e.tag) + " payload");
        readPayload(p, e);
        if (!seen.insert(e.tag).second) {
            r.warnAt(ie.at, field + " tag",
                     "tag '" + escapeBytes(e.tag) + "' repeated; lookups find the first");
        }
        index.push_back(ie);
        f.entries.push_back(std::move(e));
    }
    checkLayout(r, index, indexOffset, footerAt);
    return f;
}

namespace {

std::uint32_t offset32(std::size_t n) {
    if (n > std::numeric_limits<std::uint32_t>::max())
        invalid("RTX", "a file of 4 GiB or more cannot be written");
    return static_cast<std::uint32_t>(n);
}

void writePayload(ByteWriter& w, const RtxEntry& e) {
    const std::string label = entryLabel(e.tag);
    if (e.kind != static_cast<std::uint8_t>(RtxKind::Text) &&
        e.kind != static_cast<std::uint8_t>(RtxKind::Audio)) {
        if (e.raw.size() < 2 || e.raw[1] != e.kind)
            invalid(label, "an unknown kind's raw payload must carry it at [1]");
        w.bytes(e.raw);
        return;
    }
    if (e.text.size() > std::numeric_limits<std::uint16_t>::max())
        invalid(label + " text", "over 65535 bytes");
    w.u8(e.payload0);
    w.u8(e.kind);
    w.u16(static_cast<std::uint16_t>(e.text.size()));
    w.u16(e.reserved);
    w.bytes(e.text.data(), e.text.size());
    if (e.kind == static_cast<std::uint8_t>(RtxKind::Audio)) writeSoundClip(w, e.audio);
}

} // namespace

Bytes writeRtx(const RtxFile& file) {
    ByteWriter w;
    const std::size_t n = file.entries.size();
    std::vector<std::uint32_t> offsets(n), sizes(n);
    for (std::size_t i = n; i-- > 0;) {
        const RtxEntry& e = file.entries[i];
        if (e.tag.size() != 4) invalid(entryLabel(e.tag) + " tag", "a tag is 4 bytes");
        w.tag(e.tag);
        const std::size_t sizeAt = w.pos();
        w.u32be(0);
        offsets[i] = offset32(w.pos());
        writePayload(w, e);
        sizes[i] = offset32(w.pos() - offsets[i]);
        w.patchU32be(sizeAt, sizes[i]);
    }
    w.tag("END ");
    const std::uint32_t indexOffset = offset32(w.pos());
    for (std::size_t i = 0; i < n; ++i) {
        w.tag(file.entries[i].tag);
        w.u32(offsets[i]);
        w.u32(sizes[i]);
    }
    w.tag("RNAV");
    w.u32(indexOffset);
    w.u32(offset32(n));
    offset32(w.pos());
    return w.take();
}

const RtxEntry* findRtxEntry(const RtxFile& file, std::string_view tag) {
    for (const RtxEntry& e : file.entries)
        if (e.tag == tag) return &e;
    return nullptr;
}

bool looksLikeRtx(ByteSpan bytes) {
    return bytes.size() >= kRtxFooterSize &&
           std::equal(bytes.end() - kRtxFooterSize, bytes.end() - kRtxFooterSize + 4, "RNAV");
}

} // namespace rgx::loaders

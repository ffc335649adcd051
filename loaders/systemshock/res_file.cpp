#include "loaders/systemshock/res_file.h"

#include "loaders/systemshock/res_compression.h"

#include <algorithm>
#include <set>

namespace rgx::loaders::systemshock {

namespace {

constexpr std::size_t kBlockCountSize = 2;
constexpr std::size_t kBlockOffsetSize = 4;

std::uint64_t alignUp(std::uint64_t v) {
    return (v + kResChunkAlignment - 1) / kResChunkAlignment * kResChunkAlignment;
}

std::uint64_t blockTableSize(std::uint64_t count) {
    return kBlockCountSize + (count + 1) * kBlockOffsetSize;
}

std::uint32_t u24(ByteReader& r, std::string_view field) {
    const std::uint32_t low = r.u16(field);
    return low | (std::uint32_t{r.u8(field)} << 16);
}

void putU24(ByteWriter& w, std::uint32_t v) {
    w.u16(static_cast<std::uint16_t>(v));
    w.u8(static_cast<std::uint8_t>(v >> 16));
}

std::string idHex(std::uint16_t id) {
    static const char* digits = "0123456789ABCDEF";
    std::string s = "0x";
    for (int shift = 12; shift >= 0; shift -= 4)
        s += digits[(id >> shift) & 0xF];
    return s;
}

std::string chunkName(std::size_t index, std::uint16_t id) {
    return "chunk " + std::to_string(index) + " (id " + idHex(id) + ")";
}

[[noreturn]] void writeError(std::string field, std::string message) {
    throw Error("<memory>", Error::kNoOffset, std::move(field), std::move(message));
}

bool allZero(ByteSpan bytes) {
    return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

// The header: signature, comment, zeros, directory offset.
std::string readHeader(ByteReader& r, std::uint32_t& directoryOffset) {
    const std::size_t signatureSize = kResSignature.size();
    const ByteSpan signature = r.bytes(signatureSize, "RES signature");
    if (!std::equal(signature.begin(), signature.end(), kResSignature.begin()))
        r.failAt(0, "RES signature", "not an LG resource file (no \"LG Res File v2\\r\\n\")");
    r.require(kResHeaderSize - signatureSize, "RES header");
    const ByteSpan field = r.bytes(kResCommentField, "RES comment");
    const auto end = std::find(field.begin(), field.end(), kResCommentEnd);
    std::string comment;
    std::size_t zerosFrom = signatureSize + kResCommentField;
    if (end == field.end()) {
        r.warnAt(signatureSize, "RES comment",
                 "no 0x1A ends the comment field; its " + std::to_string(kResCommentField) +
                     " bytes are dropped");
    } else {
        comment.assign(field.begin(), end);
        zerosFrom = signatureSize + static_cast<std::size_t>(end - field.begin()) + 1;
    }
    const ByteSpan rest = r.data().subspan(zerosFrom, kResDirectoryOffsetAt - zerosFrom);
    if (end != field.end() && !allZero(rest))
        r.warnAt(zerosFrom, "RES header", "non-zero bytes after the comment's 0x1A are dropped");
    r.seek(kResDirectoryOffsetAt, "RES directory offset");
    directoryOffset = r.u32("RES directory offset");
    return comment;
}

// Reads the block table at the start of `contents` (a chunk's unpacked bytes; `base` is the
// absolute offset of contents[0], exact for the table, which is never compressed) into chunk.
void readBlocks(ByteSpan contents, std::uint64_t base, const std::string& path, Warnings* warnings,
                const std::string& name, ResChunk& chunk) {
    ByteReader r(contents, path, base, warnings);
    const std::uint16_t count = r.u16("RES block count");
    const std::uint64_t tableSize = blockTableSize(count);
    if (tableSize > contents.size()) {
        r.failAt(0, "RES block count",
                 name + ": a table of " + std::to_string(count) + " blocks (" + std::to_string(tableSize) +
                     " bytes) runs past its chunk of " + std::to_string(contents.size()) + " bytes");
    }
    std::vector<std::uint32_t> offsets(std::size_t{count} + 1);
    for (std::size_t i = 0; i <= count; ++i) {
        const std::size_t at = r.pos();
        offsets[i] = r.u32("RES block offset");
        if (i == 0 && offsets[0] < tableSize)
            r.failAt(at, "RES block offset",
                     name + ": the first block starts at " + std::to_string(offsets[0]) + ", inside the " +
                         std::to_string(tableSize) + "-byte block table");
        if (i > 0 && offsets[i] < offsets[i - 1])
            r.failAt(at, "RES block offset",
                     name + ": offset " + std::to_string(i) + " (" + std::to_string(offsets[i]) +
                         ") goes back before offset " + std::to_string(i - 1) + " (" +
                         std::to_string(offsets[i - 1]) + ")");
        if (offsets[i] > contents.size())
            r.failAt(at, "RES block offset",
                     name + ": offset " + std::to_string(i) + " (" + std::to_string(offsets[i]) +
                         ") runs past its chunk of " + std::to_string(contents.size()) + " bytes");
    }
    chunk.blockGap.assign(contents.begin() + static_cast<std::ptrdiff_t>(tableSize),
                          contents.begin() + offsets[0]);
    chunk.blocks.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        chunk.blocks.emplace_back(contents.begin() + offsets[i], contents.begin() + offsets[i + 1]);
    if (offsets[count] < contents.size()) {
        r.warnAt(r.pos() - kBlockOffsetSize, "RES block offset",
                 name + ": the " + std::to_string(contents.size() - offsets[count]) +
                     " bytes after the last block belong to no block (dropped)");
    }
}

// Unpacks `stream` and warns when it is not what compress() makes of the result (the rewrite
// would differ); decompress's own warnings say why already when it has any.
Bytes unpackStream(ByteSpan stream, std::size_t size, const std::string& path, std::uint64_t base,
                   Warnings* warnings, const std::string& name) {
    Warnings local;
    Bytes out = decompress(stream, size, path, base, &local);
    if (local.empty() && warnings) {
        const Bytes again = compress(out);
        if (!std::equal(again.begin(), again.end(), stream.begin(), stream.end())) {
            warnings->push_back({path, base, "RES chunk data",
                                 name + ": the compressed stream is not the one this encoder makes of "
                                        "the same bytes; it is written back re-encoded"});
        }
    }
    if (warnings) warnings->insert(warnings->end(), local.begin(), local.end());
    return out;
}

} // namespace

std::string_view resContentTypeName(std::uint8_t type) {
    switch (type) {
    case 0x00:
        return "palette";
    case 0x01:
        return "text";
    case 0x02:
        return "bitmap";
    case 0x03:
        return "font";
    case 0x04:
        return "video_clip";
    case 0x07:
        return "sound";
    case 0x0F:
        return "model_3d";
    case 0x11:
        return "audio_log";
    case 0x30:
        return "map";
    default:
        return "unknown";
    }
}

ResDirectory readResDirectory(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    ResDirectory dir;
    dir.comment = readHeader(r, dir.directoryOffset);
    if (dir.directoryOffset < kResHeaderSize || dir.directoryOffset > bytes.size() ||
        bytes.size() - dir.directoryOffset < kResDirectoryHeaderSize) {
        r.failAt(kResDirectoryOffsetAt, "RES directory offset",
                 "the directory at " + std::to_string(dir.directoryOffset) +
                     " lies inside the header or past the end (size " + std::to_string(bytes.size()) + ")");
    }
    ByteReader d = r.sub(dir.directoryOffset, bytes.size() - dir.directoryOffset, "RES directory");
    const std::uint16_t count = d.u16("RES chunk count");
    dir.firstChunkOffset = d.u32("RES first chunk offset");
    if (std::uint64_t{count} * kResDirectoryEntrySize > d.remaining()) {
        d.failAt(0, "RES chunk count",
                 std::to_string(count) + " entries of " + std::to_string(kResDirectoryEntrySize) +
                     " bytes do not fit in the " + std::to_string(d.remaining()) +
                     " bytes after the directory header");
    }
    if (dir.firstChunkOffset < kResHeaderSize || dir.firstChunkOffset > bytes.size()) {
        d.failAt(2, "RES first chunk offset",
                 "the first chunk at " + std::to_string(dir.firstChunkOffset) +
                     " lies inside the header or past the end (size " + std::to_string(bytes.size()) + ")");
    }
    if (dir.firstChunkOffset != kResHeaderSize) {
        d.warnAt(2, "RES first chunk offset",
                 "the first chunk starts at " + std::to_string(dir.firstChunkOffset) +
                     ", not right after the header; written back at 128");
    }
    const std::uint64_t directoryEnd =
        dir.directoryOffset + kResDirectoryHeaderSize + std::uint64_t{count} * kResDirectoryEntrySize;
    dir.entries.reserve(count);
    std::uint64_t next = dir.firstChunkOffset;
    std::uint64_t chunksEnd = dir.firstChunkOffset;
    std::uint64_t unpackedTotal = 0;
    std::set<std::uint16_t> ids;
    for (std::size_t i = 0; i < count; ++i) {
        ResDirEntry e;
        e.entryOffset = d.absolute(d.pos());
        const std::size_t at = d.pos();
        e.id = d.u16("RES chunk id");
        e.unpackedSize = u24(d, "RES chunk unpacked size");
        e.flags = d.u8("RES chunk flags");
        e.packedSize = u24(d, "RES chunk packed size");
        e.contentType = d.u8("RES chunk content type");
        const std::string name = chunkName(i, e.id);
        if (!ids.insert(e.id).second)
            d.warnAt(at, "RES chunk id", name + ": the id appears more than once; a lookup finds the first");
        if ((e.flags & ~kResKnownFlags) != 0)
            d.warnAt(at + 5, "RES chunk flags",
                     name + ": unknown flag bits " + std::to_string(e.flags & ~kResKnownFlags) + " (kept)");
        // Padding before this chunk: the writer's zeros.
        if (i > 0 && chunksEnd < next && next <= bytes.size() &&
            !allZero(bytes.subspan(static_cast<std::size_t>(chunksEnd),
                                   static_cast<std::size_t>(next - chunksEnd))))
            d.warnAt(at, "RES chunk padding",
                     name + ": the padding before it is not zero (written back as zeros)");
        e.offset = next;
        const std::uint64_t end = e.offset + e.packedSize;
        if (end > bytes.size()) {
            d.failAt(at + 6, "RES chunk packed size",
                     name + " at " + std::to_string(e.offset) + " of " + std::to_string(e.packedSize) +
                         " bytes runs past the end of the file (size " + std::to_string(bytes.size()) + ")");
        }
        if (e.offset < directoryEnd && end > dir.directoryOffset) {
            d.failAt(at + 6, "RES chunk packed size",
                     name + " at " + std::to_string(e.offset) + " of " + std::to_string(e.packedSize) +
                         " bytes runs into the directory at " + std::to_string(dir.directoryOffset));
        }
        if (e.compressed()) {
            // A compressed sub-divided chunk keeps its table unpacked: at most packedSize more.
            const std::uint64_t most =
                maxDecompressedSize(e.packedSize) + (e.subdivided() ? e.packedSize : 0);
            if (e.unpackedSize > most)
                d.failAt(at + 2, "RES chunk unpacked size",
                         name + ": " + std::to_string(e.unpackedSize) + " bytes cannot come from " +
                             std::to_string(e.packedSize) + " compressed bytes");
        } else if (e.packedSize < e.unpackedSize) {
            d.failAt(at + 6, "RES chunk packed size",
                     name + ": " + std::to_string(e.packedSize) + " bytes stored, " +
                         std::to_string(e.unpackedSize) + " unpacked, and it is not compressed");
        } else if (e.packedSize > e.unpackedSize) {
            d.warnAt(at + 6, "RES chunk packed size",
                     name + ": the " + std::to_string(e.packedSize - e.unpackedSize) +
                         " bytes stored past its unpacked size are dropped");
        }
        unpackedTotal += e.unpackedSize;
        if (unpackedTotal > kResMaxUnpackedTotal)
            d.failAt(at + 2, "RES chunk unpacked size",
                     name + ": the chunks unpack to more than " + std::to_string(kResMaxUnpackedTotal) +
                         " bytes in all, more than any real resource file");
        chunksEnd = end;
        next = alignUp(end);
        dir.entries.push_back(e);
    }
    if (dir.directoryOffset < dir.firstChunkOffset && count > 0) {
        r.warnAt(kResDirectoryOffsetAt, "RES directory offset",
                 "the directory lies before the chunks; written back after them");
    } else if (dir.directoryOffset != alignUp(chunksEnd)) {
        r.warnAt(kResDirectoryOffsetAt, "RES directory offset",
                 "the directory at " + std::to_string(dir.directoryOffset) +
                     " is not on the 4-byte boundary after the last chunk (" +
                     std::to_string(alignUp(chunksEnd)) + "); written back there");
    } else if (count > 0 &&
               !allZero(bytes.subspan(static_cast<std::size_t>(chunksEnd),
                                      static_cast<std::size_t>(dir.directoryOffset - chunksEnd)))) {
        r.warnAt(static_cast<std::size_t>(chunksEnd), "RES chunk padding",
                 "the padding after the last chunk is not zero (written back as zeros)");
    }
    if (directoryEnd < bytes.size()) {
        r.warnAt(static_cast<std::size_t>(directoryEnd), "RES directory",
                 std::to_string(bytes.size() - directoryEnd) + " bytes after the directory are ignored");
    }
    return dir;
}

ResChunk readResChunk(ByteSpan bytes, const ResDirEntry& entry, const std::string& path, Warnings* warnings) {
    if (entry.offset > bytes.size() || entry.packedSize > bytes.size() - entry.offset) {
        throw Error(path, entry.entryOffset, "RES chunk packed size",
                    "the chunk at " + std::to_string(entry.offset) + " of " +
                        std::to_string(entry.packedSize) + " bytes lies outside the " +
                        std::to_string(bytes.size()) + " bytes given");
    }
    const ByteSpan raw = bytes.subspan(static_cast<std::size_t>(entry.offset), entry.packedSize);
    const std::string name = "chunk id " + idHex(entry.id);
    ResChunk chunk;
    chunk.id = entry.id;
    chunk.flags = entry.flags;
    chunk.contentType = entry.contentType;
    Bytes contents;
    if (!entry.compressed()) {
        contents.assign(raw.begin(), raw.begin() + std::min<std::size_t>(raw.size(), entry.unpackedSize));
        if (contents.size() < entry.unpackedSize)
            throw Error(path, entry.entryOffset + 6, "RES chunk packed size",
                        name + ": " + std::to_string(raw.size()) + " bytes stored, " +
                            std::to_string(entry.unpackedSize) + " unpacked, and it is not compressed");
    } else if (!entry.subdivided()) {
        contents = unpackStream(raw, entry.unpackedSize, path, entry.offset, warnings, name);
    } else {
        // The table and any gap before the first block are stored as they are; the stream makes
        // the blocks (§1.1: "the subdir is not compressed"; inkyblackness: from the first block).
        ByteReader t(raw, path, entry.offset, warnings);
        const std::uint16_t count = t.u16("RES block count");
        if (blockTableSize(count) > raw.size())
            t.failAt(0, "RES block count",
                     name + ": a table of " + std::to_string(count) + " blocks runs past the chunk's " +
                         std::to_string(raw.size()) + " stored bytes");
        const std::uint32_t first = t.u32("RES block offset");
        if (first < blockTableSize(count))
            t.failAt(2, "RES block offset",
                     name + ": the first block starts at " + std::to_string(first) + ", inside the " +
                         std::to_string(blockTableSize(count)) + "-byte block table");
        if (first > raw.size() || first > entry.unpackedSize)
            t.failAt(2, "RES block offset",
                     name + ": the first block at " + std::to_string(first) + " lies past the chunk's " +
                         std::to_string(raw.size()) + " stored bytes or its " +
                         std::to_string(entry.unpackedSize) + " unpacked bytes");
        contents.assign(raw.begin(), raw.begin() + first);
        const Bytes rest = unpackStream(raw.subspan(first), entry.unpackedSize - first, path,
                                        entry.offset + first, warnings, name);
        contents.insert(contents.end(), rest.begin(), rest.end());
    }
    if (entry.subdivided())
        readBlocks(contents, entry.offset, path, warnings, name, chunk);
    else
        chunk.data = std::move(contents);
    return chunk;
}

ResFile readResFile(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    const ResDirectory dir = readResDirectory(bytes, path, warnings);
    ResFile file;
    file.comment = dir.comment;
    file.chunks.reserve(dir.entries.size());
    for (const ResDirEntry& e : dir.entries)
        file.chunks.push_back(readResChunk(bytes, e, path, warnings));
    return file;
}

Bytes resChunkContents(const ResChunk& chunk) {
    if (!chunk.subdivided()) return chunk.data;
    if (chunk.blocks.size() > 0xFFFF)
        writeError("RES block count", std::to_string(chunk.blocks.size()) + " blocks, at most 65535");
    ByteWriter w;
    w.u16(static_cast<std::uint16_t>(chunk.blocks.size()));
    std::uint64_t offset = blockTableSize(chunk.blocks.size()) + chunk.blockGap.size();
    for (const Bytes& b : chunk.blocks) {
        if (offset > kResMaxSize) writeError("RES block offset", "the blocks pass 16 MiB");
        w.u32(static_cast<std::uint32_t>(offset));
        offset += b.size();
    }
    if (offset > kResMaxSize) writeError("RES block offset", "the blocks pass 16 MiB");
    w.u32(static_cast<std::uint32_t>(offset));
    w.bytes(chunk.blockGap);
    for (const Bytes& b : chunk.blocks)
        w.bytes(b);
    return w.take();
}

Bytes writeResFile(const ResFile& file) {
    if (file.chunks.size() > 0xFFFF)
        writeError("RES chunk count", std::to_string(file.chunks.size()) + " chunks, at most 65535");
    if (file.comment.size() >= kResCommentField ||
        file.comment.find(char(kResCommentEnd)) != std::string::npos)
        writeError("RES comment", "the comment is longer than 95 bytes or holds 0x1A");
    // The header in place (GCC 12 reports a false stringop-overflow for a string's bytes()).
    Bytes header(kResHeaderSize, 0);
    std::copy(kResSignature.begin(), kResSignature.end(), header.begin());
    std::copy(file.comment.begin(), file.comment.end(),
              header.begin() + std::ptrdiff_t(kResSignature.size()));
    header[kResSignature.size() + file.comment.size()] = kResCommentEnd;
    ByteWriter w;
    w.bytes(header); // the directory offset at 0x7C is patched below
    struct Sizes {
        std::uint32_t unpacked, packed;
    };
    std::vector<Sizes> sizes;
    sizes.reserve(file.chunks.size());
    for (const ResChunk& c : file.chunks) {
        if (!c.subdivided() && (!c.blocks.empty() || !c.blockGap.empty()))
            writeError("RES chunk flags", "a plain chunk holds blocks");
        if (c.subdivided() && !c.data.empty())
            writeError("RES chunk flags", "a sub-divided chunk holds data");
        const Bytes contents = resChunkContents(c);
        if (contents.size() > kResMaxSize)
            writeError("RES chunk unpacked size", "a chunk of " + std::to_string(contents.size()) + " bytes");
        const std::size_t start = w.pos();
        if (!c.compressed()) {
            w.bytes(contents);
        } else {
            // A sub-divided chunk's table and gap stay unpacked (readResChunk says why).
            const std::size_t raw =
                c.subdivided() ? static_cast<std::size_t>(blockTableSize(c.blocks.size())) + c.blockGap.size()
                               : 0;
            w.bytes(contents.data(), raw);
            w.bytes(compress(ByteSpan(contents).subspan(raw)));
        }
        const std::size_t packed = w.pos() - start;
        if (packed > kResMaxSize)
            writeError("RES chunk packed size", "a chunk packs to " + std::to_string(packed) + " bytes");
        sizes.push_back({static_cast<std::uint32_t>(contents.size()), static_cast<std::uint32_t>(packed)});
        w.zeros(static_cast<std::size_t>(alignUp(w.pos()) - w.pos()));
    }
    const std::size_t directoryOffset = w.pos();
    if (directoryOffset > 0xFFFFFFFFull) writeError("RES directory offset", "the file passes 4 GiB");
    w.u16(static_cast<std::uint16_t>(file.chunks.size()));
    w.u32(static_cast<std::uint32_t>(kResHeaderSize));
    for (std::size_t i = 0; i < file.chunks.size(); ++i) {
        const ResChunk& c = file.chunks[i];
        w.u16(c.id);
        putU24(w, sizes[i].unpacked);
        w.u8(c.flags);
        putU24(w, sizes[i].packed);
        w.u8(c.contentType);
    }
    w.patchU32(kResDirectoryOffsetAt, static_cast<std::uint32_t>(directoryOffset));
    return w.take();
}

bool looksLikeResFile(ByteSpan bytes) {
    return bytes.size() >= kResHeaderSize &&
           std::equal(kResSignature.begin(), kResSignature.end(), bytes.begin());
}

const ResChunk* findResChunk(const ResFile& file, std::uint16_t id) {
    for (const ResChunk& c : file.chunks)
        if (c.id == id) return &c;
    return nullptr;
}

const ResDirEntry* findResEntry(const ResDirectory& directory, std::uint16_t id) {
    for (const ResDirEntry& e : directory.entries)
        if (e.id == id) return &e;
    return nullptr;
}

} // namespace rgx::loaders::systemshock

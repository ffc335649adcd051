// TEXTURE.### reading and writing. One decoder serves the reader and the writer's check of a
// stored body; one encoder serves the writer and the reader's choice to keep a stored body.

#include "loaders/daggerfall/texture.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace rgx::loaders::daggerfall {

namespace {

constexpr std::uint16_t kRleRow = 0x8000; // row encoding word of an RLE row

[[noreturn]] void invalid(const std::string& field, const std::string& message) {
    throw Error("<memory>", Error::kNoOffset, field, message);
}

// The record header's derived fields, as stored.
struct Layout {
    std::uint32_t recordSize = 0;
    std::uint32_t dataOffset = 0;
    std::uint16_t frameCount = 0;
};

// Decodes the frames of a record. `rec` covers the record from its header on (row offsets are
// relative to its start); `budget` is what may still be allocated and shrinks as frames are made.
class FrameDecoder {
public:
    FrameDecoder(const ByteReader& rec, const TextureRecord& t, const Layout& l, std::uint64_t& budget)
        : rec_(rec), t_(t), l_(l), budget_(budget), w_(static_cast<std::size_t>(t.width)),
          h_(static_cast<std::size_t>(t.height)) {}

    std::vector<Bytes> decode() {
        std::vector<Bytes> frames;
        if (l_.frameCount == 0) return frames;
        if (isRowCompressed(t_.compression)) {
            // Every frame's row table must fit before any frame is allocated.
            ByteReader tables = at(l_.dataOffset, 12, "texture data_offset");
            tables.checkCount(std::uint64_t{l_.frameCount} * h_, 4, "texture row table");
            for (std::size_t f = 0; f < l_.frameCount; ++f)
                frames.push_back(rowCompressedFrame(f));
        } else if (l_.frameCount == 1) {
            frames.push_back(singleFrame());
        } else {
            ByteReader table = at(l_.dataOffset, 12, "texture data_offset");
            table.checkCount(l_.frameCount, 4, "texture frame_count");
            for (std::size_t f = 0; f < l_.frameCount; ++f) {
                const std::size_t entryAt = table.pos();
                const std::uint32_t off = table.u32("texture frame offset");
                frames.push_back(runFrame(entryAt, std::uint64_t{l_.dataOffset} + off));
            }
        }
        return frames;
    }

private:
    // A reader at rec-relative `offset`; the error names the field stored at `fieldAt`.
    ByteReader at(std::uint64_t offset, std::size_t fieldAt, const char* field) const {
        ByteReader s = rec_;
        if (offset > rec_.size()) {
            s.failAt(fieldAt, field,
                     "offset " + std::to_string(offset) + " is past the end of the record (" +
                         std::to_string(rec_.size()) + " bytes)");
        }
        s.seek(static_cast<std::size_t>(offset), field);
        return s;
    }
    Bytes allocate(std::size_t fieldAt) {
        const std::uint64_t n = std::uint64_t{w_} * h_;
        if (n > budget_) {
            rec_.failAt(
                fieldAt, "texture width",
                std::to_string(w_) + "x" + std::to_string(h_) +
                    " frame exceeds the decode limit (kTextureMaxExpansion, kTextureMaxDecodedBytes)");
        }
        budget_ -= n;
        return Bytes(static_cast<std::size_t>(n), 0);
    }

    // Rows `w` wide, stored 256 bytes apart (the last row needs only its own bytes).
    Bytes singleFrame() {
        Bytes out = allocate(4);
        if (h_ == 0) return out;
        ByteReader s = at(l_.dataOffset, 12, "texture data_offset");
        const std::size_t start = s.pos();
        s.require((h_ - 1) * kTextureRowStride + w_, "texture pixels");
        for (std::size_t y = 0; y < h_; ++y)
            std::copy_n(s.data().data() + start + y * kTextureRowStride, w_, out.data() + y * w_);
        return out;
    }

    // i16 width, i16 height, then per row (u8 transparent, u8 count, pixels) pairs up to the width.
    Bytes runFrame(std::size_t entryAt, std::uint64_t offset) {
        ByteReader s = at(offset, entryAt, "texture frame offset");
        const std::size_t sizeAt = s.pos();
        const std::int16_t cx = s.i16("texture frame width");
        const std::int16_t cy = s.i16("texture frame height");
        if (cx != t_.width || cy != t_.height) {
            s.failAt(sizeAt, "texture frame width",
                     "frame is " + std::to_string(cx) + "x" + std::to_string(cy) + ", its record " +
                         std::to_string(t_.width) + "x" + std::to_string(t_.height));
        }
        Bytes out = allocate(sizeAt);
        for (std::size_t y = 0; y < h_; ++y) {
            std::uint8_t* row = out.data() + y * w_;
            std::size_t x = 0;
            while (x < w_) {
                const std::size_t runAt = s.pos();
                x += s.u8("texture transparent run");
                const std::size_t n = s.u8("texture pixel run");
                if (x + n > w_)
                    s.failAt(runAt, "texture pixel run", "run passes the end of row " + std::to_string(y));
                ByteSpan px = s.bytes(n, "texture pixels");
                std::copy_n(px.data(), n, row + x);
                x += n;
            }
        }
        return out;
    }

    Bytes rowCompressedFrame(std::size_t f) {
        ByteReader table =
            at(std::uint64_t{l_.dataOffset} + std::uint64_t{h_} * f * 4, 12, "texture data_offset");
        Bytes out = allocate(4);
        for (std::size_t y = 0; y < h_; ++y) {
            const std::size_t entryAt = table.pos();
            const std::uint16_t rowOffset = table.u16("texture row offset");
            const std::uint16_t encoding = table.u16("texture row encoding");
            ByteReader s = at(rowOffset, entryAt, "texture row offset");
            std::uint8_t* row = out.data() + y * w_;
            if (encoding != kRleRow) {
                if (encoding != 0 && !warnedEncoding_) {
                    warnedEncoding_ = true;
                    rec_.warnAt(entryAt + 2, "texture row encoding",
                                "is " + std::to_string(encoding) +
                                    ", neither 0 nor 0x8000; read as a raw row");
                }
                ByteSpan px = s.bytes(w_, "texture row");
                std::copy_n(px.data(), w_, row); // copy_n: a 0-wide row may have no data pointer
                continue;
            }
            const std::size_t widthAt = s.pos();
            const std::uint16_t rowWidth = s.u16("texture rle row width");
            if (rowWidth != w_) {
                s.failAt(widthAt, "texture rle row width",
                         "is " + std::to_string(rowWidth) + ", the record is " + std::to_string(w_) +
                             " wide");
            }
            std::size_t x = 0;
            while (x < w_) {
                const std::size_t chunkAt = s.pos();
                const std::int16_t probe = s.i16("texture rle chunk");
                const std::size_t n =
                    probe < 0 ? static_cast<std::size_t>(-probe) : static_cast<std::size_t>(probe);
                if (x + n > w_)
                    s.failAt(chunkAt, "texture rle chunk",
                             "chunk passes the end of row " + std::to_string(y));
                if (probe < 0) {
                    std::memset(row + x, s.u8("texture rle value"), n);
                } else {
                    ByteSpan px = s.bytes(n, "texture rle bytes");
                    std::copy_n(px.data(), n, row + x);
                }
                x += n;
            }
        }
        return out;
    }

    const ByteReader& rec_;
    const TextureRecord& t_;
    const Layout& l_;
    std::uint64_t& budget_;
    std::size_t w_, h_;
    bool warnedEncoding_ = false;
};

// One row as RLE chunks: runs of 3 or more equal bytes repeat, the rest are copied.
Bytes encodeRleRow(const std::uint8_t* row, std::size_t w) {
    ByteWriter out;
    out.u16(static_cast<std::uint16_t>(w));
    std::size_t x = 0, literalStart = 0;
    auto flush = [&](std::size_t end) {
        while (literalStart < end) {
            const std::size_t n = std::min<std::size_t>(end - literalStart, 0x7FFF);
            out.i16(static_cast<std::int16_t>(n));
            out.bytes(row + literalStart, n);
            literalStart += n;
        }
    };
    while (x < w) {
        std::size_t run = 1;
        while (x + run < w && row[x + run] == row[x] && run < 0x7FFF)
            ++run;
        if (run >= 3) {
            flush(x);
            out.i16(static_cast<std::int16_t>(-static_cast<int>(run)));
            out.u8(row[x]);
            x += run;
            literalStart = x;
        } else {
            x += run;
        }
    }
    flush(w);
    return out.take();
}

void checkRecord(const TextureRecord& t, std::size_t index) {
    const std::string field = "texture record " + std::to_string(index);
    if (t.width < 0 || t.height < 0) invalid(field, "negative width or height");
    if (t.frames.size() > std::numeric_limits<std::uint16_t>::max())
        invalid(field, "more than 65,535 frames");
    const std::size_t n = static_cast<std::size_t>(t.width) * static_cast<std::size_t>(t.height);
    for (const Bytes& f : t.frames)
        if (f.size() != n) invalid(field, "a frame is not width * height bytes");
}

// The data the writer lays out after the 28-byte header (data_offset 28).
Bytes encodeData(const TextureRecord& t, std::size_t index) {
    checkRecord(t, index);
    const std::size_t w = static_cast<std::size_t>(t.width), h = static_cast<std::size_t>(t.height);
    ByteWriter out;
    if (t.frames.empty()) return {};
    if (isRowCompressed(t.compression)) {
        const std::size_t tableBytes = t.frames.size() * h * 4;
        std::vector<Bytes> rows;
        std::vector<bool> rle;
        for (const Bytes& f : t.frames) {
            for (std::size_t y = 0; y < h; ++y) {
                Bytes enc = encodeRleRow(f.data() + y * w, w);
                rle.push_back(enc.size() < w);
                rows.push_back(rle.back() ? std::move(enc)
                                          : Bytes(f.begin() + y * w, f.begin() + (y + 1) * w));
            }
        }
        std::size_t at = kTextureRecordHeaderSize + tableBytes;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (at > 0xFFFF)
                invalid("texture record " + std::to_string(index), "rows pass the 16-bit row offsets");
            out.u16(static_cast<std::uint16_t>(at));
            out.u16(rle[i] ? kRleRow : 0);
            at += rows[i].size();
        }
        for (const Bytes& r : rows)
            out.bytes(r);
        return out.take();
    }
    if (t.frames.size() == 1) {
        if (w > kTextureRowStride)
            invalid("texture record " + std::to_string(index), "one uncompressed frame wider than 256");
        for (std::size_t y = 0; y < h; ++y) {
            out.bytes(t.frames[0].data() + y * w, w);
            out.zeros(kTextureRowStride - w);
        }
        return out.take();
    }
    std::vector<Bytes> encoded;
    for (const Bytes& f : t.frames) {
        ByteWriter e;
        e.i16(t.width);
        e.i16(t.height);
        for (std::size_t y = 0; y < h; ++y) {
            const std::uint8_t* row = f.data() + y * w;
            std::size_t x = 0;
            while (x < w) {
                std::size_t skip = 0;
                while (x + skip < w && row[x + skip] == 0 && skip < 255)
                    ++skip;
                std::size_t n = 0;
                while (x + skip + n < w && row[x + skip + n] != 0 && n < 255)
                    ++n;
                e.u8(static_cast<std::uint8_t>(skip));
                e.u8(static_cast<std::uint8_t>(n));
                e.bytes(row + x + skip, n);
                x += skip + n;
            }
        }
        encoded.push_back(e.take());
    }
    std::size_t at = encoded.size() * 4;
    for (const Bytes& e : encoded) {
        out.u32(static_cast<std::uint32_t>(at));
        at += e.size();
    }
    for (const Bytes& e : encoded)
        out.bytes(e);
    return out.take();
}

void writeRecordHeader(ByteWriter& w, const TextureRecord& t, const Layout& l) {
    w.i16(t.offsetX);
    w.i16(t.offsetY);
    w.i16(t.width);
    w.i16(t.height);
    w.u16(t.compression);
    w.u32(l.recordSize);
    w.u32(l.dataOffset);
    w.u16(t.isNormal);
    w.u16(l.frameCount);
    w.i16(t.unknown1);
    w.i16(t.scaleX);
    w.i16(t.scaleY);
}

// True when a stored body still decodes to the record's frames.
bool storedBodyHolds(const TextureRecord& t) {
    const TextureRecord::StoredBody& s = *t.storedBody;
    const Layout l{s.recordSize, s.dataOffset, static_cast<std::uint16_t>(t.frames.size())};
    ByteWriter w;
    writeRecordHeader(w, t, l);
    w.bytes(s.bytes);
    const Bytes rec = w.take();
    std::uint64_t budget = std::numeric_limits<std::uint64_t>::max();
    try {
        return FrameDecoder(ByteReader(rec, "<memory>"), t, l, budget).decode() == t.frames;
    } catch (const Error&) {
        return false;
    }
}

} // namespace

bool isRowCompressed(std::uint16_t compression) {
    return compression == static_cast<std::uint16_t>(TextureCompression::ImageRle) ||
           compression == static_cast<std::uint16_t>(TextureCompression::RecordRle);
}

const char* textureCompressionName(std::uint16_t compression) {
    switch (static_cast<TextureCompression>(compression)) {
    case TextureCompression::Uncompressed:
        return "uncompressed";
    case TextureCompression::RleCompressed:
        return "rle_compressed";
    case TextureCompression::ImageRle:
        return "image_rle";
    case TextureCompression::RecordRle:
        return "record_rle";
    }
    return "unknown";
}

std::string TextureFile::name() const {
    const auto end = std::find(nameField.begin(), nameField.end(), std::uint8_t{0});
    return std::string(nameField.begin(), end);
}

void TextureFile::setName(const std::string& name) {
    nameField.fill(0);
    std::memcpy(nameField.data(), name.data(), std::min<std::size_t>(name.size(), nameField.size() - 1));
}

TextureFile readTexture(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    TextureFile file;
    const std::int16_t count = r.i16("texture record_count");
    if (count < 0) r.failAt(0, "texture record_count", "negative record count " + std::to_string(count));
    ByteSpan name = r.bytes(file.nameField.size(), "texture name");
    std::copy(name.begin(), name.end(), file.nameField.begin());
    const std::size_t n =
        r.checkCount(static_cast<std::uint64_t>(count), kTextureDirectoryEntrySize, "texture record_count");
    const std::size_t dirEnd = kTextureFileHeaderSize + n * kTextureDirectoryEntrySize;

    std::vector<std::uint32_t> positions(n);
    file.records.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        TextureRecord& t = file.records[i];
        const std::size_t entryAt = r.pos();
        t.dirUnknown1 = r.u16("texture directory unknown1");
        positions[i] = r.u32("texture record position");
        t.dirUnknown2 = r.u16("texture directory unknown2");
        t.dirUnknown3 = r.u32("texture directory unknown3");
        t.dirNull = r.u64("texture directory null");
        if (positions[i] < dirEnd ||
            positions[i] > bytes.size() - std::min(bytes.size(), kTextureRecordHeaderSize)) {
            r.failAt(entryAt + 2, "texture record position",
                     "record " + std::to_string(i) + " at " + std::to_string(positions[i]) +
                         " is not between the directory's end (" + std::to_string(dirEnd) +
                         ") and the last record header's room in the " + std::to_string(bytes.size()) +
                         "-byte file");
        }
        if (t.dirNull != 0) r.warnAt(entryAt + 12, "texture directory null", "is not zero (kept as read)");
    }
    if (n == 0 && bytes.size() > dirEnd) {
        r.warnAt(dirEnd, "texture size", "bytes after a file with no records are dropped");
    }
    // Each record runs to the next record's start (or the file's end); the writer lays them out
    // one after another in directory order, so any other order is a warning.
    std::vector<std::uint32_t> sorted = positions;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < n; ++i) {
        const bool inPlace = i == 0 ? positions[0] == dirEnd : positions[i] > positions[i - 1];
        if (!inPlace) {
            r.warnAt(
                kTextureFileHeaderSize + i * kTextureDirectoryEntrySize + 2, "texture record position",
                "records are not laid out one after another in directory order; the writer lays them out so");
            break;
        }
    }

    const std::uint64_t limit = std::min<std::uint64_t>(
        kTextureMaxDecodedBytes, kTextureMaxExpansion * bytes.size() + (std::uint64_t{64} << 10));
    std::uint64_t budget = limit;
    for (std::size_t i = 0; i < n; ++i) {
        TextureRecord& t = file.records[i];
        const auto next = std::upper_bound(sorted.begin(), sorted.end(), positions[i]);
        const std::size_t end = next == sorted.end() ? bytes.size() : *next;
        const ByteReader rec = r.sub(positions[i], end - positions[i], "texture record");
        ByteReader h = rec;
        h.require(kTextureRecordHeaderSize, "texture record header");
        Layout l;
        t.offsetX = h.i16("texture offset_x");
        t.offsetY = h.i16("texture offset_y");
        t.width = h.i16("texture width");
        t.height = h.i16("texture height");
        t.compression = h.u16("texture compression");
        l.recordSize = h.u32("texture record_size");
        l.dataOffset = h.u32("texture data_offset");
        t.isNormal = h.u16("texture is_normal");
        l.frameCount = h.u16("texture frame_count");
        t.unknown1 = h.i16("texture unknown1");
        t.scaleX = h.i16("texture scale_x");
        t.scaleY = h.i16("texture scale_y");
        if (t.width < 0 || t.height < 0) {
            rec.failAt(4, "texture width",
                       "negative size " + std::to_string(t.width) + "x" + std::to_string(t.height));
        }
        const std::string_view kind = textureCompressionName(t.compression);
        if (kind == "unknown") {
            rec.warnAt(8, "texture compression",
                       "unknown compression " + std::to_string(t.compression) + "; read as uncompressed");
        }
        if (l.frameCount == 0) rec.warnAt(18, "texture frame_count", "record has no frames");
        t.frames = FrameDecoder(rec, t, l, budget).decode();

        // Keep the stored body unless the writer would lay out exactly these bytes.
        const ByteSpan body = rec.data().subspan(kTextureRecordHeaderSize);
        bool canonical = false;
        try {
            const Bytes enc = encodeData(t, i);
            canonical = l.dataOffset == kTextureRecordHeaderSize &&
                        l.recordSize == kTextureRecordHeaderSize + enc.size() &&
                        std::equal(enc.begin(), enc.end(), body.begin(), body.end());
        } catch (const Error&) {
            canonical = false;
        }
        if (!canonical)
            t.storedBody =
                TextureRecord::StoredBody{l.recordSize, l.dataOffset, Bytes(body.begin(), body.end())};
    }
    return file;
}

Bytes writeTexture(const TextureFile& file) {
    if (file.records.size() > static_cast<std::size_t>(std::numeric_limits<std::int16_t>::max()))
        invalid("texture record_count", "more than 32,767 records");
    std::vector<Bytes> records;
    for (std::size_t i = 0; i < file.records.size(); ++i) {
        const TextureRecord& t = file.records[i];
        checkRecord(t, i);
        ByteWriter w;
        const std::uint16_t frameCount = static_cast<std::uint16_t>(t.frames.size());
        if (t.storedBody && storedBodyHolds(t)) {
            writeRecordHeader(w, t, {t.storedBody->recordSize, t.storedBody->dataOffset, frameCount});
            w.bytes(t.storedBody->bytes);
        } else {
            const Bytes data = encodeData(t, i);
            const std::size_t size = kTextureRecordHeaderSize + data.size();
            if (size > std::numeric_limits<std::uint32_t>::max())
                invalid("texture record_size", "record too large");
            writeRecordHeader(w, t, {static_cast<std::uint32_t>(size), kTextureRecordHeaderSize, frameCount});
            w.bytes(data);
        }
        records.push_back(w.take());
    }
    ByteWriter w;
    w.i16(static_cast<std::int16_t>(file.records.size()));
    w.bytes(file.nameField.data(), file.nameField.size());
    std::uint64_t at = kTextureFileHeaderSize + file.records.size() * kTextureDirectoryEntrySize;
    for (std::size_t i = 0; i < file.records.size(); ++i) {
        const TextureRecord& t = file.records[i];
        if (at > std::numeric_limits<std::uint32_t>::max())
            invalid("texture record position", "file too large");
        w.u16(t.dirUnknown1);
        w.u32(static_cast<std::uint32_t>(at));
        w.u16(t.dirUnknown2);
        w.u32(t.dirUnknown3);
        w.u64(t.dirNull);
        at += records[i].size();
    }
    for (const Bytes& rec : records)
        w.bytes(rec);
    return w.take();
}

TextureRecord makeTextureRecord(int width, int height, std::vector<Bytes> frames, std::uint16_t compression) {
    if (width < 0 || height < 0 || width > std::numeric_limits<std::int16_t>::max() ||
        height > std::numeric_limits<std::int16_t>::max()) {
        invalid("texture width", "size out of range");
    }
    TextureRecord t;
    t.width = static_cast<std::int16_t>(width);
    t.height = static_cast<std::int16_t>(height);
    t.compression = compression;
    t.frames = std::move(frames);
    checkRecord(t, 0);
    return t;
}

std::optional<std::uint8_t> solidTextureColor(std::uint32_t archive, std::uint32_t record) {
    if (archive > 1) return std::nullopt;
    return static_cast<std::uint8_t>(archive * 128 + record);
}

bool looksLikeTexture(ByteSpan bytes) {
    if (bytes.size() < kTextureFileHeaderSize) return false;
    ByteReader r(bytes, "");
    const std::int16_t count = r.i16("count");
    if (count <= 0) return false;
    const std::uint64_t dirEnd = kTextureFileHeaderSize + std::uint64_t(count) * kTextureDirectoryEntrySize;
    if (dirEnd + kTextureRecordHeaderSize > bytes.size()) return false;
    r.seek(kTextureFileHeaderSize, "directory");
    for (int i = 0; i < count; ++i) {
        r.u16("unknown1");
        const std::uint32_t pos = r.u32("position");
        r.skip(6, "unknown");
        if (r.u64("null") != 0) return false;
        if (pos < dirEnd || pos > bytes.size() - kTextureRecordHeaderSize) return false;
    }
    return true;
}

} // namespace rgx::loaders::daggerfall

#include "loaders/systemshock/bitmap.h"

#include "base/error.h"

#include <algorithm>

namespace rgx::loaders::systemshock {

namespace {

constexpr std::uint8_t kRleLong = 0x80;
constexpr std::size_t kShortCopyMax = 0x7F, kShortSkipMax = 0x7F, kShortFillMax = 0xFF;
constexpr std::size_t kLongSkipMax = 0x7FFF, kLongCopyMax = 0x3FFF, kLongFillMax = 0x3FFF;
constexpr int kMaxSide = 0x7FFF;

std::string hex(std::uint32_t v) {
    static const char* digits = "0123456789ABCDEF";
    std::string s;
    do {
        s.insert(s.begin(), digits[v & 0xF]);
        v >>= 4;
    } while (v != 0);
    return "0x" + s;
}

// Pixels of one run starting at i with the same value, up to end.
std::size_t runLength(ByteSpan px, std::size_t i, std::size_t end) {
    std::size_t j = i;
    while (j < end && px[j] == px[i])
        ++j;
    return j - i;
}

void putLong(Bytes& out, std::uint16_t word) {
    out.push_back(kRleLong);
    out.push_back(static_cast<std::uint8_t>(word & 0xFF));
    out.push_back(static_cast<std::uint8_t>(word >> 8));
}

void putSkip(Bytes& out, std::size_t n) {
    while (n > kShortSkipMax) {
        const std::size_t k = std::min(n, kLongSkipMax);
        putLong(out, static_cast<std::uint16_t>(k));
        n -= k;
    }
    if (n > 0) out.push_back(static_cast<std::uint8_t>(0x80 | n));
}

void putFill(Bytes& out, std::size_t n, std::uint8_t value) {
    while (n > kShortFillMax) {
        const std::size_t k = std::min(n, kLongFillMax); // >= 0x100: never the undefined 0xC0 high byte
        putLong(out, static_cast<std::uint16_t>(0xC000 | k));
        out.push_back(value);
        n -= k;
    }
    if (n > 0) out.insert(out.end(), {0x00, static_cast<std::uint8_t>(n), value});
}

void putCopy(Bytes& out, ByteSpan px) {
    std::size_t at = 0;
    while (px.size() - at > kShortCopyMax) {
        const std::size_t k = std::min(px.size() - at, kLongCopyMax);
        putLong(out, static_cast<std::uint16_t>(0x8000 | k));
        out.insert(out.end(), px.begin() + static_cast<std::ptrdiff_t>(at),
                   px.begin() + static_cast<std::ptrdiff_t>(at + k));
        at += k;
    }
    if (at < px.size()) {
        out.push_back(static_cast<std::uint8_t>(px.size() - at));
        out.insert(out.end(), px.begin() + static_cast<std::ptrdiff_t>(at), px.end());
    }
}

void checkSizes(int width, int height, std::size_t pixels, const char* what) {
    if (width < 0 || height < 0 || width > kMaxSide || height > kMaxSide)
        throw Error("<memory>", Error::kNoOffset, what,
                    "size " + std::to_string(width) + " x " + std::to_string(height) + " outside 0..32767");
    const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    if (count > kBitmapMaxPixels)
        throw Error("<memory>", Error::kNoOffset, what,
                    std::to_string(count) + " pixels, more than " + std::to_string(kBitmapMaxPixels));
    if (pixels != count)
        throw Error("<memory>", Error::kNoOffset, what,
                    std::to_string(pixels) + " pixels for " + std::to_string(width) + " x " +
                        std::to_string(height));
}

} // namespace

std::optional<BitmapSize> bitmapHeaderSize(ByteSpan bytes) {
    if (bytes.size() < kBitmapHeaderSize) return std::nullopt;
    const auto side = [&](std::size_t at) {
        return static_cast<std::int16_t>(bytes[at] | (bytes[at + 1] << 8));
    };
    return BitmapSize{side(0x08), side(0x0A)};
}

const char* bitmapTypeName(std::uint16_t type) {
    switch (type) {
    case kBitmapPlain:
        return "uncompressed";
    case kBitmapPlainAlt:
        return "uncompressed_2";
    case kBitmapRle:
        return "rle";
    default:
        return "unknown";
    }
}

std::uint8_t bitmapFactor(int size) {
    std::uint8_t bit = 0;
    for (unsigned v = static_cast<unsigned>(std::max(size, 0)); v > 1; v >>= 1)
        ++bit;
    return bit;
}

Bitmap makeBitmap(int width, int height, Bytes pixels, bool rle) {
    Bitmap b;
    b.type = rle ? kBitmapRle : kBitmapPlain;
    b.width = width;
    b.height = height;
    b.widthFactor = bitmapFactor(width);
    b.heightFactor = bitmapFactor(height);
    b.pixels = std::move(pixels);
    return b;
}

Bytes encodeBitmapRle(ByteSpan px) {
    Bytes out;
    // Trailing zeros: the end code fills them, all but a multiple of 0x7FFF (which the original
    // encoder wrote as long skips first: "80 FF 7F 80 00 00", §2.1.2).
    std::size_t zeros = 0;
    while (zeros < px.size() && px[px.size() - 1 - zeros] == 0)
        ++zeros;
    const std::size_t end = px.size() - zeros % kLongSkipMax;
    std::size_t i = 0;
    while (i < end) {
        const std::size_t run = runLength(px, i, end);
        if (px[i] == 0) {
            putSkip(out, run);
            i += run;
        } else if (run > 3) {
            putFill(out, run, px[i]);
            i += run;
        } else {
            std::size_t j = i;
            while (j < end && px[j] != 0 && (j == i || runLength(px, j, std::min(end, j + 4)) <= 3))
                ++j;
            putCopy(out, px.subspan(i, j - i));
            i = j;
        }
    }
    putLong(out, 0);
    return out;
}

std::size_t decodeBitmapRle(ByteSpan packed, std::size_t count, Bytes& out, const std::string& path,
                            std::uint64_t base, Warnings* warnings) {
    out.assign(count, 0);
    std::size_t at = 0, pos = 0;
    auto fail = [&](std::size_t offset, const std::string& message) -> void {
        throw Error(path, base + offset, "BITMAP RLE", message);
    };
    auto need = [&](std::size_t code, std::size_t n, const char* what) {
        if (packed.size() - at < n)
            fail(code, std::string(what) + " needs " + std::to_string(n) + " bytes, only " +
                           std::to_string(packed.size() - at) + " left (truncated)");
    };
    auto room = [&](std::size_t code, std::size_t n, const char* what) {
        if (n > count - pos)
            fail(code, std::string(what) + " of " + std::to_string(n) + " pixels runs past the image (" +
                           std::to_string(count - pos) + " of " + std::to_string(count) + " left)");
    };
    while (true) {
        if (at >= packed.size()) {
            if (pos < count)
                fail(at, "the stream ends after " + std::to_string(pos) + " of " + std::to_string(count) +
                             " pixels, without its end code 80 00 00 (truncated)");
            if (warnings)
                warnings->push_back(
                    {path, base + at, "BITMAP RLE", "no end code 80 00 00 after the last pixel"});
            return at;
        }
        const std::size_t code = at;
        const std::uint8_t op = packed[at++];
        if (op == 0x00) { // 00 nn vv: fill
            need(code, 2, "fill 00 nn vv");
            const std::size_t n = packed[at];
            room(code, n, "fill");
            std::fill_n(out.begin() + static_cast<std::ptrdiff_t>(pos), n, packed[at + 1]);
            pos += n;
            at += 2;
        } else if (op < 0x80) { // nn ..: copy
            need(code, op, "copy");
            room(code, op, "copy");
            std::copy_n(packed.begin() + static_cast<std::ptrdiff_t>(at), op,
                        out.begin() + static_cast<std::ptrdiff_t>(pos));
            pos += op;
            at += op;
        } else if (op > 0x80) { // skip nn & 0x7F
            const std::size_t n = op & 0x7F;
            room(code, n, "skip");
            pos += n;
        } else { // 80 lo hi
            need(code, 2, "long code 80 lo hi");
            const std::uint16_t word = static_cast<std::uint16_t>(packed[at] | (packed[at + 1] << 8));
            at += 2;
            if (word == 0) return at; // end: the rest stays transparent
            const std::size_t n = word & 0x3FFF;
            if (word < 0x8000) {
                room(code, word, "long skip");
                pos += word;
            } else if (word < 0xC000) {
                need(code, n, "long copy");
                room(code, n, "long copy");
                std::copy_n(packed.begin() + static_cast<std::ptrdiff_t>(at), n,
                            out.begin() + static_cast<std::ptrdiff_t>(pos));
                pos += n;
                at += n;
            } else if (word < 0xC100) {
                fail(code, "undefined code 80 " + hex(word & 0xFF) + " C0 (§2.1.2: not described)");
            } else {
                need(code, 1, "long fill");
                room(code, n, "long fill");
                std::fill_n(out.begin() + static_cast<std::ptrdiff_t>(pos), n, packed[at]);
                pos += n;
                at += 1;
            }
        }
    }
}

Bitmap readBitmap(ByteSpan bytes, const std::string& path, Warnings* warnings, std::uint64_t base) {
    ByteReader r(bytes, path, base, warnings);
    r.require(kBitmapHeaderSize, "BITMAP header");
    Bitmap b;
    b.lead = r.u32("BITMAP lead");
    b.type = r.u16("BITMAP type");
    if (b.type != kBitmapPlain && b.type != kBitmapPlainAlt && b.type != kBitmapRle)
        r.failAt(4, "BITMAP type", "unknown type " + hex(b.type) + " (0x00, 0x02 plain, 0x04 RLE)");
    b.flags = r.u16("BITMAP flags");
    const std::int16_t width = r.i16("BITMAP width");
    const std::int16_t height = r.i16("BITMAP height");
    if (width < 0) r.failAt(8, "BITMAP width", "negative width " + std::to_string(width));
    if (height < 0) r.failAt(10, "BITMAP height", "negative height " + std::to_string(height));
    b.width = width;
    b.height = height;
    const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    if (count > kBitmapMaxPixels)
        r.failAt(8, "BITMAP width",
                 std::to_string(width) + " x " + std::to_string(height) + " is more than " +
                     std::to_string(kBitmapMaxPixels) + " pixels");
    const std::uint16_t stride = r.u16("BITMAP stride");
    if (stride < width && height > 0)
        r.failAt(12, "BITMAP stride",
                 "stride " + std::to_string(stride) + " below the width " + std::to_string(width));
    if (stride != width)
        r.warnAt(12, "BITMAP stride",
                 "stride " + std::to_string(stride) + " is not the width " + std::to_string(width) +
                     ": the bytes past the width are dropped (written back with stride = width)");
    b.widthFactor = r.u8("BITMAP width factor");
    b.heightFactor = r.u8("BITMAP height factor");
    for (std::int16_t& h : b.hotspot)
        h = r.i16("BITMAP hotspot");
    b.tail = r.u32("BITMAP tail");

    const std::size_t rowBytes = height > 0 ? stride : width;
    const std::size_t stored = rowBytes * static_cast<std::size_t>(height);
    if (stored > kBitmapMaxPixels)
        r.failAt(12, "BITMAP stride",
                 std::to_string(stride) + " x " + std::to_string(height) + " is more than " +
                     std::to_string(kBitmapMaxPixels) + " bytes");
    Bytes rows;
    if (b.compressed()) {
        const std::size_t used = decodeBitmapRle(bytes.subspan(kBitmapHeaderSize), stored, rows, path,
                                                 base + kBitmapHeaderSize, warnings);
        r.seek(kBitmapHeaderSize + used, "BITMAP RLE");
    } else {
        const ByteSpan s = r.bytes(stored, "BITMAP pixels");
        rows.assign(s.begin(), s.end());
    }
    if (rowBytes == static_cast<std::size_t>(width)) {
        b.pixels = std::move(rows);
    } else {
        b.pixels.reserve(count);
        for (std::size_t y = 0; y < static_cast<std::size_t>(height); ++y)
            b.pixels.insert(b.pixels.end(), rows.begin() + static_cast<std::ptrdiff_t>(y * rowBytes),
                            rows.begin() + static_cast<std::ptrdiff_t>(y * rowBytes + width));
    }
    if (b.compressed() && rowBytes == static_cast<std::size_t>(width)) {
        const std::size_t streamEnd = r.pos();
        const Bytes again = encodeBitmapRle(b.pixels);
        if (!std::equal(again.begin(), again.end(), bytes.begin() + kBitmapHeaderSize,
                        bytes.begin() + static_cast<std::ptrdiff_t>(streamEnd)))
            r.warnAt(kBitmapHeaderSize, "BITMAP RLE",
                     "the stream is not the one rgx's encoder makes of the same pixels (written back "
                     "re-encoded)");
    }

    if (r.remaining() >= kBitmapPaletteSize) {
        const ByteSpan tag = r.bytes(kBitmapPaletteTagSize, "BITMAP palette tag");
        std::copy(tag.begin(), tag.end(), b.paletteTag.begin());
        b.palette = readPalette256(r, "BITMAP palette");
    }
    if (!r.atEnd())
        r.warnAt(r.pos(), "BITMAP trailing",
                 std::to_string(r.remaining()) + " bytes after the " +
                     (b.palette ? "private palette" : "pixels, not a private palette (772 bytes)") +
                     " (dropped)");
    return b;
}

Bytes writeBitmap(const Bitmap& b) {
    checkSizes(b.width, b.height, b.pixels.size(), "BITMAP size");
    if (b.type != kBitmapPlain && b.type != kBitmapPlainAlt && b.type != kBitmapRle)
        throw Error("<memory>", Error::kNoOffset, "BITMAP type", "unknown type " + hex(b.type));
    ByteWriter w;
    w.u32(b.lead);
    w.u16(b.type);
    w.u16(b.flags);
    w.i16(static_cast<std::int16_t>(b.width));
    w.i16(static_cast<std::int16_t>(b.height));
    w.u16(static_cast<std::uint16_t>(b.width));
    w.u8(b.widthFactor);
    w.u8(b.heightFactor);
    for (const std::int16_t h : b.hotspot)
        w.i16(h);
    w.u32(b.tail);
    if (b.compressed())
        w.bytes(encodeBitmapRle(b.pixels));
    else
        w.bytes(b.pixels);
    if (b.palette) {
        w.bytes(b.paletteTag.data(), b.paletteTag.size());
        writePalette256(w, *b.palette);
    }
    return w.take();
}

std::array<TextureChunk, 4> textureChunks(int id) {
    if (id < 0 || id >= kTextureCount)
        throw Error("<memory>", Error::kNoOffset, "texture id",
                    "texture id " + std::to_string(id) + " outside 0.." + std::to_string(kTextureCount - 1));
    const auto u = static_cast<std::uint16_t>(id);
    return {{{static_cast<std::uint16_t>(kTextureChunk128 + u), 0, 128},
             {static_cast<std::uint16_t>(kTextureChunk64 + u), 0, 64},
             {kTextureChunk32, static_cast<std::size_t>(id), 32},
             {kTextureChunk16, static_cast<std::size_t>(id), 16}}};
}

std::array<std::uint16_t, 4> textureChunkIds(int id) {
    const std::array<TextureChunk, 4> c = textureChunks(id);
    return {c[0].chunk, c[1].chunk, c[2].chunk, c[3].chunk};
}

} // namespace rgx::loaders::systemshock

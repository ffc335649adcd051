#include "loaders/redguard/gxa.h"
#include "loaders/text.h"

#include <algorithm>

namespace rgx::loaders {

namespace {

constexpr std::size_t kTitleSize = 22;
constexpr std::size_t kPaletteSize = 768;
// Each RLE control+value pair yields at most 128 pixels.
constexpr std::uint64_t kRleMaxExpansion = 64;

std::string frameLabel(std::size_t k) {
    return "GXA frame " + std::to_string(k);
}

// Decodes an RLE stream (reader s spans exactly the stream) into `pixels` indices.
Bytes decodeRle(ByteReader& s, std::size_t pixels, const std::string& label) {
    const std::string f = label + " RLE";
    if (pixels > kRleMaxExpansion * s.size() + 128) {
        s.fail(f, std::to_string(pixels) + " pixels cannot come from " + std::to_string(s.size()) +
                      " RLE bytes");
    }
    Bytes out;
    out.reserve(pixels);
    while (out.size() < pixels) {
        const std::size_t runAt = s.pos();
        if (s.atEnd()) {
            s.fail(f, "stream ends after " + std::to_string(out.size()) + " of " + std::to_string(pixels) +
                          " pixels");
        }
        const std::uint8_t c = s.u8(f + " control");
        const std::size_t n = static_cast<std::size_t>(c & 0x7F) + 1;
        if (n > pixels - out.size()) {
            s.failAt(runAt, f + " control",
                     "run of " + std::to_string(n) + " pixels passes the end of the frame (" +
                         std::to_string(pixels - out.size()) + " of " + std::to_string(pixels) + " left)");
        }
        if (c & 0x80) {
            out.insert(out.end(), n, s.u8(f + " run value"));
        } else {
            ByteSpan lit = s.bytes(n, f + " literal");
            out.insert(out.end(), lit.begin(), lit.end());
        }
    }
    return out;
}

GxaFrame readFrame(ByteReader& r, std::size_t k) {
    const std::string label = frameLabel(k);
    GxaFrame fr;
    r.require(kGxaFrameHeaderSize, label + " header");
    fr.unknown0 = r.i16(label + " unknown0");
    const std::size_t widthAt = r.pos();
    fr.width = r.i16(label + " width");
    fr.height = r.i16(label + " height");
    fr.unknown6 = r.i16(label + " unknown6");
    fr.unknown8 = r.i16(label + " unknown8");
    const std::size_t compressionAt = r.pos();
    fr.compression = r.i16(label + " compression");
    for (auto& u : fr.unknown12)
        u = r.i16(label + " unknown");
    if (fr.width < 0 || fr.height < 0) {
        r.failAt(widthAt, label + " width",
                 "negative size " + std::to_string(fr.width) + "x" + std::to_string(fr.height));
    }
    const std::size_t pixels = static_cast<std::size_t>(fr.width) * static_cast<std::size_t>(fr.height);
    switch (fr.compression) {
    case static_cast<std::int16_t>(GxaCompression::Raw): {
        if (pixels > r.remaining()) {
            r.fail(label + " pixels", std::to_string(fr.width) + "x" + std::to_string(fr.height) +
                                          " frame needs " + std::to_string(pixels) + " bytes, only " +
                                          std::to_string(r.remaining()) + " left");
        }
        ByteSpan px = r.bytes(pixels, label + " pixels");
        fr.pixels.assign(px.begin(), px.end());
        break;
    }
    case static_cast<std::int16_t>(GxaCompression::Rle): {
        const std::uint32_t size = r.u32(label + " RLE size");
        r.checkCount(size, 1, label + " RLE size");
        ByteReader s = r.sub(r.pos(), size, label + " RLE");
        r.skip(size, label + " RLE");
        fr.pixels = decodeRle(s, pixels, label);
        if (Bytes canonical = encodeGxaRle(fr.pixels);
            !std::equal(canonical.begin(), canonical.end(), s.data().begin(), s.data().end())) {
            fr.storedRle.assign(s.data().begin(), s.data().end());
        }
        break;
    }
    case static_cast<std::int16_t>(GxaCompression::Lzhuf):
        r.failAt(compressionAt, label + " compression",
                 "unsupported compression LZHUF (value 2); rgx does not decode LZHUF frames");
    default:
        r.failAt(compressionAt, label + " compression",
                 "unknown compression value " + std::to_string(fr.compression));
    }
    return fr;
}

} // namespace

const char* gxaCompressionName(std::int16_t compression) {
    switch (compression) {
    case 0:
        return "raw";
    case 1:
        return "rle";
    case 2:
        return "lzhuf";
    default:
        return "unknown";
    }
}

std::optional<Palette256> gxaPaletteRgb(const GxaFile& file) {
    if (!file.palette) return std::nullopt;
    Palette256 out{};
    for (std::size_t i = 0; i < 256; ++i) {
        const ColorRgb& c = (*file.palette)[i];
        out[i] = ColorRgb{std::uint8_t(c.r << 2), std::uint8_t(c.g << 2), std::uint8_t(c.b << 2)};
    }
    return out;
}

GxaFile readGxa(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    GxaFile file;

    const std::size_t bmhdAt = r.pos();
    if (r.tag("GXA chunk tag") != "BMHD") r.failAt(bmhdAt, "GXA chunk tag", "a GXA file starts with BMHD");
    const std::uint32_t bmhdLen = r.u32be("GXA BMHD length");
    r.checkCount(bmhdLen, 1, "GXA BMHD length");
    if (bmhdLen < kGxaBmhdSize) {
        r.fail("GXA BMHD length",
               "BMHD is " + std::to_string(bmhdLen) + " bytes, needs " + std::to_string(kGxaBmhdSize));
    }
    ByteReader h = r.sub(r.pos(), bmhdLen, "GXA BMHD");
    r.skip(bmhdLen, "GXA BMHD");
    ByteSpan title = h.bytes(kTitleSize, "GXA BMHD title");
    std::size_t len = kTitleSize;
    while (len > 0 && title[len - 1] == 0)
        --len;
    file.title.assign(reinterpret_cast<const char*>(title.data()), len);
    ByteSpan unknown = h.bytes(10, "GXA BMHD unknown");
    std::copy(unknown.begin(), unknown.end(), file.headerUnknown.begin());
    const std::size_t countAt = h.pos();
    const std::int16_t count = h.i16("GXA BMHD frame count");
    if (count < 0) h.failAt(countAt, "GXA BMHD frame count", "negative frame count " + std::to_string(count));
    ByteSpan extra = h.bytes(h.remaining(), "GXA BMHD extra");
    file.headerExtra.assign(extra.begin(), extra.end());

    // Chunks up to BBMP: BPAL (the palette) and, with a warning, anything else (skipped by its
    // length: the format is chunked, so an unknown chunk can be stepped over safely).
    std::size_t tagAt = r.pos();
    std::string tag = r.tag("GXA chunk tag");
    while (tag != "BBMP") {
        const std::uint32_t chunkLen = r.u32be("GXA " + escapeBytes(tag) + " length");
        r.checkCount(chunkLen, 1, "GXA " + escapeBytes(tag) + " length");
        if (tag == "BPAL" && !file.palette) {
            if (chunkLen != kPaletteSize) {
                r.warnAt(tagAt + 4, "GXA BPAL length",
                         "BPAL is " + std::to_string(chunkLen) + " bytes, a palette is 768" +
                             (chunkLen < kPaletteSize ? "; ignored" : "; the first 768 are read"));
            }
            ByteReader pal = r.sub(r.pos(), chunkLen, "GXA BPAL");
            if (chunkLen >= kPaletteSize) file.palette = readPalette256(pal, "GXA BPAL");
        } else {
            r.warnAt(tagAt, "GXA chunk tag",
                     "unexpected chunk '" + escapeBytes(tag) + "' (expected BPAL or BBMP); skipped");
        }
        r.skip(chunkLen, "GXA chunk");
        tagAt = r.pos();
        tag = r.tag("GXA chunk tag");
    }
    const std::uint32_t bbmpLen = r.u32be("GXA BBMP length");
    // Frames are read by the BMHD count up to the end of the file, not bounded by the BBMP
    // length: other readers ignore or clamp it, so it is only kept (see bbmpLengthOverride).
    r.checkCount(static_cast<std::uint64_t>(count), kGxaFrameHeaderSize, "GXA BMHD frame count");
    const std::size_t framesAt = r.pos();
    file.frames.reserve(static_cast<std::size_t>(count));
    for (std::size_t k = 0; k < static_cast<std::size_t>(count); ++k)
        file.frames.push_back(readFrame(r, k));
    if (r.pos() - framesAt != bbmpLen) file.bbmpLengthOverride = bbmpLen;

    tagAt = r.pos();
    if (r.remaining() < 4 || r.tag("GXA END tag") != "END ") {
        r.warnAt(tagAt, "GXA END tag", "no 'END ' after the frames");
        r.seek(tagAt, "GXA END tag");
        file.endTag = false;
    }
    ByteSpan rest = r.bytes(r.remaining(), "GXA trailer");
    file.trailer.assign(rest.begin(), rest.end());
    return file;
}

Bytes encodeGxaRle(ByteSpan px) {
    Bytes out;
    std::size_t i = 0;
    while (i < px.size()) {
        std::size_t run = 1;
        while (i + run < px.size() && run < 128 && px[i + run] == px[i])
            ++run;
        if (run >= 2) {
            out.push_back(static_cast<std::uint8_t>(0x80 | (run - 1)));
            out.push_back(px[i]);
            i += run;
            continue;
        }
        // Literal: extend until a run of two equal bytes starts or 128 bytes are taken.
        std::size_t n = 1;
        while (i + n < px.size() && n < 128 && !(i + n + 1 < px.size() && px[i + n] == px[i + n + 1]))
            ++n;
        out.push_back(static_cast<std::uint8_t>(n - 1));
        out.insert(out.end(), px.begin() + static_cast<std::ptrdiff_t>(i),
                   px.begin() + static_cast<std::ptrdiff_t>(i + n));
        i += n;
    }
    return out;
}

namespace {

[[noreturn]] void invalid(const std::string& field, const std::string& message) {
    throw Error("<memory>", Error::kNoOffset, field, message);
}

Bytes rleStream(const GxaFrame& fr, std::size_t pixels, const std::string& label) {
    if (!fr.storedRle.empty()) {
        try {
            ByteReader s(fr.storedRle, "<memory>");
            if (decodeRle(s, pixels, label) == fr.pixels) return fr.storedRle;
        } catch (const Error&) {
            // Stored stream no longer matches the frame: encode afresh.
        }
    }
    return encodeGxaRle(fr.pixels);
}

} // namespace

Bytes writeGxa(const GxaFile& file) {
    if (file.title.size() > kTitleSize) invalid("GXA BMHD title", "longer than 22 bytes");
    if (file.frames.size() > 0x7FFF) invalid("GXA BMHD frame count", "more than 32767 frames");
    ByteWriter w;
    w.tag("BMHD");
    w.u32be(static_cast<std::uint32_t>(kGxaBmhdSize + file.headerExtra.size()));
    w.fixedString(file.title, kTitleSize);
    w.bytes(file.headerUnknown.data(), file.headerUnknown.size());
    w.i16(static_cast<std::int16_t>(file.frames.size()));
    w.bytes(file.headerExtra);
    if (file.palette) {
        w.tag("BPAL");
        w.u32be(kPaletteSize);
        writePalette256(w, *file.palette);
    }
    w.tag("BBMP");
    const std::size_t lengthAt = w.pos();
    w.u32be(0);
    for (std::size_t k = 0; k < file.frames.size(); ++k) {
        const GxaFrame& fr = file.frames[k];
        const std::string label = frameLabel(k);
        if (fr.width < 0 || fr.height < 0) invalid(label, "negative size");
        const std::size_t pixels = static_cast<std::size_t>(fr.width) * static_cast<std::size_t>(fr.height);
        if (fr.pixels.size() != pixels) {
            invalid(label,
                    std::to_string(fr.pixels.size()) + " pixels, width*height is " + std::to_string(pixels));
        }
        w.i16(fr.unknown0);
        w.i16(fr.width);
        w.i16(fr.height);
        w.i16(fr.unknown6);
        w.i16(fr.unknown8);
        w.i16(fr.compression);
        for (std::int16_t u : fr.unknown12)
            w.i16(u);
        if (fr.compression == static_cast<std::int16_t>(GxaCompression::Raw)) {
            w.bytes(fr.pixels);
        } else if (fr.compression == static_cast<std::int16_t>(GxaCompression::Rle)) {
            Bytes s = rleStream(fr, pixels, label);
            w.u32(static_cast<std::uint32_t>(s.size()));
            w.bytes(s);
        } else {
            invalid(label, std::string("cannot write compression ") + gxaCompressionName(fr.compression));
        }
    }
    w.patchU32be(lengthAt, file.bbmpLengthOverride ? *file.bbmpLengthOverride
                                                   : static_cast<std::uint32_t>(w.pos() - lengthAt - 4));
    if (file.endTag) w.tag("END ");
    w.bytes(file.trailer);
    return w.take();
}

bool looksLikeGxa(ByteSpan bytes) {
    return bytes.size() >= 8 && std::equal(bytes.begin(), bytes.begin() + 4, "BMHD");
}

} // namespace rgx::loaders

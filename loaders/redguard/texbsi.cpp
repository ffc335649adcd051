#include "loaders/redguard/texbsi.h"
#include "loaders/text.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace rgx::loaders {

namespace {

constexpr std::size_t kNameSize = 9;
constexpr std::size_t kBhdrSize = 26;
constexpr std::size_t kBhdrPixelFields = 16; // through frame_count
constexpr std::size_t kCmapSize = 768;
constexpr std::size_t kIfhdSize = 44;

std::string imageLabel(const std::string& name) {
    return name.empty() ? std::string("BSI") : "TEXBSI '" + name + "'";
}

bool isMarkerTag(ByteSpan b) {
    return b.size() >= 4 &&
           (std::equal(b.begin(), b.begin() + 4, "BSIF") || std::equal(b.begin(), b.begin() + 4, "IFHD"));
}

TexbsiHeader parseHeader(ByteReader& p, const std::string& label) {
    const std::string f = label + " BHDR";
    // Up to frame_count (16 bytes) the pixels cannot be read without it; the fields after it
    // (delay, scale, encoding) have defaults, so a shorter BHDR written by another tool reads
    // with a warning.
    if (p.size() < kBhdrPixelFields) {
        p.fail(f, "payload is " + std::to_string(p.size()) + " bytes, BHDR needs " +
                      std::to_string(kBhdrPixelFields) + " (" + std::to_string(kBhdrSize) +
                      " in the reference)");
    }
    if (p.size() < kBhdrSize) {
        p.warnAt(0, f,
                 "payload is " + std::to_string(p.size()) + " bytes, the reference's BHDR is " +
                     std::to_string(kBhdrSize) + "; the missing fields take their defaults");
    }
    TexbsiHeader h;
    h.xOffset = p.i16(f + " x_offset");
    h.yOffset = p.i16(f + " y_offset");
    const std::size_t widthAt = p.pos();
    h.width = p.i16(f + " width");
    const std::size_t heightAt = p.pos();
    h.height = p.i16(f + " height");
    h.hasCmap = p.u8(f + " has_cmap");
    h.exportFlags = p.u8(f + " export_flags");
    h.reserved10 = p.u32(f + " reserved");
    const std::size_t framesAt = p.pos();
    h.frameCount = p.i16(f + " frame_count");
    // Each field only when the payload holds all of it, so none is read from its neighbour's bytes.
    if (p.size() >= 18) h.animDelay = p.i16(f + " anim_delay");
    if (p.size() >= 22) h.reserved18 = p.u32(f + " reserved");
    if (p.size() >= 24) h.texScale = p.u16(f + " tex_scale");
    if (p.size() >= 26) h.dataEncoding = p.i16(f + " data_encoding");
    if (p.size() < kBhdrSize) p.seek(p.size(), f);
    ByteSpan extra = p.bytes(p.remaining(), f + " extra");
    h.extra.assign(extra.begin(), extra.end());
    if (h.width < 0) p.failAt(widthAt, f + " width", "negative width " + std::to_string(h.width));
    if (h.height < 0) p.failAt(heightAt, f + " height", "negative height " + std::to_string(h.height));
    if (h.frameCount > kTexbsiMaxFrames) {
        p.failAt(framesAt, f + " frame_count",
                 "frame count " + std::to_string(h.frameCount) + " exceeds the limit of " +
                     std::to_string(kTexbsiMaxFrames));
    }
    return h;
}

// Decodes a DATA payload (the reader d spans exactly the payload) into frames.
std::vector<Bytes> decodeData(ByteReader& d, const TexbsiHeader& h, const std::string& label) {
    const std::string f = label + " DATA";
    const std::size_t w = static_cast<std::size_t>(std::max<int>(h.width, 0));
    const std::size_t rows = static_cast<std::size_t>(std::max<int>(h.height, 0));
    const std::size_t pixels = w * rows; // <= 32767^2, no overflow
    std::vector<Bytes> frames;
    if (!texbsiAnimated(h)) {
        if (pixels > d.size()) {
            d.fail(f, std::to_string(h.width) + "x" + std::to_string(h.height) + " image needs " +
                          std::to_string(pixels) + " bytes, DATA holds " + std::to_string(d.size()));
        }
        ByteSpan px = d.bytes(pixels, f + " pixels");
        frames.emplace_back(px.begin(), px.end());
        return frames;
    }
    const std::size_t n = static_cast<std::size_t>(texbsiFrameCount(h));
    const std::size_t entries =
        d.checkCount(static_cast<std::uint64_t>(n) * rows, 4, f + " row offset table");
    const std::uint64_t decoded = static_cast<std::uint64_t>(n) * pixels;
    if (decoded > kTexbsiMaxExpansion * d.size() + 65536 || decoded > kTexbsiMaxDecodedBytes) {
        d.fail(f, std::to_string(n) + " frames of " + std::to_string(h.width) + "x" +
                      std::to_string(h.height) + " would decode to " + std::to_string(decoded) +
                      " bytes from a " + std::to_string(d.size()) +
                      "-byte DATA payload (limits: " + std::to_string(kTexbsiMaxExpansion) +
                      "x the payload, " + std::to_string(kTexbsiMaxDecodedBytes >> 20) + " MiB per image)");
    }
    const ByteSpan payload = d.data();
    frames.assign(n, Bytes(pixels));
    for (std::size_t e = 0; e < entries; ++e) {
        const std::size_t entryAt = d.pos();
        const std::uint32_t off = d.u32(f + " row offset");
        if (off > payload.size() || w > payload.size() - off) {
            d.failAt(entryAt, f + " row offset",
                     "frame " + std::to_string(e / std::max<std::size_t>(rows, 1)) + " row " +
                         std::to_string(rows ? e % rows : 0) + ": offset " + std::to_string(off) +
                         " + width " + std::to_string(w) + " passes the end of the " +
                         std::to_string(payload.size()) + "-byte DATA");
        }
        std::copy_n(payload.begin() + off, w,
                    frames[e / rows].begin() + static_cast<std::ptrdiff_t>((e % rows) * w));
    }
    return frames;
}

TexbsiImage parseImage(ByteReader& rec, const std::string& name) {
    const std::string label = imageLabel(name);
    TexbsiImage img;
    img.name = name;

    // Reads one subrecord header and returns its payload reader; END has no size here.
    std::size_t tagAt = 0;
    auto next = [&](std::string& tag) -> ByteReader {
        tagAt = rec.pos();
        tag = rec.tag(label + " subrecord tag");
        if (tag == "END ") return ByteReader(ByteSpan{}, rec.path(), rec.absolute(rec.pos()));
        const std::uint32_t len = rec.u32be(label + " " + tag + " size");
        rec.checkCount(len, 1, label + " " + tag + " size");
        ByteReader p = rec.sub(rec.pos(), len, label + " " + tag);
        rec.skip(len, label + " " + tag);
        return p;
    };
    auto unexpected = [&](const std::string& tag, const char* expected) {
        rec.failAt(tagAt, label + " subrecord tag",
                   "unexpected subrecord '" + tag + "' (expected " + expected + ")");
    };

    // Subrecords in the reference's order: marker (BSIF or IFHD), BHDR, optional CMAP, DATA,
    // END. Only BHDR before DATA is needed to read the pixels; a missing marker (files written by
    // other tools), an unknown subrecord (skipped) or a CMAP that is not a palette (ignored) is a
    // warning.
    std::string tag;
    ByteReader p = next(tag);
    if (tag == "BSIF" || tag == "IFHD") {
        img.marker = tag == "BSIF" ? TexbsiMarker::Bsif : TexbsiMarker::Ifhd;
        ByteSpan marker = p.bytes(p.size(), label + " " + tag);
        img.markerPayload.assign(marker.begin(), marker.end());
        p = next(tag);
    } else {
        img.marker = TexbsiMarker::None;
        rec.warnAt(tagAt, label + " subrecord tag",
                   "no BSIF or IFHD marker before '" + escapeBytes(tag) + "'");
    }
    bool haveHeader = false, haveData = false;
    for (; tag != "END "; p = next(tag)) {
        if (tag == "BHDR" && !haveHeader) {
            img.header = parseHeader(p, label);
            haveHeader = true;
        } else if (tag == "CMAP" && haveHeader && !haveData && !img.palette) {
            if (p.size() != kCmapSize) {
                rec.warnAt(tagAt, label + " CMAP",
                           "payload is " + std::to_string(p.size()) + " bytes, a palette is " +
                               std::to_string(kCmapSize) +
                               (p.size() < kCmapSize ? "; ignored (the world palette is used)"
                                                     : "; the first 768 are read"));
            }
            if (p.size() >= kCmapSize) img.palette = readPalette256(p, label + " CMAP");
        } else if (tag == "DATA" && !haveData) {
            if (!haveHeader) unexpected(tag, "BHDR before DATA");
            img.frames = decodeData(p, img.header, label);
            // A static payload is canonical when it holds exactly the pixels (no copy needed to tell).
            const bool canonical = texbsiAnimated(img.header)
                                       ? [&] {
                                             const Bytes c = encodeTexbsiData(img);
                                             return std::equal(c.begin(), c.end(), p.data().begin(), p.data().end());
                                         }()
                                       : p.size() == img.frames.front().size();
            if (!canonical) img.storedData.assign(p.data().begin(), p.data().end());
            haveData = true;
        } else {
            rec.warnAt(tagAt, label + " subrecord tag",
                       "unexpected subrecord '" + escapeBytes(tag) + "' here; skipped");
        }
        if (rec.atEnd()) break; // no END: warned below
    }
    if (!haveData) rec.failAt(tagAt, label + " DATA", "the image has no BHDR and DATA subrecords");
    if (tag != "END ") {
        rec.warnAt(rec.pos(), label + " END", "the record ends without an END subrecord");
        img.endHasValue = false;
        return img;
    }
    if (rec.remaining() >= 4) {
        img.endValue = rec.u32be(label + " END value");
    } else {
        img.endHasValue = false;
    }
    ByteSpan rest = rec.bytes(rec.remaining(), label + " trailer");
    img.recordTrailer.assign(rest.begin(), rest.end());
    return img;
}

} // namespace

int texbsiFrameCount(const TexbsiHeader& header) {
    return header.frameCount > 1 ? header.frameCount : 1;
}

bool texbsiAnimated(const TexbsiHeader& header) {
    return header.frameCount > 1;
}

double texbsiTexScale(const TexbsiHeader& header) {
    return header.texScale == 0 ? 1.0 : header.texScale / 256.0;
}

int texbsiAnimTicks(const TexbsiHeader& header) {
    return std::max(1, static_cast<int>(std::lround(header.animDelay * kPitTicksPerSecond / 1000.0)));
}

int texbsiImageId(const TexbsiImage& image) {
    const std::string& n = image.name;
    if (n.size() < 3) return -1;
    int id = 0;
    for (std::size_t i = n.size() - 3; i < n.size(); ++i) {
        if (n[i] < '0' || n[i] > '9') return -1;
        id = id * 10 + (n[i] - '0');
    }
    return id;
}

const TexbsiImage* findTexbsiImage(const TexbsiFile& file, int imageId) {
    for (const TexbsiImage& img : file.images) {
        if (texbsiImageId(img) == imageId) return &img;
    }
    return nullptr;
}

TexbsiImage* findTexbsiImage(TexbsiFile& file, int imageId) {
    return const_cast<TexbsiImage*>(findTexbsiImage(std::as_const(file), imageId));
}

TexbsiFile readTexbsi(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    TexbsiFile file;
    if (isMarkerTag(bytes)) {
        file.bare = true;
        file.images.push_back(parseImage(r, ""));
        return file;
    }
    for (;;) {
        if (r.atEnd()) {
            r.warnAt(r.pos(), "TEXBSI end sentinel", "file ends without the 9-byte zero end sentinel");
            file.endSentinel = false;
            break;
        }
        const std::size_t nameAt = r.pos();
        ByteSpan rawName = r.bytes(kNameSize, "TEXBSI record name");
        if (rawName[0] == 0) {
            if (std::any_of(rawName.begin(), rawName.end(), [](std::uint8_t c) { return c != 0; })) {
                r.warnAt(nameAt, "TEXBSI end sentinel",
                         "record name starts with NUL but the 9 bytes are not all zero; read as the end");
            }
            break;
        }
        std::size_t len = kNameSize;
        while (len > 0 && rawName[len - 1] == 0)
            --len;
        std::string name(reinterpret_cast<const char*>(rawName.data()), len);
        const std::string label = imageLabel(name);
        const std::uint32_t size = r.u32(label + " record size");
        r.checkCount(size, 1, label + " record size");
        ByteReader rec = r.sub(r.pos(), size, label + " record");
        r.skip(size, label + " record");
        file.images.push_back(parseImage(rec, name));
    }
    ByteSpan rest = r.bytes(r.remaining(), "TEXBSI trailer");
    file.trailer.assign(rest.begin(), rest.end());
    return file;
}

// ---- writing ----

namespace {

[[noreturn]] void invalid(const TexbsiImage& img, const std::string& message) {
    throw Error("<memory>", Error::kNoOffset, imageLabel(img.name), message);
}

void validate(const TexbsiImage& img) {
    const TexbsiHeader& h = img.header;
    if (h.width < 0 || h.height < 0) invalid(img, "negative width or height");
    if (h.frameCount > kTexbsiMaxFrames)
        invalid(img, "frame count above " + std::to_string(kTexbsiMaxFrames));
    if (img.frames.size() != static_cast<std::size_t>(texbsiFrameCount(h))) {
        invalid(img, std::to_string(img.frames.size()) + " frames, the header's frame_count " +
                         std::to_string(h.frameCount) + " needs " + std::to_string(texbsiFrameCount(h)));
    }
    const std::size_t pixels = static_cast<std::size_t>(h.width) * static_cast<std::size_t>(h.height);
    for (std::size_t i = 0; i < img.frames.size(); ++i) {
        if (img.frames[i].size() != pixels) {
            invalid(img, "frame " + std::to_string(i) + " has " + std::to_string(img.frames[i].size()) +
                             " indices, width*height is " + std::to_string(pixels));
        }
    }
    if (!img.endHasValue && img.endValue != 0) invalid(img, "endValue set while endHasValue is false");
}

// DATA as written: the stored payload while it still decodes to the frames, else canonical.
Bytes dataPayload(const TexbsiImage& img) {
    if (!img.storedData.empty()) {
        try {
            ByteReader d(img.storedData, "<memory>");
            if (decodeData(d, img.header, imageLabel(img.name)) == img.frames) return img.storedData;
        } catch (const Error&) {
            // Stored bytes no longer fit the header: fall back to the canonical layout.
        }
    }
    return encodeTexbsiData(img);
}

void subrecord(ByteWriter& w, std::string_view tag, ByteSpan payload) {
    w.tag(tag);
    w.u32be(static_cast<std::uint32_t>(payload.size()));
    w.bytes(payload);
}

void writeImageBody(ByteWriter& w, const TexbsiImage& img) {
    validate(img);
    if (img.marker != TexbsiMarker::None)
        subrecord(w, img.marker == TexbsiMarker::Ifhd ? "IFHD" : "BSIF", img.markerPayload);
    const TexbsiHeader& h = img.header;
    ByteWriter b;
    b.i16(h.xOffset);
    b.i16(h.yOffset);
    b.i16(h.width);
    b.i16(h.height);
    b.u8(h.hasCmap);
    b.u8(h.exportFlags);
    b.u32(h.reserved10);
    b.i16(h.frameCount);
    b.i16(h.animDelay);
    b.u32(h.reserved18);
    b.u16(h.texScale);
    b.i16(h.dataEncoding);
    b.bytes(h.extra);
    subrecord(w, "BHDR", b.bytes());
    if (img.palette) {
        ByteWriter c;
        writePalette256(c, *img.palette);
        subrecord(w, "CMAP", c.bytes());
    }
    subrecord(w, "DATA", dataPayload(img));
    w.tag("END ");
    if (img.endHasValue) w.u32be(img.endValue);
    w.bytes(img.recordTrailer);
}

} // namespace

Bytes encodeTexbsiData(const TexbsiImage& img) {
    const TexbsiHeader& h = img.header;
    if (!texbsiAnimated(h)) return img.frames.empty() ? Bytes{} : img.frames.front();
    const std::size_t w = static_cast<std::size_t>(std::max<int>(h.width, 0));
    const std::size_t rows = static_cast<std::size_t>(std::max<int>(h.height, 0));
    const std::size_t tableBytes = img.frames.size() * rows * 4;
    ByteWriter table;
    Bytes rowData;
    std::unordered_map<std::string_view, std::uint32_t> seen;
    for (const Bytes& frame : img.frames) {
        for (std::size_t y = 0; y < rows && (y + 1) * w <= frame.size(); ++y) {
            std::string_view row(reinterpret_cast<const char*>(frame.data()) + y * w, w);
            auto [it, inserted] =
                seen.try_emplace(row, static_cast<std::uint32_t>(tableBytes + rowData.size()));
            if (inserted)
                rowData.insert(rowData.end(), frame.begin() + static_cast<std::ptrdiff_t>(y * w),
                               frame.begin() + static_cast<std::ptrdiff_t>((y + 1) * w));
            table.u32(it->second);
        }
    }
    Bytes out = table.take();
    out.insert(out.end(), rowData.begin(), rowData.end());
    return out;
}

Bytes writeTexbsi(const TexbsiFile& file) {
    ByteWriter w;
    if (file.bare) {
        if (file.images.size() != 1) {
            throw Error("<memory>", Error::kNoOffset, "BSI",
                        "a bare .BSI holds exactly one image, not " + std::to_string(file.images.size()));
        }
        if (!file.images[0].name.empty()) invalid(file.images[0], "a bare .BSI image has no name");
        if (!file.trailer.empty()) invalid(file.images[0], "a bare .BSI has no trailer after the image");
        writeImageBody(w, file.images[0]);
        return w.take();
    }
    for (const TexbsiImage& img : file.images) {
        if (img.name.empty() || img.name.size() > kNameSize || img.name[0] == '\0') {
            invalid(img, "record name must be 1 to 9 bytes and not start with NUL");
        }
        w.fixedString(img.name, kNameSize);
        const std::size_t sizeAt = w.pos();
        w.u32(0);
        writeImageBody(w, img);
        w.patchU32(sizeAt, static_cast<std::uint32_t>(w.pos() - sizeAt - 4));
    }
    if (file.endSentinel) w.zeros(kNameSize);
    w.bytes(file.trailer);
    return w.take();
}

TexbsiImage makeTexbsiImage(std::string name, int width, int height, std::vector<Bytes> frames,
                            std::optional<Palette256> palette, int animDelayMs, std::uint16_t texScale) {
    TexbsiImage img;
    img.name = std::move(name);
    const bool animated = frames.size() > 1;
    img.marker = animated || palette ? TexbsiMarker::Ifhd : TexbsiMarker::Bsif;
    if (img.marker == TexbsiMarker::Ifhd) {
        img.markerPayload.assign(kIfhdSize, 0);
        img.markerPayload[0] = 1;
    }
    img.header.width = static_cast<std::int16_t>(width);
    img.header.height = static_cast<std::int16_t>(height);
    img.header.hasCmap = palette ? 1 : 0;
    img.header.frameCount = static_cast<std::int16_t>(std::max<std::size_t>(frames.size(), 1));
    img.header.animDelay = static_cast<std::int16_t>(animated ? animDelayMs : 0);
    img.header.texScale = texScale;
    img.header.dataEncoding = animated ? 4 : 0;
    img.palette = std::move(palette);
    img.frames = std::move(frames);
    return img;
}

bool looksLikeTexbsi(ByteSpan bytes) {
    if (isMarkerTag(bytes)) return true;
    if (bytes.size() < kNameSize + 4 + 8 || bytes[0] == 0) return false;
    const ByteSpan first = bytes.subspan(kNameSize + 4);
    return isMarkerTag(first) || std::equal(first.begin(), first.begin() + 4, "BHDR");
}

} // namespace rgx::loaders

#include "loaders/redguard/fnt.h"
#include "loaders/text.h"

#include <algorithm>

namespace rgx::loaders {

namespace {

bool isPaletteTag(const std::string& tag) {
    return tag == "BPAL" || tag == "FPAL";
}

FntHeader readHeader(ByteReader& r) {
    FntHeader h;
    std::string desc = r.fixedRaw(32, "FNHD.description");
    while (!desc.empty() && desc.back() == '\0')
        desc.pop_back();
    h.description = std::move(desc);
    h.unknown24 = r.u16("FNHD.unknown_24");
    h.hasRdat = r.u16("FNHD.has_rdat");
    h.reserved28 = r.u16("FNHD.reserved_28");
    h.reserved2a = r.u16("FNHD.reserved_2a");
    h.reserved2c = r.u16("FNHD.reserved_2c");
    h.maxWidth = r.u16("FNHD.max_width");
    h.lineHeight = r.u16("FNHD.line_height");
    h.characterStart = r.u16("FNHD.character_start");
    h.characterCount = r.u16("FNHD.character_count");
    h.reserved36 = r.u16("FNHD.reserved_36");
    h.reserved38 = r.u16("FNHD.reserved_38");
    h.hasPalette = r.u16("FNHD.has_palette");
    return h;
}

std::vector<FntGlyph> readGlyphs(ByteReader& r, std::uint16_t count) {
    r.checkCount(count, kFntGlyphHeaderSize, "FNHD.character_count");
    std::vector<FntGlyph> glyphs(count);
    for (std::size_t i = 0; i < count; ++i) {
        const std::string field = "FBMP.glyph[" + std::to_string(i) + "]";
        FntGlyph& g = glyphs[i];
        g.enabled = r.u16(field + ".enabled");
        g.offsetLeft = r.i16(field + ".offset_left");
        g.offsetTop = r.i16(field + ".offset_top");
        g.width = r.u16(field + ".width");
        g.height = r.u16(field + ".height");
        std::size_t n = r.checkCount(std::uint64_t{g.width} * g.height, 1, field + ".pixels");
        ByteSpan px = r.bytes(n, field + ".pixels");
        g.pixels.assign(px.begin(), px.end());
    }
    if (!r.atEnd()) {
        r.warnAt(r.pos(), "FBMP",
                 std::to_string(r.remaining()) + " bytes left after the last of " + std::to_string(count) +
                     " glyphs (character_count too small?); ignored");
    }
    return glyphs;
}

void writeGlyph(ByteWriter& w, const FntGlyph& g) {
    w.u16(g.enabled);
    w.i16(g.offsetLeft);
    w.i16(g.offsetTop);
    w.u16(g.width);
    w.u16(g.height);
    w.bytes(g.pixels);
}

std::size_t fbmpSize(const Fnt& f) {
    std::size_t n = 0;
    for (const FntGlyph& g : f.glyphs)
        n += kFntGlyphHeaderSize + g.pixels.size();
    return n;
}

// The tag sequence writeFnt follows.
std::vector<std::string> orderOf(const Fnt& f) {
    if (!f.chunkOrder.empty()) return f.chunkOrder;
    std::vector<std::string> order = {"FNHD"};
    if (!f.paletteTag.empty()) order.push_back(f.paletteTag);
    order.push_back("FBMP");
    for (const FntChunk& c : f.otherChunks)
        order.push_back(c.tag);
    return order;
}

} // namespace

Fnt readFnt(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    Fnt f;
    f.paletteTag.clear();
    std::vector<std::string> order;
    bool haveHeader = false, haveGlyphs = false, haveEnd = false;
    while (!r.atEnd()) {
        const std::size_t chunkStart = r.pos();
        std::string tag = r.tag("chunk.tag");
        if (tag == "END ") {
            haveEnd = true;
            break;
        }
        const std::string field = tag + ".length";
        std::uint32_t length = r.u32be(field);
        ByteReader c = r.sub(r.pos(), r.checkCount(length, 1, field), field);
        r.skip(length, field);
        // The glyph count lives in FNHD, so nothing can be read before it.
        if (!haveHeader && tag != "FNHD")
            r.failAt(chunkStart, "chunk.tag", "first chunk is '" + escapeBytes(tag) + "', expected FNHD");
        // A repeated FNHD, palette or FBMP: the first one counts, the others are ignored.
        const bool repeated = (tag == "FNHD" && haveHeader) || (isPaletteTag(tag) && !f.paletteTag.empty()) ||
                              (tag == "FBMP" && haveGlyphs);
        if (repeated) {
            r.warnAt(chunkStart, tag, "repeated chunk ignored; the first one is used");
            continue;
        }
        if (tag == "FNHD") {
            if (length < kFntHeaderSize) {
                r.failAt(chunkStart + 4, field, "FNHD is " + std::to_string(length) + " bytes, needs 56");
            }
            if (length != kFntHeaderSize) {
                r.warnAt(chunkStart + 4, field,
                         "FNHD is " + std::to_string(length) + " bytes, expected 56; the first 56 are read");
            }
            f.header = readHeader(c);
            haveHeader = true;
        } else if (isPaletteTag(tag)) {
            // A shorter palette (another tool's 2-colour font) gives the colours it holds.
            if (length != kFntPaletteSize) {
                r.warnAt(chunkStart + 4, field,
                         tag + " is " + std::to_string(length) + " bytes, expected 768; " +
                             std::to_string(std::min<std::size_t>(length, kFntPaletteSize) / 3) +
                             " colours read");
            }
            f.paletteTag = tag;
            ByteSpan p = c.bytes(std::min<std::size_t>(length, kFntPaletteSize), tag);
            f.palette.assign(p.begin(), p.end());
        } else if (tag == "FBMP") {
            f.glyphs = readGlyphs(c, f.header.characterCount);
            haveGlyphs = true;
        } else {
            ByteSpan d = c.bytes(length, tag);
            f.otherChunks.push_back({tag, Bytes(d.begin(), d.end())});
        }
        order.push_back(tag);
    }
    if (!haveHeader) r.failAt(0, "FNHD", "no FNHD chunk");
    if (!haveEnd) r.warnAt(r.pos(), "END", "missing END tag");
    if (!haveGlyphs) r.warnAt(0, "FBMP", "no FBMP chunk: the font has no glyphs");
    if (f.header.hasPalette != 0 && f.paletteTag.empty()) {
        r.warnAt(0x08 + 0x36, "FNHD.has_palette", "has_palette is set but the file has no BPAL/FPAL chunk");
    }
    ByteSpan rest = r.bytes(r.remaining(), "trailing");
    f.trailing.assign(rest.begin(), rest.end());
    if (order != orderOf(f)) f.chunkOrder = std::move(order);
    return f;
}

Bytes writeFnt(const Fnt& f) {
    ByteWriter w;
    w.reserve(64 + kFntPaletteSize + fbmpSize(f) + 16);
    std::size_t other = 0;
    for (const std::string& tag : orderOf(f)) {
        if (tag == "FNHD") {
            const FntHeader& h = f.header;
            w.tag("FNHD");
            w.u32be(static_cast<std::uint32_t>(kFntHeaderSize));
            w.fixedString(h.description, 32);
            for (std::uint16_t v :
                 {h.unknown24, h.hasRdat, h.reserved28, h.reserved2a, h.reserved2c, h.maxWidth, h.lineHeight,
                  h.characterStart, static_cast<std::uint16_t>(f.glyphs.size()), h.reserved36, h.reserved38,
                  h.hasPalette}) {
                w.u16(v);
            }
        } else if (isPaletteTag(tag)) {
            w.tag(tag);
            w.u32be(static_cast<std::uint32_t>(kFntPaletteSize));
            Bytes pal = f.palette;
            pal.resize(kFntPaletteSize, 0);
            w.bytes(pal);
        } else if (tag == "FBMP") {
            w.tag("FBMP");
            w.u32be(static_cast<std::uint32_t>(fbmpSize(f)));
            for (const FntGlyph& g : f.glyphs)
                writeGlyph(w, g);
        } else if (other < f.otherChunks.size()) {
            const FntChunk& c = f.otherChunks[other++];
            w.tag(c.tag);
            w.u32be(static_cast<std::uint32_t>(c.data.size()));
            w.bytes(c.data);
        }
    }
    w.tag("END ");
    w.bytes(f.trailing);
    return w.take();
}

std::vector<std::pair<std::string, std::size_t>> fntChunkList(const Fnt& f) {
    std::vector<std::pair<std::string, std::size_t>> list;
    std::size_t other = 0;
    for (const std::string& tag : orderOf(f)) {
        if (tag == "FNHD") {
            list.emplace_back(tag, kFntHeaderSize);
        } else if (isPaletteTag(tag)) {
            list.emplace_back(tag, kFntPaletteSize);
        } else if (tag == "FBMP") {
            list.emplace_back(tag, fbmpSize(f));
        } else if (other < f.otherChunks.size()) {
            const FntChunk& c = f.otherChunks[other++];
            list.emplace_back(c.tag, c.data.size());
        }
    }
    return list;
}

const FntGlyph* fntGlyph(const Fnt& font, std::uint32_t codePoint) {
    if (codePoint < font.header.characterStart) return nullptr;
    std::uint32_t i = codePoint - font.header.characterStart;
    return i < font.glyphs.size() ? &font.glyphs[i] : nullptr;
}

} // namespace rgx::loaders

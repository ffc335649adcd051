// ROB archive reading and writing. Embedded models are parsed through a sub-reader so that an
// error inside one reports its absolute offset in the ROB file.

#include "loaders/redguard/rob.h"

#include "loaders/text.h"

#include <algorithm>

namespace rgx::loaders {

namespace {
constexpr std::size_t kHeaderSize = 20;
constexpr std::size_t kSegmentHeaderSize = 80;
constexpr std::size_t kFooterSize = 4;
} // namespace

std::uint8_t robRenderMode(const RobSegment& s) {
    std::uint8_t hi = static_cast<std::uint8_t>(s.flags >> 8);
    return hi == 0 ? 0xFF : hi;
}

Rob readRob(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    Rob rob;
    if (r.tag("magic") != "OARC") r.failAt(0, "magic", "not a ROB file (expected \"OARC\")");
    rob.unused04 = r.u32be("unused_04");
    std::uint32_t count = r.u32("num_segments");
    if (r.tag("magic2") != "OARD") r.failAt(12, "magic2", "expected \"OARD\"");
    std::size_t payloadPos = r.pos();
    std::uint32_t payloadSize = r.u32be("payload_size");
    if (count > r.remaining() / kSegmentHeaderSize) {
        r.failAt(8, "num_segments",
                 std::to_string(count) + " segments of at least 80 bytes do not fit in the " +
                     std::to_string(r.remaining()) + " bytes left");
    }
    rob.segments.resize(count);
    for (std::size_t i = 0; i < rob.segments.size(); ++i) {
        RobSegment& s = rob.segments[i];
        std::size_t start = r.pos();
        r.require(kSegmentHeaderSize, "segment header");
        std::uint32_t totalSize = r.u32("segment.total_size");
        const std::size_t nameAt = r.pos();
        s.name = r.fixedString(8, "segment.name");
        // The name is a C string: bytes after its NUL are not kept (the writer pads with NULs).
        if (s.name.size() < 7) {
            const ByteSpan field = r.data().subspan(nameAt + s.name.size() + 1, 7 - s.name.size());
            if (std::any_of(field.begin(), field.end(), [](std::uint8_t c) { return c != 0; })) {
                r.warnAt(nameAt, "segment.name",
                         "segment " + std::to_string(i) + " (" + escapeBytes(s.name) +
                             "): bytes after the name's NUL are not kept");
            }
        }
        s.type = r.u16("segment.type");
        s.flags = r.u16("segment.flags");
        s.attributes = r.u8("segment.attributes");
        ByteSpan low = r.bytes(3, "segment.face_count_low");
        std::copy(low.begin(), low.end(), s.faceCountLow.begin());
        s.unused14 = r.u32be("segment.unused_14");
        s.reserved18 = r.u32("segment.reserved_18");
        for (auto& v : s.bboxExtent)
            v = r.u32("segment.bbox_extent");
        for (auto& v : s.reserved28)
            v = r.u32("segment.reserved_28");
        for (auto& v : s.bboxPositive)
            v = r.u32("segment.bbox_positive");
        for (auto& v : s.bboxNegative)
            v = r.u32("segment.bbox_negative");
        std::size_t dataSizePos = r.pos();
        std::uint32_t dataSize = r.u32("segment.data_size");
        const std::string which = "segment " + std::to_string(i) + " (" + escapeBytes(s.name) + ")";
        // data_size is what the payload is read by; total_size only repeats it.
        if (std::uint64_t{totalSize} != std::uint64_t{dataSize} + kSegmentHeaderSize) {
            r.warnAt(start, "segment.total_size",
                     which + ": total_size " + std::to_string(totalSize) + " is not data_size " +
                         std::to_string(dataSize) + " + 80; data_size is used");
        }
        const bool known = s.type == kRobEmbedded || s.type == kRobMenuEmbedded || s.type == kRobExternal;
        if (!known) {
            r.warnAt(start + 0x0C, "segment.type",
                     which + ": unknown type " + std::to_string(s.type) + "; the payload is kept raw");
        }
        if (dataSize > r.remaining()) {
            r.failAt(dataSizePos, "segment.data_size",
                     which + ": " + std::to_string(dataSize) + " bytes past the end (" +
                         std::to_string(r.remaining()) + " left)");
        }
        std::size_t dataPos = r.pos();
        ByteSpan data = r.bytes(dataSize, "segment.data");
        s.data.assign(data.begin(), data.end());
        if (known && s.type != kRobExternal && dataSize > 0) {
            // One unreadable model must not make the whole archive (a whole level) unloadable:
            // the segment stays raw, without a model, and says why.
            try {
                s.model = readModel(r.sub(dataPos, dataSize, "segment.data"));
            } catch (const Error& e) {
                if (warnings) {
                    warnings->push_back({e.path(), e.offset(), e.field(),
                                         which + ": " + e.message() + "; the segment has no model"});
                }
            }
        }
    }
    std::size_t footerPos = r.pos();
    if (r.remaining() < kFooterSize || r.tag("footer") != "END ") {
        r.warnAt(footerPos, "footer", "no \"END \" after the last segment");
    } else if (!r.atEnd()) {
        r.warnAt(r.pos(), "footer",
                 std::to_string(r.remaining()) + " unexpected bytes after \"END \" (ignored)");
    }
    if (std::uint64_t{payloadSize} != r.size() - std::min<std::size_t>(r.size(), kHeaderSize + kFooterSize)) {
        r.warnAt(payloadPos, "payload_size",
                 "payload_size " + std::to_string(payloadSize) + " is not the file size - 24 (" +
                     std::to_string(r.size() - std::min<std::size_t>(r.size(), kHeaderSize + kFooterSize)) +
                     ")");
    }
    return rob;
}

Bytes writeRob(const Rob& rob) {
    std::size_t total = kHeaderSize + kFooterSize;
    for (const RobSegment& s : rob.segments)
        total += kSegmentHeaderSize + s.data.size();
    if (total > 0xFFFFFFFFu) throw Error("<memory>", Error::kNoOffset, "payload_size", "archive too large");
    ByteWriter w;
    w.reserve(total);
    w.tag("OARC");
    w.u32be(rob.unused04);
    w.u32(static_cast<std::uint32_t>(rob.segments.size()));
    w.tag("OARD");
    w.u32be(static_cast<std::uint32_t>(total - kHeaderSize - kFooterSize));
    for (const RobSegment& s : rob.segments) {
        if (s.name.size() > 8)
            throw Error("<memory>", Error::kNoOffset, "segment.name", "\"" + s.name + "\" is longer than 8");
        w.u32(static_cast<std::uint32_t>(s.data.size() + kSegmentHeaderSize));
        w.fixedString(s.name, 8);
        w.u16(s.type);
        w.u16(s.flags);
        w.u8(s.attributes);
        for (std::uint8_t b : s.faceCountLow)
            w.u8(b);
        w.u32be(s.unused14);
        w.u32(s.reserved18);
        for (auto v : s.bboxExtent)
            w.u32(v);
        for (auto v : s.reserved28)
            w.u32(v);
        for (auto v : s.bboxPositive)
            w.u32(v);
        for (auto v : s.bboxNegative)
            w.u32(v);
        w.u32(static_cast<std::uint32_t>(s.data.size()));
        w.bytes(s.data);
    }
    w.tag("END ");
    return w.take();
}

RobSegment robModelSegment(const std::string& name, const Model& model, std::uint16_t type) {
    RobSegment s;
    s.name = name;
    s.type = type;
    s.data = writeModel(model);
    s.model = readModel(s.data, "<memory>");
    s.faceCountLow[2] = static_cast<std::uint8_t>(model.faces.size() & 0xFF);
    if (!model.vertices.empty()) {
        std::array<std::int64_t, 3> lo{INT64_MAX, INT64_MAX, INT64_MAX}, hi{INT64_MIN, INT64_MIN, INT64_MIN};
        for (const Vec3i& p : model.vertices) {
            std::array<std::int64_t, 3> c{p.x, p.y, p.z};
            for (int a = 0; a < 3; ++a) {
                lo[a] = std::min(lo[a], c[a]);
                hi[a] = std::max(hi[a], c[a]);
            }
        }
        for (int a = 0; a < 3; ++a) {
            // Raw file units; extent = positive + negative (the reference's invariant).
            s.bboxPositive[a] = static_cast<std::uint32_t>(std::max<std::int64_t>(hi[a], 0));
            s.bboxNegative[a] = static_cast<std::uint32_t>(std::max<std::int64_t>(-lo[a], 0));
            s.bboxExtent[a] = s.bboxPositive[a] + s.bboxNegative[a];
        }
    }
    return s;
}

RobSegment robExternalSegment(const std::string& name) {
    RobSegment s;
    s.name = name;
    s.type = kRobExternal;
    return s;
}

} // namespace rgx::loaders

// ARCH3D.BSA records: reading, writing and the plane UV rule. Layout facts and their sources:
// docs/formats/daggerfall_media.md.

#include "loaders/daggerfall/arch3d.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace rgx::loaders::daggerfall {

namespace {

[[noreturn]] void invalid(const std::string& field, const std::string& message) {
    throw Error("<memory>", Error::kNoOffset, field, message);
}

// A reader at `offset`; past the end, the error names the header word at `fieldAt`.
ByteReader sectionAt(const ByteReader& r, std::size_t fieldAt, std::uint64_t offset, const char* field) {
    ByteReader s = r;
    if (offset > r.size()) {
        s.failAt(fieldAt, field,
                 "offset " + std::to_string(offset) + " is past the end (size " + std::to_string(r.size()) +
                     ")");
    }
    s.seek(static_cast<std::size_t>(offset), field);
    return s;
}

std::vector<Vec3i> readVec3i(ByteReader& s, std::size_t count, const char* field) {
    s.checkCount(count, 12, field);
    std::vector<Vec3i> out(count);
    for (Vec3i& v : out)
        v = {s.i32(field), s.i32(field), s.i32(field)};
    return out;
}

std::size_t readCount(ByteReader& r, const char* field) {
    const std::size_t at = r.pos();
    const std::int32_t n = r.i32(field);
    if (n < 0) r.failAt(at, field, "negative count " + std::to_string(n));
    return static_cast<std::size_t>(n);
}

std::vector<Arch3dPlane> readPlanes(ByteReader& s, std::size_t count, const Arch3dObject& o) {
    s.checkCount(count, 8, "plane_count"); // a plane is at least its 8-byte head
    const std::uint32_t scale = arch3dPointOffsetScale(o.version);
    std::vector<Arch3dPlane> planes(count);
    for (Arch3dPlane& p : planes) {
        const std::size_t n = s.u8("plane.corner_count");
        p.unknown1 = s.u8("plane.unknown1");
        p.texture = s.u16("plane.texture");
        p.unknown2 = s.u32("plane.unknown2");
        s.require(n * 8, "plane.corners");
        p.corners.resize(n);
        for (Arch3dPlanePoint& c : p.corners) {
            const std::size_t at = s.pos();
            const std::uint32_t raw = s.u32("plane_point.point_offset");
            if (raw % scale != 0 || raw / scale >= o.points.size()) {
                s.failAt(at, "plane_point.point_offset",
                         raw % scale != 0
                             ? std::string(arch3dVersionString(o.version)) + " point offset " +
                                   std::to_string(raw) + " is not a multiple of " + std::to_string(scale)
                             : "point " + std::to_string(raw / scale) + " out of range (" +
                                   std::to_string(o.points.size()) + " points)");
            }
            c.point = raw / scale;
            c.u = s.i16("plane_point.u");
            c.v = s.i16("plane_point.v");
        }
    }
    return planes;
}

std::vector<Arch3dObjectData> readObjectData(ByteReader& s, std::size_t count) {
    s.checkCount(count, 18, "object_data_count"); // an entry is at least its 18-byte head
    std::vector<Arch3dObjectData> out(count);
    for (Arch3dObjectData& d : out) {
        for (std::int32_t& v : d.values)
            v = s.i32("object_data.value");
        const std::size_t at = s.pos();
        const std::int16_t n = s.i16("object_data.subrecord_count");
        if (n < 0) s.failAt(at, "object_data.subrecord_count", "negative count " + std::to_string(n));
        s.checkCount(static_cast<std::uint64_t>(n), 6, "object_data.subrecord_count");
        d.subrecords.resize(static_cast<std::size_t>(n));
        for (auto& sub : d.subrecords) {
            ByteSpan b = s.bytes(6, "object_data.subrecord");
            std::memcpy(sub.data(), b.data(), 6);
        }
    }
    return out;
}

std::size_t planesBytes(const std::vector<Arch3dPlane>& planes) {
    std::size_t n = 0;
    for (const Arch3dPlane& p : planes)
        n += 8 + p.corners.size() * 8;
    return n;
}
std::size_t objectDataBytes(const std::vector<Arch3dObjectData>& list) {
    std::size_t n = 0;
    for (const Arch3dObjectData& d : list)
        n += 18 + d.subrecords.size() * 6;
    return n;
}

// Where the writer puts each section, from the content alone.
struct Layout {
    std::size_t points = kArch3dHeaderSize, planes = 0, normals = 0, planeData = 0, objectData = 0, end = 0;
};
Layout layoutOf(const Arch3dObject& o) {
    Layout l;
    l.planes = l.points + o.points.size() * 12;
    l.normals = l.planes + planesBytes(o.planes);
    l.planeData = l.normals + o.planes.size() * 12;
    l.objectData = l.planeData + o.planes.size() * kArch3dPlaneDataSize;
    l.end = l.objectData + (o.rawObjectData ? o.rawObjectData->bytes.size() : objectDataBytes(o.objectData));
    return l;
}

double dot(const double a[3], const double b[3]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// 1/16 texel to texels, kept inside float's range (a plane that is nearly a line can map a far
// corner very far; NaN cannot arise from the checks above, but is made 0 for safety).
float toTexel(double sixteenths) {
    const double t = sixteenths / 16.0;
    if (std::isnan(t)) return 0.0f;
    return static_cast<float>(std::clamp(t, -1e30, 1e30));
}

} // namespace

const char* arch3dVersionString(Arch3dVersion v) {
    switch (v) {
    case Arch3dVersion::V25:
        return "v2.5";
    case Arch3dVersion::V26:
        return "v2.6";
    case Arch3dVersion::V27:
        return "v2.7";
    }
    return "v2.7";
}

std::uint32_t arch3dPointOffsetScale(Arch3dVersion v) {
    return v == Arch3dVersion::V25 ? 4 : 12;
}

Arch3dObject readArch3d(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    r.require(kArch3dHeaderSize, "header");
    Arch3dObject o;
    const std::string tag = r.fixedRaw(4, "version");
    if (tag == "v2.5") {
        o.version = Arch3dVersion::V25;
    } else if (tag == "v2.6") {
        o.version = Arch3dVersion::V26;
    } else if (tag == "v2.7") {
        o.version = Arch3dVersion::V27;
    } else {
        std::string shown;
        for (char c : tag)
            shown += (c >= 0x20 && c < 0x7F) ? c : '?';
        r.failAt(0, "version", "unknown ARCH3D version \"" + shown + "\" (expected v2.5, v2.6 or v2.7)");
    }
    const std::size_t pointCount = readCount(r, "point_count");
    const std::size_t planeCount = readCount(r, "plane_count");
    o.radius = r.u32("radius");
    o.null10 = r.u64("null_10");
    const std::uint32_t planeDataOffset = r.u32("plane_data_offset");
    const std::uint32_t objectDataOffset = r.u32("object_data_offset");
    const std::uint32_t objectDataCount = r.u32("object_data_count");
    o.unknown24 = r.u32("unknown_24");
    o.null28 = r.u64("null_28");
    const std::uint32_t pointOffset = r.u32("point_list_offset");
    const std::uint32_t normalOffset = r.u32("normal_list_offset");
    o.unknown38 = r.u32("unknown_38");
    const std::uint32_t planeOffset = r.u32("plane_list_offset");
    if (o.null10 != 0) r.warnAt(0x10, "null_10", "is not zero (kept as read)");
    if (o.null28 != 0) r.warnAt(0x28, "null_28", "is not zero (kept as read)");

    ByteReader ps = sectionAt(r, 0x30, pointOffset, "point_list_offset");
    o.points = readVec3i(ps, pointCount, "points");
    ByteReader pl = sectionAt(r, 0x3C, planeOffset, "plane_list_offset");
    o.planes = readPlanes(pl, planeCount, o);
    ByteReader ns = sectionAt(r, 0x34, normalOffset, "normal_list_offset");
    o.normals = readVec3i(ns, planeCount, "normals");
    ByteReader pd = sectionAt(r, 0x18, planeDataOffset, "plane_data_offset");
    pd.checkCount(planeCount, kArch3dPlaneDataSize, "plane_data");
    o.planeData.resize(planeCount);
    for (auto& d : o.planeData)
        std::memcpy(d.data(), pd.bytes(kArch3dPlaneDataSize, "plane_data").data(), kArch3dPlaneDataSize);

    std::size_t objectDataEnd = 0;
    if (objectDataCount == 0) {
        o.emptyObjectDataOffset = objectDataOffset;
    } else {
        try {
            ByteReader od = sectionAt(r, 0x1C, objectDataOffset, "object_data_offset");
            o.objectData = readObjectData(od, objectDataCount);
            objectDataEnd = od.pos();
        } catch (const Error& e) {
            // UESP: two records hold a list of another, unknown layout. Drawing does not need it.
            o.objectData.clear();
            Arch3dRawObjectData raw{objectDataCount, {}};
            if (objectDataOffset <= bytes.size())
                raw.bytes.assign(bytes.begin() + objectDataOffset, bytes.end());
            o.rawObjectData = std::move(raw);
            objectDataEnd = bytes.size();
            r.warnAt(e.offset(), e.field(), e.message() + "; the object data list is kept unparsed");
        }
    }

    std::size_t thin = 0, firstThin = 0;
    for (std::size_t i = 0; i < o.planes.size(); ++i)
        if (o.planes[i].corners.size() < 3 && thin++ == 0) firstThin = i;
    if (thin != 0) {
        r.warnAt(planeOffset, "plane.corner_count",
                 std::to_string(thin) + " plane(s) with fewer than three corners (the first: plane " +
                     std::to_string(firstThin) + "); they cannot be drawn");
    }

    // The writer's layout; any other is a warning, since writing moves the sections.
    const Layout l = layoutOf(o);
    std::string moved;
    auto check = [&](const char* name, std::size_t stored, std::size_t expected) {
        if (stored != expected) moved += std::string(moved.empty() ? "" : ", ") + name;
    };
    check("points", pointOffset, l.points);
    check("planes", planeOffset, l.planes);
    check("normals", normalOffset, l.normals);
    check("plane data", planeDataOffset, l.planeData);
    if (objectDataCount != 0) check("object data", objectDataOffset, l.objectData);
    if (!moved.empty()) {
        r.warnAt(0x30, "layout",
                 "sections not laid out as header, points, planes, normals, plane data, object data (" +
                     moved + "); writing lays them out so");
    }
    const std::size_t used = objectDataCount != 0 ? objectDataEnd : l.objectData;
    if (moved.empty() && bytes.size() > used) {
        r.warnAt(used, "record size",
                 std::to_string(bytes.size() - used) + " bytes after the last section are dropped");
    }
    return o;
}

Bytes writeArch3d(const Arch3dObject& o) {
    const std::size_t np = o.planes.size();
    if (o.normals.size() != np) invalid("normals", "need one normal per plane");
    if (o.planeData.size() != np) invalid("plane_data", "need one 24-byte entry per plane");
    if (o.points.size() > std::numeric_limits<std::int32_t>::max() ||
        np > std::numeric_limits<std::int32_t>::max()) {
        invalid("point_count", "counts pass 32 bits");
    }
    const Layout l = layoutOf(o);
    if (l.end > std::numeric_limits<std::uint32_t>::max()) invalid("record size", "record passes 4 GiB");
    const std::uint32_t scale = arch3dPointOffsetScale(o.version);

    ByteWriter w;
    w.reserve(l.end);
    w.fixedString(arch3dVersionString(o.version), 4);
    w.i32(static_cast<std::int32_t>(o.points.size()));
    w.i32(static_cast<std::int32_t>(np));
    w.u32(o.radius);
    w.u64(o.null10);
    w.u32(static_cast<std::uint32_t>(l.planeData));
    const bool haveList = o.rawObjectData || !o.objectData.empty();
    w.u32(haveList ? static_cast<std::uint32_t>(l.objectData) : o.emptyObjectDataOffset);
    w.u32(o.rawObjectData ? o.rawObjectData->count : static_cast<std::uint32_t>(o.objectData.size()));
    w.u32(o.unknown24);
    w.u64(o.null28);
    w.u32(static_cast<std::uint32_t>(l.points));
    w.u32(static_cast<std::uint32_t>(l.normals));
    w.u32(o.unknown38);
    w.u32(static_cast<std::uint32_t>(l.planes));
    for (const Vec3i& p : o.points) {
        w.i32(p.x);
        w.i32(p.y);
        w.i32(p.z);
    }
    for (std::size_t i = 0; i < np; ++i) {
        const Arch3dPlane& p = o.planes[i];
        if (p.corners.size() > 255)
            invalid("plane.corner_count", "plane " + std::to_string(i) + " has over 255 corners");
        w.u8(static_cast<std::uint8_t>(p.corners.size()));
        w.u8(p.unknown1);
        w.u16(p.texture);
        w.u32(p.unknown2);
        for (const Arch3dPlanePoint& c : p.corners) {
            if (c.point >= o.points.size() || c.point > std::numeric_limits<std::uint32_t>::max() / scale) {
                invalid("plane_point.point_offset", "plane " + std::to_string(i) + ": point out of range");
            }
            w.u32(c.point * scale);
            w.i16(c.u);
            w.i16(c.v);
        }
    }
    for (const Vec3i& n : o.normals) {
        w.i32(n.x);
        w.i32(n.y);
        w.i32(n.z);
    }
    for (const auto& d : o.planeData)
        w.bytes(d.data(), d.size());
    if (o.rawObjectData) {
        w.bytes(o.rawObjectData->bytes);
    } else {
        for (const Arch3dObjectData& d : o.objectData) {
            if (d.subrecords.size() > static_cast<std::size_t>(std::numeric_limits<std::int16_t>::max()))
                invalid("object_data.subrecord_count", "over 32,767 subrecords");
            for (std::int32_t v : d.values)
                w.i32(v);
            w.i16(static_cast<std::int16_t>(d.subrecords.size()));
            for (const auto& s : d.subrecords)
                w.bytes(s.data(), s.size());
        }
    }
    return w.take();
}

std::int32_t unpackArch3dUv(std::int32_t u) {
    if (u > -14336 && u < 14336 && u != -7168) return u;
    const std::int32_t next = (((u - 1) >> 13) + 1) << 13; // the smallest multiple of 8192 >= u
    const std::int32_t prev = next - 8192;
    return u - (u - prev < next - u ? prev : next);
}

std::vector<std::array<float, 2>> arch3dPlaneUvs(const Arch3dObject& o, std::size_t planeIndex,
                                                 std::uint32_t objectId) {
    if (planeIndex >= o.planes.size())
        invalid("plane", "plane " + std::to_string(planeIndex) + " out of range");
    const Arch3dPlane& p = o.planes[planeIndex];
    const std::size_t n = p.corners.size();
    for (const Arch3dPlanePoint& c : p.corners)
        if (c.point >= o.points.size()) invalid("plane_point.point_offset", "point out of range");
    const bool unpack = objectId < kArch3dPackedUvIdLimit;
    // Corners 0..2 in 1/16 texel: a start and two running deltas.
    double uv[3][2] = {};
    double u = 0, v = 0;
    for (std::size_t i = 0; i < std::min<std::size_t>(n, 3); ++i) {
        u += unpack ? unpackArch3dUv(p.corners[i].u) : p.corners[i].u;
        v += unpack ? unpackArch3dUv(p.corners[i].v) : p.corners[i].v;
        uv[i][0] = u;
        uv[i][1] = v;
    }
    std::vector<std::array<float, 2>> out(n);
    for (std::size_t i = 0; i < std::min<std::size_t>(n, 3); ++i)
        out[i] = {toTexel(uv[i][0]), toTexel(uv[i][1])};
    if (n <= 3) return out;

    auto rel = [&](std::size_t k, double d[3]) {
        const Vec3i& a = o.points[p.corners[k].point];
        const Vec3i& b = o.points[p.corners[0].point];
        d[0] = double(a.x) - b.x;
        d[1] = double(a.y) - b.y;
        d[2] = double(a.z) - b.z;
    };
    double e0[3], d2[3];
    rel(1, e0);
    rel(2, d2);
    // Corners 0..2 in line (or coincident) give no texture map. Equal integer products round
    // alike, so a true zero cross product is always seen as zero.
    const double cx = e0[1] * d2[2] - e0[2] * d2[1], cy = e0[2] * d2[0] - e0[0] * d2[2],
                 cz = e0[0] * d2[1] - e0[1] * d2[0];
    const double k02 = dot(d2, e0) / dot(e0, e0);
    const double e1[3] = {d2[0] - e0[0] * k02, d2[1] - e0[1] * k02, d2[2] - e0[2] * k02};
    const double len0 = std::sqrt(dot(e0, e0)), len1 = std::sqrt(dot(e1, e1));
    if ((cx == 0 && cy == 0 && cz == 0) || !(len1 > 0)) {
        for (std::size_t k = 3; k < n; ++k)
            out[k] = {p.corners[k].u / 16.0f, p.corners[k].v / 16.0f};
        return out;
    }
    // The plane's own axes: s along corner 0 -> 1, t perpendicular to it towards corner 2.
    const double s1 = len0, s2 = dot(d2, e0) / len0, t2 = dot(d2, e1) / len1;
    for (std::size_t c = 0; c < 2; ++c) {
        const double a = (uv[1][c] - uv[0][c]) / s1;
        const double b = (uv[2][c] - uv[0][c] - a * s2) / t2;
        for (std::size_t k = 3; k < n; ++k) {
            double d[3];
            rel(k, d);
            const double s = dot(d, e0) / len0, t = dot(d, e1) / len1;
            out[k][c] = toTexel(uv[0][c] + a * s + b * t);
        }
    }
    return out;
}

Arch3dFace arch3dFace(const Arch3dObject& o, std::size_t planeIndex, std::uint32_t objectId) {
    Arch3dFace f;
    f.uvs = arch3dPlaneUvs(o, planeIndex, objectId); // checks the plane and its points
    const Arch3dPlane& p = o.planes[planeIndex];
    // Same split and solid rule as Redguard's v2.x faces (archives 0 and 1 are solid colours).
    const FaceTexture t = decodeFaceTexture(ModelVersion::V27, p.texture);
    f.solid = t.solid;
    f.colorIndex = t.colorIndex;
    f.textureArchive = p.textureArchive();
    f.textureRecord = p.textureRecord();
    for (const Arch3dPlanePoint& c : p.corners)
        f.positions.push_back(o.points[c.point]);
    if (planeIndex < o.normals.size()) f.normal = o.normals[planeIndex];
    return f;
}

bool looksLikeArch3d(ByteSpan bytes) {
    if (bytes.size() < kArch3dHeaderSize) return false;
    if (std::memcmp(bytes.data(), "v2.", 3) != 0 || bytes[3] < '5' || bytes[3] > '7') return false;
    ByteReader r(bytes, "");
    r.seek(0x10, "null_10");
    if (r.u64("null_10") != 0) return false;
    r.seek(0x28, "null_28");
    if (r.u64("null_28") != 0) return false;
    const std::uint32_t points = r.u32("points");
    r.seek(0x3C, "planes");
    const std::uint32_t planes = r.u32("planes");
    return points >= kArch3dHeaderSize && points < planes && planes <= bytes.size();
}

} // namespace rgx::loaders::daggerfall

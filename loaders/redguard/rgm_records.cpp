// Fixed-size RGM records: the placement sections (MPOB, MPSO, MPRP, MPSF, MPSL, MPMK) and the
// flat actor tables (RAEX, RAAT, RASB, RAVA, RALC, RAVC). Each section is bounds-checked once,
// then its records are decoded from the checked span.

#include "loaders/redguard/rgm_codec.h"

namespace rgx::loaders::rgm_detail {

std::string readCountedHeader(ByteReader& r, std::size_t recordSize, const char* tag, std::size_t* count) {
    std::string field = std::string(tag) + " record_count";
    std::uint32_t n = r.u32(field);
    *count = r.checkCount(n, recordSize, field);
    std::size_t left = r.remaining() - *count * recordSize;
    if (left != 0) {
        return std::to_string(left) + " bytes after " + std::to_string(n) + " records of " +
               std::to_string(recordSize) + " bytes";
    }
    return {};
}

namespace {

// A headerless table of fixed records: the size must be a multiple of recordSize.
std::string flatTable(const ByteReader& r, std::size_t recordSize, std::size_t* count) {
    if (r.size() % recordSize != 0) {
        return "size " + std::to_string(r.size()) + " is not a multiple of " + std::to_string(recordSize);
    }
    *count = r.size() / recordSize;
    return {};
}

void writeCount(ByteWriter& w, std::size_t n) {
    w.u32(static_cast<std::uint32_t>(n));
}

} // namespace

std::string decodeMpob(ByteReader& r, Rgm& rgm) {
    std::size_t n = 0;
    std::string why = readCountedHeader(r, 66, "MPOB", &n);
    if (!why.empty()) return why;
    const std::uint8_t* p = r.bytes(n * 66, "MPOB records").data();
    rgm.mpob.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += 66) {
        RgmMpob& o = rgm.mpob[i];
        o.id = le32(p);
        o.objectType = p[4];
        o.isActive = p[5];
        assignName(o.scriptName, p + 6, 9);
        assignName(o.modelName, p + 15, 9);
        o.isStatic = p[24];
        o.reserved = lei16(p + 25);
        readPos(o.pos, p + 27, false, false);
        for (int k = 0; k < 3; ++k)
            o.angles[k] = le32(p + 38 + 4 * k);
        o.textureData = lei16(p + 50);
        o.intensity = lei16(p + 52);
        o.radius = lei16(p + 54);
        o.modelId = lei16(p + 56);
        o.worldId = lei16(p + 58);
        o.red = lei16(p + 60);
        o.green = lei16(p + 62);
        o.blue = lei16(p + 64);
    }
    return {};
}

void encodeMpob(const Rgm& rgm, ByteWriter& w) {
    writeCount(w, rgm.mpob.size());
    for (const RgmMpob& o : rgm.mpob) {
        w.u32(o.id);
        w.u8(o.objectType);
        w.u8(o.isActive);
        w.fixedString(o.scriptName, 9);
        w.fixedString(o.modelName, 9);
        w.u8(o.isStatic);
        w.i16(o.reserved);
        writePos(w, o.pos, false);
        for (std::uint32_t a : o.angles)
            w.u32(a);
        for (std::int16_t v :
             {o.textureData, o.intensity, o.radius, o.modelId, o.worldId, o.red, o.green, o.blue})
            w.i16(v);
    }
}

std::string decodeMpso(ByteReader& r, Rgm& rgm) {
    std::size_t n = 0;
    std::string why = readCountedHeader(r, 66, "MPSO", &n);
    if (!why.empty()) return why;
    const std::uint8_t* p = r.bytes(n * 66, "MPSO records").data();
    rgm.mpso.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += 66) {
        RgmMpso& o = rgm.mpso[i];
        o.id = le32(p);
        assignName(o.modelName, p + 4, 12);
        readPos(o.pos, p + 16, false, true);
        for (int k = 0; k < 9; ++k)
            o.matrix[k] = lei32(p + 28 + 4 * k);
        o.unused = {p[64], p[65]};
    }
    return {};
}

void encodeMpso(const Rgm& rgm, ByteWriter& w) {
    writeCount(w, rgm.mpso.size());
    for (const RgmMpso& o : rgm.mpso) {
        w.u32(o.id);
        w.fixedString(o.modelName, 12);
        writePos(w, o.pos, true);
        for (std::int32_t m : o.matrix)
            w.i32(m);
        w.u8(o.unused[0]);
        w.u8(o.unused[1]);
    }
}

std::string decodeMprp(ByteReader& r, Rgm& rgm) {
    std::size_t n = 0;
    std::string why = readCountedHeader(r, 80, "MPRP", &n);
    if (!why.empty()) return why;
    const std::uint8_t* p = r.bytes(n * 80, "MPRP records").data();
    rgm.mprp.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += 80) {
        RgmMprp& o = rgm.mprp[i];
        o.id = le32(p);
        o.reserved = p[4];
        readPos(o.pos, p + 5, true, false);
        o.angleY = lei32(p + 16);
        o.type = lei32(p + 20);
        o.swing = lei32(p + 24);
        o.speed = lei32(p + 28);
        o.length = lei16(p + 32);
        assignName(o.staticModel, p + 34, 9);
        assignName(o.ropeModel, p + 43, 9);
        for (int k = 0; k < 7; ++k)
            o.reserved2[k] = lei32(p + 52 + 4 * k);
    }
    return {};
}

void encodeMprp(const Rgm& rgm, ByteWriter& w) {
    writeCount(w, rgm.mprp.size());
    for (const RgmMprp& o : rgm.mprp) {
        w.u32(o.id);
        w.u8(o.reserved);
        writePos(w, o.pos, false);
        for (std::int32_t v : {o.angleY, o.type, o.swing, o.speed})
            w.i32(v);
        w.i16(o.length);
        w.fixedString(o.staticModel, 9);
        w.fixedString(o.ropeModel, 9);
        for (std::int32_t v : o.reserved2)
            w.i32(v);
    }
}

std::string decodeMpsf(ByteReader& r, Rgm& rgm) {
    std::size_t n = 0;
    std::string why = readCountedHeader(r, 24, "MPSF", &n);
    if (!why.empty()) return why;
    const std::uint8_t* p = r.bytes(n * 24, "MPSF records").data();
    rgm.mpsf.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += 24) {
        RgmMpsf& o = rgm.mpsf[i];
        o.id = le32(p);
        o.reserved = lei32(p + 4);
        readPos(o.pos, p + 8, false, true);
        o.textureData = le16(p + 20);
        o.reserved2 = lei16(p + 22);
    }
    return {};
}

void encodeMpsf(const Rgm& rgm, ByteWriter& w) {
    writeCount(w, rgm.mpsf.size());
    for (const RgmMpsf& o : rgm.mpsf) {
        w.u32(o.id);
        w.i32(o.reserved);
        writePos(w, o.pos, true);
        w.u16(o.textureData);
        w.i16(o.reserved2);
    }
}

std::string decodeMpsl(ByteReader& r, Rgm& rgm) {
    std::size_t n = 0;
    std::string why = readCountedHeader(r, 42, "MPSL", &n);
    if (!why.empty()) return why;
    const std::uint8_t* p = r.bytes(n * 42, "MPSL records").data();
    rgm.mpsl.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += 42) {
        RgmMpsl& o = rgm.mpsl[i];
        o.rgb = {p[0], p[1], p[2]};
        o.lightType = p[3];
        o.lightParam = le32(p + 4);
        readPos(o.pos, p + 8, true, true);
        o.param0 = lei16(p + 20);
        o.param1 = lei16(p + 22);
        for (int k = 0; k < 3; ++k)
            o.direction[k] = lei16(p + 24 + 2 * k);
        for (int k = 0; k < 8; ++k)
            o.channelMap[k] = p[30 + k];
        for (int k = 0; k < 4; ++k)
            o.reserved[k] = p[38 + k];
    }
    return {};
}

void encodeMpsl(const Rgm& rgm, ByteWriter& w) {
    writeCount(w, rgm.mpsl.size());
    for (const RgmMpsl& o : rgm.mpsl) {
        w.bytes(o.rgb.data(), 3);
        w.u8(o.lightType);
        w.u32(o.lightParam);
        writePos(w, o.pos, true);
        w.i16(o.param0);
        w.i16(o.param1);
        for (std::int16_t d : o.direction)
            w.i16(d);
        w.bytes(o.channelMap.data(), 8);
        w.bytes(o.reserved.data(), 4);
    }
}

std::string decodeMpmk(ByteReader& r, Rgm& rgm) {
    std::size_t n = 0;
    std::string why = readCountedHeader(r, 13, "MPMK", &n);
    if (!why.empty()) return why;
    const std::uint8_t* p = r.bytes(n * 13, "MPMK records").data();
    rgm.mpmk.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += 13) {
        readPos(rgm.mpmk[i].pos, p, true, true);
        rgm.mpmk[i].reserved = p[12];
    }
    return {};
}

void encodeMpmk(const Rgm& rgm, ByteWriter& w) {
    writeCount(w, rgm.mpmk.size());
    for (const RgmMpmk& o : rgm.mpmk) {
        writePos(w, o.pos, true);
        w.u8(o.reserved);
    }
}

std::string decodeRaex(ByteReader& r, Rgm& rgm) {
    std::size_t n = 0;
    std::string why = flatTable(r, 30, &n);
    if (!why.empty()) return why;
    const std::uint8_t* p = r.bytes(n * 30, "RAEX records").data();
    rgm.raex.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += 30)
        for (int k = 0; k < 15; ++k)
            rgm.raex[i][k] = lei16(p + 2 * k);
    return {};
}

void encodeRaex(const Rgm& rgm, ByteWriter& w) {
    for (const auto& rec : rgm.raex)
        for (std::int16_t v : rec)
            w.i16(v);
}

std::string decodeRaat(ByteReader& r, Rgm& rgm) {
    std::size_t n = 0;
    std::string why = flatTable(r, 256, &n);
    if (!why.empty()) return why;
    const std::uint8_t* p = r.bytes(n * 256, "RAAT blocks").data();
    rgm.raat.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += 256)
        std::memcpy(rgm.raat[i].data(), p, 256);
    return {};
}

void encodeRaat(const Rgm& rgm, ByteWriter& w) {
    for (const auto& block : rgm.raat)
        w.bytes(block.data(), block.size());
}

std::string decodeRasb(ByteReader& r, Rgm& rgm) {
    std::size_t n = 0;
    std::string why = flatTable(r, 4, &n);
    if (!why.empty()) return why;
    const std::uint8_t* p = r.bytes(n * 4, "RASB offsets").data();
    rgm.rasb.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        rgm.rasb[i] = le32(p + 4 * i);
    return {};
}

void encodeRasb(const Rgm& rgm, ByteWriter& w) {
    for (std::uint32_t v : rgm.rasb)
        w.u32(v);
}

std::string decodeRava(ByteReader& r, Rgm& rgm) {
    std::size_t n = 0;
    std::string why = flatTable(r, 4, &n);
    if (!why.empty()) return why;
    const std::uint8_t* p = r.bytes(n * 4, "RAVA values").data();
    rgm.rava.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        rgm.rava[i] = lei32(p + 4 * i);
    return {};
}

void encodeRava(const Rgm& rgm, ByteWriter& w) {
    for (std::int32_t v : rgm.rava)
        w.i32(v);
}

std::string decodeRalc(ByteReader& r, Rgm& rgm) {
    std::size_t n = 0;
    std::string why = flatTable(r, 12, &n);
    if (!why.empty()) return why;
    const std::uint8_t* p = r.bytes(n * 12, "RALC records").data();
    rgm.ralc.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += 12)
        rgm.ralc[i] = {lei32(p), lei32(p + 4), lei32(p + 8)};
    return {};
}

void encodeRalc(const Rgm& rgm, ByteWriter& w) {
    for (const RgmRalc& o : rgm.ralc) {
        w.i32(o.x);
        w.i32(o.y);
        w.i32(o.z);
    }
}

std::string decodeRavc(ByteReader& r, Rgm& rgm) {
    std::size_t n = 0;
    std::string why = flatTable(r, 9, &n);
    if (!why.empty()) return why;
    const std::uint8_t* p = r.bytes(n * 9, "RAVC records").data();
    rgm.ravc.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += 9) {
        RgmRavc& o = rgm.ravc[i];
        o.x = static_cast<std::int8_t>(p[0]);
        o.y = static_cast<std::int8_t>(p[1]);
        o.z = static_cast<std::int8_t>(p[2]);
        o.vertex = le16(p + 3);
        o.radius = le32(p + 5);
    }
    return {};
}

void encodeRavc(const Rgm& rgm, ByteWriter& w) {
    for (const RgmRavc& o : rgm.ravc) {
        w.i8(o.x);
        w.i8(o.y);
        w.i8(o.z);
        w.u16(o.vertex);
        w.u32(o.radius);
    }
}

} // namespace rgx::loaders::rgm_detail

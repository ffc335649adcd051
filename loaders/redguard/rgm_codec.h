#pragma once
// Internal to the RGM reader/writer: one codec per known section tag, and the raw little-endian
// helpers the record decoders use after a single bounds check per section (so the hot loops over
// thousands of 66-byte records do not pay a check per field).

#include "loaders/redguard/rgm.h"

#include <string>
#include <string_view>

namespace rgx::loaders::rgm_detail {

struct SectionCodec {
    const char* tag;
    // Decodes the whole payload into rgm. Returns "" when decoded, otherwise the reason the
    // section is kept raw (the member must then be left as it was: empty). Throws rgx::Error
    // when the payload cannot be decoded (counts, RAGR sizes, RAAN strings); the section walk
    // then resets the member and keeps the section raw with that error as its warning.
    std::string (*decode)(ByteReader& payload, Rgm& rgm);
    void (*encode)(const Rgm& rgm, ByteWriter& out);
    bool (*present)(const Rgm& rgm);
    void (*reset)(Rgm& rgm); // empties the member after a failed decode
};

// All codecs in the canonical section order (defaultRgmLayout).
const std::vector<SectionCodec>& sectionCodecs();
// The codec for a tag, or nullptr; *index receives its position in sectionCodecs().
const SectionCodec* findSectionCodec(std::string_view tag, std::size_t* index);

// Section decoders/encoders, grouped by the file that implements them.
// rgm_records.cpp: fixed-size records.
std::string decodeMpob(ByteReader& r, Rgm& rgm);
std::string decodeMpso(ByteReader& r, Rgm& rgm);
std::string decodeMprp(ByteReader& r, Rgm& rgm);
std::string decodeMpsf(ByteReader& r, Rgm& rgm);
std::string decodeMpsl(ByteReader& r, Rgm& rgm);
std::string decodeMpmk(ByteReader& r, Rgm& rgm);
std::string decodeRaex(ByteReader& r, Rgm& rgm);
std::string decodeRaat(ByteReader& r, Rgm& rgm);
std::string decodeRasb(ByteReader& r, Rgm& rgm);
std::string decodeRava(ByteReader& r, Rgm& rgm);
std::string decodeRalc(ByteReader& r, Rgm& rgm);
std::string decodeRavc(ByteReader& r, Rgm& rgm);
void encodeMpob(const Rgm& rgm, ByteWriter& w);
void encodeMpso(const Rgm& rgm, ByteWriter& w);
void encodeMprp(const Rgm& rgm, ByteWriter& w);
void encodeMpsf(const Rgm& rgm, ByteWriter& w);
void encodeMpsl(const Rgm& rgm, ByteWriter& w);
void encodeMpmk(const Rgm& rgm, ByteWriter& w);
void encodeRaex(const Rgm& rgm, ByteWriter& w);
void encodeRaat(const Rgm& rgm, ByteWriter& w);
void encodeRasb(const Rgm& rgm, ByteWriter& w);
void encodeRava(const Rgm& rgm, ByteWriter& w);
void encodeRalc(const Rgm& rgm, ByteWriter& w);
void encodeRavc(const Rgm& rgm, ByteWriter& w);
// rgm_actors.cpp: RAHD, RAAN, RAGR, WDNM.
std::string decodeRahd(ByteReader& r, Rgm& rgm);
std::string decodeRaan(ByteReader& r, Rgm& rgm);
std::string decodeRagr(ByteReader& r, Rgm& rgm);
std::string decodeWdnm(ByteReader& r, Rgm& rgm);
void encodeRahd(const Rgm& rgm, ByteWriter& w);
void encodeRaan(const Rgm& rgm, ByteWriter& w);
void encodeRagr(const Rgm& rgm, ByteWriter& w);
void encodeWdnm(const Rgm& rgm, ByteWriter& w);

// ---- raw helpers: callers have bounds-checked p[0 .. n) ----
inline std::uint16_t le16(const std::uint8_t* p) {
    return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}
inline std::int16_t lei16(const std::uint8_t* p) {
    return static_cast<std::int16_t>(le16(p));
}
inline std::uint32_t le32(const std::uint8_t* p) {
    return std::uint32_t{p[0]} | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) |
           (std::uint32_t{p[3]} << 24);
}
inline std::int32_t lei32(const std::uint8_t* p) {
    return static_cast<std::int32_t>(le32(p));
}
inline std::int32_t leu24(const std::uint8_t* p) {
    return static_cast<std::int32_t>(std::uint32_t{p[0]} | (std::uint32_t{p[1]} << 8) |
                                     (std::uint32_t{p[2]} << 16));
}
inline std::int32_t lei24(const std::uint8_t* p) {
    std::int32_t v = leu24(p);
    return (v & 0x800000) ? v - 0x1000000 : v;
}
// Name field of n bytes: the raw bytes minus trailing NULs (so garbage after a NUL survives).
inline void assignName(std::string& into, const std::uint8_t* p, std::size_t n) {
    while (n > 0 && p[n - 1] == 0)
        --n;
    into.assign(reinterpret_cast<const char*>(p), n);
}
// x, pad, y, pad, z [, pad]: 11 or 12 bytes.
// Writes straight into the record's fields: returning a temporary made the compiler copy it with
// wide loads over narrow stores (a store-forwarding stall that cost a third of MPSO decoding).
inline void readPos(RgmPos24& pos, const std::uint8_t* p, bool zSigned, bool zPad) {
    pos.x = lei24(p);
    pos.pad[0] = p[3];
    pos.y = lei24(p + 4);
    pos.pad[1] = p[7];
    pos.z = zSigned ? lei24(p + 8) : leu24(p + 8);
    pos.pad[2] = zPad ? p[11] : 0;
}
inline void writeI24(ByteWriter& w, std::int32_t v) {
    auto u = static_cast<std::uint32_t>(v);
    w.u8(static_cast<std::uint8_t>(u));
    w.u8(static_cast<std::uint8_t>(u >> 8));
    w.u8(static_cast<std::uint8_t>(u >> 16));
}
inline void writePos(ByteWriter& w, const RgmPos24& pos, bool zPad) {
    writeI24(w, pos.x);
    w.u8(pos.pad[0]);
    writeI24(w, pos.y);
    w.u8(pos.pad[1]);
    writeI24(w, pos.z);
    if (zPad) w.u8(pos.pad[2]);
}

// Reads the u32 record count of a count-prefixed section and checks count x size fits: a count
// too large is fatal; returns the reason to keep the section raw when bytes are left over.
std::string readCountedHeader(ByteReader& r, std::size_t recordSize, const char* tag, std::size_t* count);

} // namespace rgx::loaders::rgm_detail

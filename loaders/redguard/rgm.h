#pragma once
// RGM scene files: a walk of sections (4-byte tag + big-endian u32 payload length) ending with
// `END `. Typed records for the placement sections (MPOB, MPSO, MPRP, MPSF, MPSL, MPMK), the actor
// tables (RAHD, RAAN, RAGR, RAEX, RAAT, ...) and plain bytes for the opaque ones (RASC, RAST, ...).
// Layout decisions and their reasons: docs/formats/rgm.md.
//
// Exactness: every byte of a typed record is kept in a field (pads and reserved bytes included), so
// writeRgm(readRgm(bytes)) == bytes for every file the reader accepts whose END has length 0 and
// ends the bytes (raw sections are written back verbatim), and readRgm(writeRgm(x)) == x for every x whose
// `layout` lists its sections (see defaultRgmLayout). Names are kept as their raw bytes minus trailing NULs;
// rgmName() gives the C string.

#include "loaders/bytes.h"
#include "loaders/redguard/ragr.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace rgx::loaders {

// An i24/u24 + pad-byte triple as stored by MPOB, MPSO, MPSF, MPSL, MPMK (x, y, z each followed by
// one pad byte) and MPRP (no pad after z). x and y are sign-extended 24-bit values; z is signed or
// unsigned per section (the reference: u24 in MPOB, MPSO, MPSF; i24 elsewhere).
struct RgmPos24 {
    std::int32_t x = 0, y = 0, z = 0;
    std::array<std::uint8_t, 3> pad{};
    bool operator==(const RgmPos24&) const = default;
};

struct RgmMpob { // 66 bytes
    std::uint32_t id = 0;
    std::uint8_t objectType = 0;
    std::uint8_t isActive = 0;
    std::string scriptName; // 9 bytes
    std::string modelName;  // 9 bytes
    std::uint8_t isStatic = 0;
    std::int16_t reserved = 0;
    RgmPos24 pos;                          // z unsigned
    std::array<std::uint32_t, 3> angles{}; // 2048-unit Euler angles x, y, z (raw u32)
    std::int16_t textureData = 0, intensity = 0, radius = 0, modelId = 0, worldId = 0;
    std::int16_t red = 0, green = 0, blue = 0;
    bool operator==(const RgmMpob&) const = default;
};

struct RgmMpso { // 66 bytes
    std::uint32_t id = 0;
    std::string modelName;                // 12 bytes
    RgmPos24 pos;                         // z unsigned
    std::array<std::int32_t, 9> matrix{}; // Q4.28, file order m0..m8 (see rgmMpsoRotation)
    std::array<std::uint8_t, 2> unused{};
    bool operator==(const RgmMpso&) const = default;
};

struct RgmMprp { // 80 bytes
    std::uint32_t id = 0;
    std::uint8_t reserved = 0;
    RgmPos24 pos; // z signed, pad[2] unused (no pad byte after z)
    std::int32_t angleY = 0, type = 0, swing = 0, speed = 0;
    std::int16_t length = 0;
    std::string staticModel; // 9 bytes
    std::string ropeModel;   // 9 bytes
    std::array<std::int32_t, 7> reserved2{};
    bool operator==(const RgmMprp&) const = default;
};

struct RgmMpsf { // 24 bytes
    std::uint32_t id = 0;
    std::int32_t reserved = 0;
    RgmPos24 pos;                  // z unsigned
    std::uint16_t textureData = 0; // texture_id = data >> 7, image_id = data & 0x7F
    std::int16_t reserved2 = 0;
    bool operator==(const RgmMpsf&) const = default;
};

struct RgmMpsl { // 42 bytes
    std::array<std::uint8_t, 3> rgb{};
    std::uint8_t lightType = 0;
    std::uint32_t lightParam = 0;
    RgmPos24 pos; // z signed
    std::int16_t param0 = 0, param1 = 0;
    std::array<std::int16_t, 3> direction{};
    std::array<std::uint8_t, 8> channelMap{};
    std::array<std::uint8_t, 4> reserved{};
    bool operator==(const RgmMpsl&) const = default;
};

struct RgmMpmk {  // 13 bytes
    RgmPos24 pos; // z signed
    std::uint8_t reserved = 0;
    bool operator==(const RgmMpmk&) const = default;
};

// One 165-byte RAHD record; every byte lives in a field (offsets in comments).
struct RgmActor {
    std::uint32_t field00 = 0;                     // 0x00
    std::string scriptName;                        // 0x04, 9 bytes
    std::uint16_t instances = 0;                   // 0x0D
    std::uint16_t pad0F = 0;                       // 0x0F
    std::int32_t instanceCounter = 0;              // 0x11
    std::array<std::uint8_t, 4> animSpeed{};       // 0x15
    std::uint32_t ranmOffset = 0;                  // 0x19
    std::uint32_t raatOffset = 0;                  // 0x1D
    std::int32_t raanCount = 0;                    // 0x21
    std::uint32_t raanDataSize = 0;                // 0x25
    std::int32_t raanOffset = 0;                   // 0x29
    std::uint32_t animControlPrefix = 0;           // 0x2D
    std::uint32_t ragrOffset = 0;                  // 0x31
    std::array<std::uint8_t, 8> pad35{};           // 0x35
    std::uint32_t rafsIndex = 0;                   // 0x3D
    std::uint32_t numStrings = 0;                  // 0x41
    std::uint32_t pad45 = 0;                       // 0x45
    std::uint32_t stringOffsetsIndex = 0;          // 0x49
    std::uint32_t scriptLength = 0;                // 0x4D
    std::uint32_t scriptDataOffset = 0;            // 0x51
    std::uint32_t scriptPc = 0;                    // 0x55
    std::uint32_t animBufferSwap = 0;              // 0x59
    std::uint32_t rahkOffset = 0;                  // 0x5D
    std::array<std::uint8_t, 8> dialogueLock{};    // 0x61
    std::uint32_t ralcOffset = 0;                  // 0x69
    std::array<std::uint8_t, 4> actorFlags{};      // 0x6D
    std::uint32_t raexOffset = 0;                  // 0x71
    std::uint32_t numVariables = 0;                // 0x75
    std::array<std::uint8_t, 4> visibilityFlags{}; // 0x79
    std::uint32_t variableOffset = 0;              // 0x7D
    std::uint32_t variableOffsetDup = 0;           // 0x81
    std::uint32_t animFrameData = 0;               // 0x85
    std::int32_t soupFuncPrimary = -1;             // 0x89
    std::int32_t soupFuncSecondary = -1;           // 0x8D
    std::int32_t soupFuncTertiary = -1;            // 0x91
    std::int16_t combatFlag = 0;                   // 0x95
    std::int16_t raexStat = -1;                    // 0x97
    std::int16_t reserved99 = -1;                  // 0x99
    std::int16_t reserved9B = 0;                   // 0x9B
    std::int32_t ravcOffset = -1;                  // 0x9D
    std::int32_t ravcCount = 0;                    // 0xA1
    bool operator==(const RgmActor&) const = default;
};

struct RgmRahd {
    std::array<std::uint8_t, 4> fixed{0x1B, 0x80, 0x37, 0x00}; // the 4 bytes after the count
    std::vector<RgmActor> actors;
    bool operator==(const RgmRahd&) const = default;
};

// RAAN entry: u32 reserved, u8 frame_count, u8 model_type, NUL-terminated path.
struct RgmRaanEntry {
    std::uint32_t reserved = 0;
    std::uint8_t frameCount = 0;
    std::uint8_t modelType = 'c';
    std::string path; // without its NUL; never contains NUL
    bool operator==(const RgmRaanEntry&) const = default;
};

// RAGR group: u16 entry_size (computed by the writer), u16 group_index, u16 anim_id,
// u16 anim_type, u16 frame_count (= commandCount), frame_count x 3-byte commands. The commands
// live in the list's flat array (one allocation per actor, not per group): this group's are
// list.commands[firstCommand, firstCommand + commandCount). Use addRgmAnimGroup to fill a list.
struct RgmAnimGroup {
    std::uint16_t groupIndex = 0;
    std::uint16_t animId = 0;
    std::uint16_t animType = 0;
    std::uint32_t firstCommand = 0;
    std::uint32_t commandCount = 0;
    Bytes trailing; // bytes the entry_size covers past the commands (normally none)
    bool operator==(const RgmAnimGroup&) const = default;
};

// One 0-terminated list of groups (one actor's, located by RAHD ragr_offset). The reader lays the
// groups' ranges out back to back in file order; readRgm(writeRgm(x)) == x needs the same.
struct RgmAnimList {
    std::vector<RgmAnimGroup> groups;
    std::vector<std::uint32_t> commands; // 24-bit packed values (decodeRagrCommand)
    bool operator==(const RgmAnimList&) const = default;
};

// Appends a group whose commands follow the list's existing ones.
void addRgmAnimGroup(RgmAnimList& list, std::uint16_t groupIndex, std::uint16_t animId,
                     std::uint16_t animType, std::span<const std::uint32_t> commands);
// A group's commands; the part of its range inside list.commands (the writer writes the same).
std::span<const std::uint32_t> rgmGroupCommands(const RgmAnimList& list, const RgmAnimGroup& group);

struct RgmRalc {
    std::int32_t x = 0, y = 0, z = 0;
    bool operator==(const RgmRalc&) const = default;
};

struct RgmRavc { // 9 bytes
    std::int8_t x = 0, y = 0, z = 0;
    std::uint16_t vertex = 0;
    std::uint32_t radius = 0;
    bool operator==(const RgmRavc&) const = default;
};

struct RgmWalkRoute {
    std::uint16_t targetNode = 0, cost = 0;
    bool operator==(const RgmWalkRoute&) const = default;
};
struct RgmWalkNode {
    std::uint32_t nodeLength = 0; // kept as stored (the reference does not pin what it counts)
    std::uint16_t x = 0;
    std::int16_t y = 0;
    std::uint16_t z = 0;
    std::uint8_t reserved = 0;
    std::vector<RgmWalkRoute> routes; // route_count = routes.size()
    bool operator==(const RgmWalkNode&) const = default;
};
struct RgmWalkMap {
    std::uint32_t mapLength = 0;    // kept as stored
    std::uint32_t nodeCountDup = 0; // kept as stored
    RgmPos24 pos;                   // z signed
    std::uint32_t radius = 0;
    std::vector<RgmWalkNode> nodes; // node_count = nodes.size()
    bool operator==(const RgmWalkMap&) const = default;
};

// One section in file order. raw: the payload is kept verbatim (unknown tag, a repeated tag, or a
// typed section that did not decode); otherwise the payload comes from the typed member of Rgm.
struct RgmSectionRef {
    std::string tag; // 4 characters
    bool raw = false;
    Bytes payload; // only when raw
    bool operator==(const RgmSectionRef&) const = default;
};

struct Rgm {
    // File order of the sections, without END. Empty: the writer uses defaultRgmLayout(*this).
    std::vector<RgmSectionRef> layout;

    Bytes rgmd; // header section, opaque
    std::vector<RgmMpob> mpob;
    std::vector<RgmMpso> mpso;
    std::vector<RgmMprp> mprp;
    std::vector<RgmMpsf> mpsf;
    std::vector<RgmMpsl> mpsl;
    std::vector<RgmMpmk> mpmk;
    Bytes mpsz; // not count-prefixed; per-actor state, layout unknown
    RgmRahd rahd;
    std::vector<RgmRaanEntry> raan;
    std::vector<RgmAnimList> ragr;
    std::vector<std::array<std::int16_t, 15>> raex;  // 30-byte records
    std::vector<std::array<std::uint8_t, 256>> raat; // one 256-byte block per actor
    Bytes rast;                                      // string blob
    std::vector<std::uint32_t> rasb;                 // offsets into RAST
    std::vector<std::int32_t> rava;                  // variable initial values
    Bytes rasc;                                      // script bytecode
    Bytes rahk;                                      // hook table (layout unsure, kept as bytes)
    std::vector<RgmRalc> ralc;
    std::vector<RgmRavc> ravc;
    std::vector<RgmWalkMap> wdnm;
    Bytes rafs; // 11-byte records, fields undecoded
    Bytes ranm; // namespace strings

    bool operator==(const Rgm&) const = default;
};

struct RgmReadResult {
    Rgm rgm;
    // Sections kept raw, and why: offset = the section header's, field = the tag (escapeBytes).
    Warnings warnings;
};

// Reads a whole RGM file. Throws rgx::Error (path, absolute offset, field) only on a broken
// section walk (truncated header or payload, length past the end). A section that cannot be
// decoded — unknown or repeated tag, size not a multiple of its record size, record counts that
// do not fit, RAGR groups past their section or a list without its 0 terminator, RAAN paths
// without NUL — is kept raw (its typed member stays empty) and reported as a warning naming the
// offset and field, never fatal. A walk that ends without END, an END whose length is not 0 and
// bytes after END (ignored) are warnings too.
RgmReadResult readRgmWithWarnings(ByteSpan bytes, const std::string& path);
Rgm readRgm(ByteSpan bytes, const std::string& path);

// Content check for format detection: the first section header carries a known RGM tag (RGMD,
// MPOB, RAHD, ...) and a length that fits the bytes. Reads nothing past bytes.
bool looksLikeRgm(ByteSpan bytes);

// Writes the sections in rgm.layout order (defaultRgmLayout when empty), computing lengths,
// counts, RAGR entry sizes and frame counts, then `END ` with length 0.
Bytes writeRgm(const Rgm& rgm);

// The canonical order of the sections that hold data: RGMD MPOB MPSO MPRP MPSF MPSL MPMK MPSZ RAHD
// RAAN RAGR RAEX RAAT RAST RASB RAVA RASC RAHK RALC RAVC WDNM RAFS RANM; a section appears when its
// member is non-empty (RAHD: when it has actors).
std::vector<RgmSectionRef> defaultRgmLayout(const Rgm& rgm);

// The C string of a stored name (up to the first NUL).
std::string rgmName(const std::string& stored);

// Whether an MPSL light is on: its channel_map is not all zero (the reference: "always either
// 00 01 02 03 04 05 06 07 (active, identity mapping to 8 channels) or all zeros (inactive)").
bool rgmMpslActive(const RgmMpsl& light);

// RAHD visibility_flags (0x79), the two bytes the reference decodes: 0x79 non-zero "always
// visible, skip LOD culling"; 0x7B the LOD culling mode, 0 "fixed distance threshold", non-zero
// "dynamic distance threshold" (the thresholds themselves are not in the reference).
bool rgmActorAlwaysVisible(const RgmActor& actor);
bool rgmActorDynamicLod(const RgmActor& actor);

// ---- Decoded values (docs/formats/rgm.md) ----

// The reference's position decode with scale 1/5120:
// x = -(px * 256) / 5120, y = -(py * 256) / 5120, z = -(0xFFFFFF - pz * 256) / 5120.
std::array<double, 3> rgmPosition(const RgmPos24& pos);
// 2048-unit angle -> degrees: (v % 2048) * 180 / 1024.
double rgmAngleDegrees(std::uint32_t units);
std::array<double, 3> rgmMpobAnglesDeg(const RgmMpob& mpob);
// MPSO rotation as 3 rows after the transposed mapping (notes.md: read by columns):
// row i = [m_i, m_{i+3}, m_{i+6}], each Q4.28 / 2^28.
std::array<std::array<double, 3>, 3> rgmMpsoRotation(const RgmMpso& mpso);
// MPSF texture id (data >> 7) and image id (data & 0x7F).
inline std::uint16_t rgmFlatTextureId(const RgmMpsf& f) {
    return static_cast<std::uint16_t>(f.textureData >> 7);
}
inline std::uint16_t rgmFlatImageId(const RgmMpsf& f) {
    return static_cast<std::uint16_t>(f.textureData & 0x7F);
}

// Upper-case file stem of a path: strips directories ('\\' and '/') and the extension.
std::string rgmModelStem(const std::string& path);

// The RAAN entry starting at byte offset `offset` of the RAAN payload, or nullptr.
const RgmRaanEntry* rgmRaanEntryAt(const Rgm& rgm, std::uint32_t offset);

// The model an MPOB places: its model_name when non-empty; else the stem of the first RAAN entry
// of the RAHD actor with the same script name (raan_count > 0, entry at raan_offset); else its
// script_name. Returns the C strings (rgmName).
std::string resolveMpobModel(const Rgm& rgm, const RgmMpob& mpob);
// The same for every MPOB, in order, with one RAHD index (linear in the sizes).
std::vector<std::string> resolveMpobModels(const Rgm& rgm);

// An actor's RAAN entries, in order: raan_count entries back to back from raan_offset (each
// 6 + path + NUL bytes, the engine's string scan). Stops early (returning fewer) where the
// offsets leave the section; raan_count <= 0 gives none.
std::vector<const RgmRaanEntry*> rgmActorRaan(const Rgm& rgm, const RgmActor& actor);
// The RAGR list starting at byte offset `offset` of the RAGR payload (RAHD ragr_offset), or
// nullptr when no list starts there.
const RgmAnimList* rgmAnimListAt(const Rgm& rgm, std::uint32_t offset);
// Byte size of a list as written (its groups and the 0 terminator).
std::uint32_t rgmAnimListBytes(const RgmAnimList& list);
// The RAHD actor whose script name (C string) is `script`, or nullptr.
const RgmActor* rgmActorNamed(const Rgm& rgm, const std::string& script);

// Totals over all RAGR lists: groups, commands, and commands per opcode.
struct RgmAnimationTotals {
    std::size_t groups = 0;
    std::size_t commands = 0;
    std::array<std::size_t, 16> byOpcode{};
};
RgmAnimationTotals rgmAnimationTotals(const Rgm& rgm);

} // namespace rgx::loaders

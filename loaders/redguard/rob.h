#pragma once
// ROB archives: a 20-byte OARC/OARD header, segments of an 80-byte header plus payload, and an
// "END " footer. Embedded segments (types 0 and 256) hold a complete 3D file, parsed with
// readModel(); type 512 segments name an external .3DC by their stem. See docs/formats/rob.md.

#include "loaders/bytes.h"
#include "loaders/redguard/model3d.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::loaders {

enum RobSegmentType : std::uint16_t {
    kRobEmbedded = 0,
    kRobMenuEmbedded = 256,
    kRobExternal = 512,
};

struct RobSegment {
    std::string name;                           // up to 8 chars (NUL padding stripped)
    std::uint16_t type = kRobEmbedded;          // 0, 256 or 512
    std::uint16_t flags = 0;                    // only the high byte is used: see renderMode()
    std::uint8_t attributes = 0;                // 0x02 texture pre-load, 0x40 special object
    std::array<std::uint8_t, 3> faceCountLow{}; // 0x11..0x13 build-tool bytes, raw
    std::uint32_t unused14 = 1;                 // big-endian in the file, raw
    std::uint32_t reserved18 = 0;
    std::array<std::uint32_t, 3> bboxExtent{};
    std::array<std::uint32_t, 3> reserved28{};
    std::array<std::uint32_t, 3> bboxPositive{};
    std::array<std::uint32_t, 3> bboxNegative{};
    Bytes data;                 // payload exactly as stored
    std::optional<Model> model; // parsed payload of types 0 / 256 (when non-empty)
    bool operator==(const RobSegment&) const = default;

    bool isExternal() const { return type == kRobExternal; }
};

struct Rob {
    std::uint32_t unused04 = 4; // big-endian in the file, always 4
    std::vector<RobSegment> segments;
    bool operator==(const Rob&) const = default;
};

// The render mode selector: the high byte of flags, 0 meaning 0xFF (standard rendering).
std::uint8_t robRenderMode(const RobSegment& segment);

// The selector's values the engine draws apart (the reference's ROB segment flags); any other
// byte draws as standard.
namespace rob_render_mode {
inline constexpr std::uint8_t kStandard = 0xFF, kTransparent = 0x8C, kWater = 0xC8, kBeam = 0x5A;
}

// Reads a ROB under the reading policy of docs/formats.md. Throws rgx::Error (path, absolute
// offset, field) on a bad magic, a truncated header, too many segments for the bytes left, or a
// segment whose data runs past the end. Everything else is a warning (into `warnings` when
// given): a total_size that disagrees with data_size, an unknown segment type (kept raw, no
// model), an embedded model that cannot be read (kept raw, no model; the warning names its
// absolute offset inside the ROB), a payload_size that disagrees, a missing "END " footer or bytes
// after it.
Rob readRob(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// Writes the archive; total_size, data_size and payload_size are computed. Segments write `data`
// as is: use robModelSegment() to make a segment from a Model.
Bytes writeRob(const Rob& rob);

// An embedded segment (type 0 unless given) holding writeModel(model): data, the parsed model,
// faceCountLow[2] = face count mod 256 and the bounding-box fields from frame 0's vertices.
RobSegment robModelSegment(const std::string& name, const Model& model, std::uint16_t type = kRobEmbedded);
// An external .3DC reference (type 512, no data).
RobSegment robExternalSegment(const std::string& name);

} // namespace rgx::loaders

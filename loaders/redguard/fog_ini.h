#pragma once
// FOG.INI (fxart/FOG.INI): the Glide renderer's fog density ramp, as "index,value" lines
// (index 0..63 is a distance band, value 0..255 a density) with ';' comments; a last line with an
// index and no value ("63") marks the end of the table.
//
// fogTable() expands the points to the 64-entry table as the reference describes: linear
// interpolation between consecutive points, entries before the first point 0, entries from the
// last valued point through 63 holding its value (docs/formats/ini.md discusses the other reading
// seen elsewhere, a step fill with entry 63 left at zero).

#include "loaders/redguard/ini.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::loaders {

inline constexpr std::size_t kFogTableSize = 64;

struct FogPoint {
    std::int64_t index = 0;            // 0..63
    std::optional<std::int64_t> value; // 0..255; none for the end marker
    bool operator==(const FogPoint&) const = default;
};

struct FogIni {
    std::vector<FogPoint> points; // file order
    bool operator==(const FogIni&) const = default;
};

// Reads every "index[,value]" line (in any section; "index=value" is accepted too). Lines that do
// not parse, indices outside 0..63 and values outside 0..255 are skipped and reported. Never
// throws.
FogIni parseFogIni(const IniFile& ini, std::vector<IniIssue>* issues = nullptr);
FogIni readFogIni(ByteSpan bytes, const std::string& path, std::vector<IniIssue>* issues = nullptr);

// "; FOG.INI" comment, then one "index,value" (or "index") line per point, CRLF.
IniFile buildFogIni(const FogIni& fog);
Bytes writeFogIni(const FogIni& fog);

// The 64-entry density table. Points are taken in index order (a stable sort, so of two points
// with the same index the later one in the file wins); integer interpolation truncates toward
// the earlier point's value.
std::array<std::uint8_t, kFogTableSize> fogTable(const FogIni& fog);

} // namespace rgx::loaders

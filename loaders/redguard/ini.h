#pragma once
// The one tolerant INI parser behind WORLD.INI, SYSTEM.INI, FOG.INI and SURFACE.INI, and its
// writer.
//
// The shipped files are hand-edited text: CRLF line ends, ';' comments, typos such as
// "orld_ambientfx[8]=128", indexed keys ("world_map[0]=MAPS\start.rgm") and, in FOG.INI and
// SURFACE.INI, list lines without '=' ("34,2", "12, all, WATER"). So the parser never fails on
// a line: every line is kept with its raw text and line end, classified, and malformed lines are
// kept as IniLineKind::Unknown with a reason. writeIni() concatenates raw text + line ends, so
// writeIni(readIni(bytes)) == bytes for any accepted input, comments and all.
//
// The only fatal errors are inputs that cannot be INI text at all: larger than kMaxIniBytes
// (every shipped INI is under 64 KiB), so a huge or binary file never costs more than a bounded,
// linear pass.
//
// Lookups are case-insensitive on section and key (the engine's own are: SYSTEM.INI mixes
// "Palette_red" with lower-case keys). Duplicate keys: the FIRST occurrence wins, as with
// Windows' GetPrivateProfileString; later ones are reported by iniIssues().

#include "loaders/bytes.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::loaders {

// Real INI files are tens of KiB; this bound keeps a mistaken multi-GiB input from being copied.
inline constexpr std::size_t kMaxIniBytes = 16u * 1024u * 1024u;

enum class IniLineKind : std::uint8_t {
    Blank,    // only spaces/tabs
    Comment,  // first non-blank characters ';', '#' or "//"
    Section,  // "[name]" (anything after the ']' is ignored)
    KeyValue, // "key=value" or "key[N]=value"
    Text,     // any other printable line without '=' (FOG.INI pairs, SURFACE.INI records)
    Unknown,  // malformed: kept verbatim, reported, never fatal
};

struct IniLine {
    IniLineKind kind = IniLineKind::Blank;
    std::string raw;        // the line exactly as written, without its line end
    std::string eol;        // "\r\n", "\n" or "" (last line without a line end)
    std::size_t number = 0; // 1-based line number
    std::string section;    // the section this line is in ("" before the first header); for a
                            // Section line its own (trimmed) name
    std::string key;        // KeyValue: key as written, trimmed, without any "[N]"
    bool hasIndex = false;
    std::int64_t index = 0; // KeyValue "key[N]": N
    std::string value;      // KeyValue: trimmed value, inline "; comment" removed; Text: trimmed text
    std::string reason;     // Unknown: why the line was not understood

    bool operator==(const IniLine&) const = default;
};

struct IniFile {
    std::vector<IniLine> lines;
    bool operator==(const IniFile&) const = default;
};

// A problem found in a file (malformed line, unknown key, value that did not parse, duplicate).
// Never fatal: typed layers collect these next to the values they did understand.
struct IniIssue {
    std::size_t line = 0; // 1-based line number, 0 when not tied to a line
    std::string text;     // the raw line
    std::string reason;
    bool operator==(const IniIssue&) const = default;
};

// Splits bytes into lines and classifies them. Throws rgx::Error only when bytes.size() exceeds
// kMaxIniBytes. Linear in the input size.
IniFile readIni(ByteSpan bytes, const std::string& path);

// Concatenates raw + eol of every line: the exact inverse of readIni.
Bytes writeIni(const IniFile& ini);

// Classifies one line of text (no line end) as readIni does; `section` is the current section.
IniLine parseIniLine(std::string_view raw, const std::string& section);

// Building fresh files (the demo world): each appends one line, formatted canonically, and
// parsed back so the result equals readIni(writeIni(ini)). eol defaults to the shipped CRLF.
void addIniSection(IniFile& ini, const std::string& name, const std::string& eol = "\r\n");
void addIniValue(IniFile& ini, const std::string& key, const std::string& value,
                 const std::string& eol = "\r\n");
void addIniIndexedValue(IniFile& ini, const std::string& key, std::int64_t index, const std::string& value,
                        const std::string& eol = "\r\n");
void addIniText(IniFile& ini, const std::string& text, const std::string& eol = "\r\n");
// text is written after "; " (a comment must stay one line: line breaks become spaces).
void addIniComment(IniFile& ini, const std::string& text, const std::string& eol = "\r\n");
void addIniBlank(IniFile& ini, const std::string& eol = "\r\n");

// The first KeyValue line with this section, key and index (index nullopt: a key without
// "[N]"), compared case-insensitively; nullptr when absent.
const IniLine* findIni(const IniFile& ini, std::string_view section, std::string_view key,
                       std::optional<std::int64_t> index = std::nullopt);
std::optional<std::string> iniString(const IniFile& ini, std::string_view section, std::string_view key);

// Typed getters with defaults: the default is returned when the key is absent or its value does
// not parse. Booleans accept yes/no, on/off, true/false and integers (non-zero = true).
std::int64_t iniInt(const IniFile& ini, std::string_view section, std::string_view key, std::int64_t def);
double iniFloat(const IniFile& ini, std::string_view section, std::string_view key, double def);
bool iniBool(const IniFile& ini, std::string_view section, std::string_view key, bool def);

// Unknown lines and repeated keys (same section, key and index as an earlier line).
std::vector<IniIssue> iniIssues(const IniFile& ini);

// Value helpers shared by the typed layers (tolerant of surrounding spaces).
std::optional<std::int64_t> parseIniInt(std::string_view text);
std::optional<double> parseIniFloat(std::string_view text);
std::optional<bool> parseIniBool(std::string_view text);
// "a, b ,c" -> {"a","b","c"} (trimmed; an empty text gives one empty field).
std::vector<std::string> splitIniList(std::string_view text, char sep = ',');
// Comma-separated integers; nullopt unless there are exactly `count` of them (count 0: any).
std::optional<std::vector<std::int64_t>> parseIniIntList(std::string_view text, std::size_t count = 0);

bool iniEqualsNoCase(std::string_view a, std::string_view b);
std::string iniLower(std::string_view s);
std::string_view iniTrim(std::string_view s);

} // namespace rgx::loaders

#include "loaders/redguard/ini.h"

#include "base/error.h"

#include <charconv>
#include <cstring>
#include <set>
#include <tuple>

namespace rgx::loaders {

namespace {

// COMBAT.INI, the longest shipped INI, has 3,728 lines; the bound keeps a file of bare newlines
// from turning into tens of millions of line records.
constexpr std::size_t kMaxIniLines = 100000;

char lowerChar(char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool isControl(unsigned char c) {
    return (c < 0x20 && c != '\t') || c == 0x7F;
}

// Cuts an inline "; comment" off a value or text.
std::string_view cutComment(std::string_view s) {
    auto semi = s.find(';');
    return semi == std::string_view::npos ? s : s.substr(0, semi);
}

bool parseIndex(std::string_view digits, std::int64_t& out) {
    digits = iniTrim(digits);
    if (digits.empty() || digits.size() > 18) return false;
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    return ec == std::errc() && p == digits.data() + digits.size();
}

std::string oneLine(std::string s) {
    for (char& c : s) {
        if (c == '\r' || c == '\n') c = ' ';
    }
    return s;
}

std::string currentSection(const IniFile& ini) {
    return ini.lines.empty() ? std::string() : ini.lines.back().section;
}

void appendLine(IniFile& ini, const std::string& raw, const std::string& eol) {
    IniLine line = parseIniLine(raw, currentSection(ini));
    line.eol = eol;
    line.number = ini.lines.size() + 1;
    ini.lines.push_back(std::move(line));
}

} // namespace

std::string_view iniTrim(std::string_view s) {
    std::size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
        --e;
    return s.substr(b, e - b);
}

std::string iniLower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = lowerChar(c);
    return out;
}

bool iniEqualsNoCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (lowerChar(a[i]) != lowerChar(b[i])) return false;
    }
    return true;
}

IniLine parseIniLine(std::string_view raw, const std::string& section) {
    IniLine line;
    line.raw = std::string(raw);
    line.section = section;
    for (unsigned char c : raw) {
        if (isControl(c)) {
            line.kind = IniLineKind::Unknown;
            line.reason = "control character 0x" + std::string(1, "0123456789abcdef"[c >> 4]) +
                          std::string(1, "0123456789abcdef"[c & 15]) + " in a text line";
            return line;
        }
    }
    std::string_view t = iniTrim(raw);
    if (t.empty()) {
        line.kind = IniLineKind::Blank;
        return line;
    }
    if (t[0] == ';' || t[0] == '#' || t.substr(0, 2) == "//") {
        line.kind = IniLineKind::Comment;
        return line;
    }
    if (t[0] == '[') {
        auto close = t.find(']');
        if (close == std::string_view::npos) {
            line.kind = IniLineKind::Unknown;
            line.reason = "section header without ']'";
            return line;
        }
        std::string_view name = iniTrim(t.substr(1, close - 1));
        if (name.empty()) {
            line.kind = IniLineKind::Unknown;
            line.reason = "empty section name";
            return line;
        }
        line.kind = IniLineKind::Section;
        line.section = std::string(name);
        return line;
    }
    auto eq = t.find('=');
    if (eq == std::string_view::npos) {
        line.kind = IniLineKind::Text;
        line.value = std::string(iniTrim(cutComment(t)));
        return line;
    }
    std::string_view key = iniTrim(t.substr(0, eq));
    if (key.empty()) {
        line.kind = IniLineKind::Unknown;
        line.reason = "empty key before '='";
        return line;
    }
    auto open = key.find('[');
    if (open != std::string_view::npos || key.find(']') != std::string_view::npos) {
        std::int64_t index = 0;
        if (open == std::string_view::npos || open == 0 || key.back() != ']' ||
            key.find('[', open + 1) != std::string_view::npos ||
            !parseIndex(key.substr(open + 1, key.size() - open - 2), index)) {
            line.kind = IniLineKind::Unknown;
            line.reason = "malformed key index (expected key[N])";
            return line;
        }
        line.hasIndex = true;
        line.index = index;
        key = iniTrim(key.substr(0, open));
    }
    line.kind = IniLineKind::KeyValue;
    line.key = std::string(key);
    line.value = std::string(iniTrim(cutComment(t.substr(eq + 1))));
    return line;
}

IniFile readIni(ByteSpan bytes, const std::string& path) {
    if (bytes.size() > kMaxIniBytes) {
        throw Error(path, 0, "file",
                    "size " + std::to_string(bytes.size()) + " exceeds the " + std::to_string(kMaxIniBytes) +
                        "-byte limit for an INI text file");
    }
    IniFile ini;
    std::string section;
    const char* data = reinterpret_cast<const char*>(bytes.data());
    std::size_t start = 0;
    const std::size_t n = bytes.size();
    while (start < n) {
        if (ini.lines.size() >= kMaxIniLines) {
            throw Error(path, start, "line " + std::to_string(ini.lines.size() + 1),
                        "more than " + std::to_string(kMaxIniLines) + " lines: not an INI text file");
        }
        const void* nl = std::memchr(data + start, '\n', n - start);
        std::size_t end = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - data) : n;
        std::size_t textEnd = end;
        std::string eol;
        if (nl) {
            if (textEnd > start && data[textEnd - 1] == '\r') {
                --textEnd;
                eol = "\r\n";
            } else {
                eol = "\n";
            }
        }
        IniLine line = parseIniLine(std::string_view(data + start, textEnd - start), section);
        if (line.kind == IniLineKind::Section) section = line.section;
        line.eol = std::move(eol);
        line.number = ini.lines.size() + 1;
        ini.lines.push_back(std::move(line));
        start = nl ? end + 1 : n;
    }
    return ini;
}

Bytes writeIni(const IniFile& ini) {
    std::size_t total = 0;
    for (const IniLine& l : ini.lines)
        total += l.raw.size() + l.eol.size();
    Bytes out;
    out.reserve(total);
    for (const IniLine& l : ini.lines) {
        out.insert(out.end(), l.raw.begin(), l.raw.end());
        out.insert(out.end(), l.eol.begin(), l.eol.end());
    }
    return out;
}

void addIniSection(IniFile& ini, const std::string& name, const std::string& eol) {
    // Built piecewise: GCC 12 warns (-Wrestrict, a false positive) on "[" + std::string&&.
    std::string raw(1, '[');
    raw += oneLine(name);
    raw += ']';
    appendLine(ini, raw, eol);
}

void addIniValue(IniFile& ini, const std::string& key, const std::string& value, const std::string& eol) {
    appendLine(ini, oneLine(key) + "=" + oneLine(value), eol);
}

void addIniIndexedValue(IniFile& ini, const std::string& key, std::int64_t index, const std::string& value,
                        const std::string& eol) {
    appendLine(ini, oneLine(key) + "[" + std::to_string(index) + "]=" + oneLine(value), eol);
}

void addIniText(IniFile& ini, const std::string& text, const std::string& eol) {
    appendLine(ini, oneLine(text), eol);
}

void addIniComment(IniFile& ini, const std::string& text, const std::string& eol) {
    std::string raw = "; ";
    raw += oneLine(text);
    appendLine(ini, raw, eol);
}

void addIniBlank(IniFile& ini, const std::string& eol) {
    appendLine(ini, "", eol);
}

const IniLine* findIni(const IniFile& ini, std::string_view section, std::string_view key,
                       std::optional<std::int64_t> index) {
    for (const IniLine& l : ini.lines) {
        if (l.kind != IniLineKind::KeyValue) continue;
        if (l.hasIndex != index.has_value() || (index && l.index != *index)) continue;
        if (iniEqualsNoCase(l.key, key) && iniEqualsNoCase(l.section, section)) return &l;
    }
    return nullptr;
}

std::optional<std::string> iniString(const IniFile& ini, std::string_view section, std::string_view key) {
    const IniLine* l = findIni(ini, section, key);
    if (!l) return std::nullopt;
    return l->value;
}

std::int64_t iniInt(const IniFile& ini, std::string_view section, std::string_view key, std::int64_t def) {
    const IniLine* l = findIni(ini, section, key);
    if (!l) return def;
    return parseIniInt(l->value).value_or(def);
}

double iniFloat(const IniFile& ini, std::string_view section, std::string_view key, double def) {
    const IniLine* l = findIni(ini, section, key);
    if (!l) return def;
    return parseIniFloat(l->value).value_or(def);
}

bool iniBool(const IniFile& ini, std::string_view section, std::string_view key, bool def) {
    const IniLine* l = findIni(ini, section, key);
    if (!l) return def;
    return parseIniBool(l->value).value_or(def);
}

std::vector<IniIssue> iniIssues(const IniFile& ini) {
    std::vector<IniIssue> issues;
    std::set<std::tuple<std::string, std::string, bool, std::int64_t>> seen;
    for (const IniLine& l : ini.lines) {
        if (l.kind == IniLineKind::Unknown) {
            issues.push_back({l.number, l.raw, l.reason});
        } else if (l.kind == IniLineKind::KeyValue) {
            auto id = std::make_tuple(iniLower(l.section), iniLower(l.key), l.hasIndex, l.index);
            if (!seen.insert(id).second) {
                issues.push_back({l.number, l.raw, "duplicate key: the first occurrence is used"});
            }
        }
    }
    return issues;
}

std::optional<std::int64_t> parseIniInt(std::string_view text) {
    text = iniTrim(text);
    if (!text.empty() && text[0] == '+') text.remove_prefix(1);
    if (text.empty()) return std::nullopt;
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
    return v;
}

std::optional<double> parseIniFloat(std::string_view text) {
    text = iniTrim(text);
    if (!text.empty() && text[0] == '+') text.remove_prefix(1);
    if (text.empty()) return std::nullopt;
    double v = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
    return v;
}

std::optional<bool> parseIniBool(std::string_view text) {
    std::string t = iniLower(iniTrim(text));
    if (t == "yes" || t == "on" || t == "true") return true;
    if (t == "no" || t == "off" || t == "false") return false;
    if (auto v = parseIniInt(t)) return *v != 0;
    return std::nullopt;
}

std::vector<std::string> splitIniList(std::string_view text, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        auto pos = text.find(sep, start);
        if (pos == std::string_view::npos) {
            out.emplace_back(iniTrim(text.substr(start)));
            break;
        }
        out.emplace_back(iniTrim(text.substr(start, pos - start)));
        start = pos + 1;
    }
    return out;
}

std::optional<std::vector<std::int64_t>> parseIniIntList(std::string_view text, std::size_t count) {
    std::vector<std::int64_t> values;
    for (const std::string& f : splitIniList(text)) {
        auto v = parseIniInt(f);
        if (!v) return std::nullopt;
        values.push_back(*v);
    }
    if (count != 0 && values.size() != count) return std::nullopt;
    return values;
}

} // namespace rgx::loaders

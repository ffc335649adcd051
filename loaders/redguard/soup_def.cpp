#include "loaders/redguard/soup_def.h"

#include "loaders/text.h"

#include <charconv>
#include <limits>
#include <set>
#include <string_view>

namespace rgx::loaders {

namespace {

// Bytecode ids bound what a file can usefully name: function and flag ids are 16 bits, a
// reference id's low byte indexes the refs and a RAAT slot is one byte. Entries past these can
// never be reached, so they are dropped (with one warning), which also bounds the records a
// hostile file can make.
constexpr std::size_t kMaxFunctions = 0x10000; // NullFunction included
constexpr std::size_t kMaxFlags = 0x10000;
constexpr std::size_t kMaxRefs = 0x100;
constexpr std::size_t kMaxAttributes = 0x100;
// A file of garbage lines would otherwise make one warning per line (millions within the size
// bound); past this many only a count is kept.
constexpr std::size_t kMaxWarnings = 1000;

enum class Section { None, Functions, Refs, Equates, Flags, Unknown };

char lowerChar(char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = lowerChar(c);
    return out;
}

bool equalsNoCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lowerChar(a[i]) != lowerChar(b[i])) return false;
    return true;
}

bool isSpace(char c) {
    return c == ' ' || c == '\t';
}

bool isControl(unsigned char c) {
    return (c < 0x20 && c != '\t') || c == 0x7F;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> tokens(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && isSpace(s[i]))
            ++i;
        const std::size_t start = i;
        while (i < s.size() && !isSpace(s[i]))
            ++i;
        if (i > start) out.push_back(s.substr(start, i - start));
    }
    return out;
}

// Decimal with an optional sign, or 0x hexadecimal (equates in the style of C headers).
std::optional<std::int64_t> parseInt(std::string_view s) {
    bool negative = false;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    int base = 10;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s.remove_prefix(2);
    }
    if (s.empty()) return std::nullopt;
    std::uint64_t magnitude = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), magnitude, base);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    constexpr std::uint64_t kMaxPositive = std::numeric_limits<std::int64_t>::max();
    if (magnitude > kMaxPositive + (negative ? 1u : 0u)) return std::nullopt;
    if (!negative) return static_cast<std::int64_t>(magnitude);
    // -(2^63) has no positive counterpart: negate in unsigned arithmetic.
    return static_cast<std::int64_t>(~magnitude + 1u);
}

std::optional<SoupCallType> callTypeOf(std::string_view word) {
    if (equalsNoCase(word, "task")) return SoupCallType::Task;
    if (equalsNoCase(word, "function")) return SoupCallType::Function;
    if (equalsNoCase(word, "multitask")) return SoupCallType::Multitask;
    return std::nullopt;
}

std::optional<SoupFlagType> flagTypeOf(std::string_view word) {
    if (equalsNoCase(word, "bool")) return SoupFlagType::Bool;
    if (equalsNoCase(word, "number")) return SoupFlagType::Number;
    if (equalsNoCase(word, "flipflop")) return SoupFlagType::FlipFlop;
    return std::nullopt;
}

const char* sectionField(Section s) {
    switch (s) {
    case Section::Functions:
        return "[functions]";
    case Section::Refs:
        return "[refs]";
    case Section::Equates:
        return "[equates]";
    case Section::Flags:
        return "[flags]";
    case Section::None:
    case Section::Unknown:
        break;
    }
    return "";
}

// A line split at its first comment: `code` before it; `comment` the text after a ';' (trimmed),
// nullopt when there is no ';' comment ('//' comments are dropped, as the game's own headers
// used them for notes, not for flag descriptions).
struct SplitLine {
    std::string_view code;
    std::optional<std::string_view> comment;
};

SplitLine splitComment(std::string_view line) {
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == ';') return {trim(line.substr(0, i)), trim(line.substr(i + 1))};
        if (line[i] == '/' && i + 1 < line.size() && line[i + 1] == '/') return {trim(line.substr(0, i)), {}};
    }
    return {trim(line), {}};
}

class Reader {
public:
    Reader(const std::string& path, SoupDefReadResult& out)
        : path_(path), def_(out.def), warnings_(out.warnings) {
        def_.functions.push_back({SoupCallType::Function, "NullFunction", 0});
    }

    void line(std::string_view text, std::size_t offset) {
        offset_ = offset;
        text_ = text;
        const SplitLine split = splitComment(text);
        if (split.code.empty()) return;
        if (split.code.front() == '[') {
            header(split.code);
            return;
        }
        if (section_ == Section::Unknown) return; // its header was reported once
        if (!printable(split.code) ||
            (section_ == Section::Flags && split.comment && !printable(*split.comment)))
            return;
        switch (section_) {
        case Section::None:
            warn("text before the first section header: line skipped");
            break;
        case Section::Unknown:
            break;
        case Section::Functions:
            function(split.code);
            break;
        case Section::Refs:
            ref(split.code);
            break;
        case Section::Equates:
            equates(split.code);
            break;
        case Section::Flags:
            flag(split.code, split.comment);
            break;
        }
    }

    void finish(std::size_t endOffset) {
        closeSection();
        if (suppressed_ > 0) {
            warnings_.push_back({path_, endOffset, "",
                                 std::to_string(suppressed_) + " more warnings not listed (the first " +
                                     std::to_string(kMaxWarnings) + " are)"});
        }
    }

private:
    // False (after a warning) when the text holds a control byte: names and comments are kept
    // one printable line each, so what is read can always be written back.
    bool printable(std::string_view s) {
        for (unsigned char c : s) {
            if (isControl(c)) {
                const char* digits = "0123456789abcdef";
                warn(std::string("control byte \\x") + digits[c >> 4] + digits[c & 15] +
                     " in a text line: line skipped");
                return false;
            }
        }
        return true;
    }

    void warnAt(std::size_t offset, const std::string& field, std::string message) {
        if (warnings_.size() >= kMaxWarnings) {
            ++suppressed_;
            return;
        }
        warnings_.push_back({path_, offset, field, std::move(message)});
    }
    // About the current line: the message, then the line itself (escaped, cut to stay one
    // readable line).
    void warn(std::string message) {
        constexpr std::size_t kShown = 60;
        std::string shown = escapeBytes(text_.substr(0, kShown));
        if (text_.size() > kShown) shown += "...";
        warnAt(offset_, field_, std::move(message) + ": \"" + shown + "\"");
    }

    void header(std::string_view code) {
        const std::size_t close = code.find(']');
        if (close == std::string_view::npos) {
            warn("section header without ']': line skipped");
            return;
        }
        closeSection();
        const std::string name = lower(trim(code.substr(1, close - 1)));
        if (name == "functions")
            section_ = Section::Functions;
        else if (name == "refs")
            section_ = Section::Refs;
        else if (name == "equates")
            section_ = Section::Equates;
        else if (name == "flags")
            section_ = Section::Flags;
        else
            section_ = Section::Unknown;
        if (section_ == Section::Unknown) {
            // Appended piecewise: GCC 12 reports a false -Wrestrict for "[" + s + "]" here at -O3.
            std::string field = "[";
            field += escapeBytes(trim(code.substr(1, close - 1)));
            field += ']';
            field_ = std::move(field);
        } else {
            field_ = sectionField(section_);
        }
        if (section_ == Section::Unknown)
            warn("unknown section: its lines are skipped");
        else if (!trim(code.substr(close + 1)).empty())
            warn("text after the section header ignored");
    }

    void closeSection() {
        if (section_ == Section::Equates && inAuto_)
            warnAt(autoOffset_, "[equates]",
                   "`auto` block without `endauto` (closed by the end of the section)");
        inAuto_ = false;
    }

    // Reports a duplicate name (lookups find the first) and keeps the entry, so that the indices
    // of the entries after it stay those of the file.
    void checkDuplicate(std::set<std::string>& seen, std::string_view name, const char* what) {
        if (!seen.insert(lower(name)).second)
            warn(std::string("duplicate ") + what + " name (lookups find the first)");
    }

    // Returns false (after one warning) once a section holds all the entries ids can address.
    bool room(std::size_t size, std::size_t limit, bool& warned, const char* what) {
        if (size < limit) return true;
        if (!warned)
            warn("more " + std::string(what) + " than the " + std::to_string(limit) +
                 " ids can address: this one and the rest are dropped");
        warned = true;
        return false;
    }

    void function(std::string_view code) {
        const std::vector<std::string_view> t = tokens(code);
        std::optional<std::int64_t> count;
        if (t.size() == 4 && (equalsNoCase(t[2], "parms") || equalsNoCase(t[2], "params")) && !t[3].empty() &&
            t[3][0] != '-')
            count = parseInt(t[3]);
        if (!count || *count > std::numeric_limits<std::uint32_t>::max()) {
            warn("not `<task|function|multitask> <name> parms <count>`: line skipped (later functions "
                 "move up one index)");
            return;
        }
        if (!room(def_.functions.size(), kMaxFunctions, functionsFull_, "functions")) return;
        std::optional<SoupCallType> type = callTypeOf(t[0]);
        if (!type) warn("unknown call type: kept as a function, so later indices stay the file's");
        checkDuplicate(functionNames_, t[1], "function");
        def_.functions.push_back(
            {type.value_or(SoupCallType::Function), std::string(t[1]), static_cast<std::uint32_t>(*count)});
    }

    void ref(std::string_view code) {
        const std::vector<std::string_view> t = tokens(code);
        if (t.size() != 1) {
            warn("a ref line holds one name: line skipped (later refs move up one index)");
            return;
        }
        if (!room(def_.refs.size(), kMaxRefs, refsFull_, "refs")) return;
        checkDuplicate(refNames_, t[0], "ref");
        def_.refs.emplace_back(t[0]);
    }

    void equates(std::string_view code) {
        if (const std::size_t eq = code.find('='); eq != std::string_view::npos) {
            const std::vector<std::string_view> name = tokens(code.substr(0, eq));
            const std::vector<std::string_view> value = tokens(code.substr(eq + 1));
            std::optional<std::int64_t> v;
            if (value.size() == 1) v = parseInt(value[0]);
            if (name.size() != 1 || !v) {
                warn("not `<name> = <integer>`: line skipped");
                return;
            }
            def_.equates.push_back({std::string(name[0]), *v});
            return;
        }
        const std::vector<std::string_view> t = tokens(code);
        if (t.size() == 1 && equalsNoCase(t[0], "auto")) {
            if (inAuto_) {
                warn("`auto` inside an `auto` block ignored");
                return;
            }
            inAuto_ = true;
            autoOffset_ = offset_;
            inFirstAuto_ = !autoSeen_;
            autoSeen_ = true;
            return;
        }
        if (t.size() == 1 && equalsNoCase(t[0], "endauto")) {
            if (!inAuto_) warn("`endauto` without `auto` ignored");
            inAuto_ = false;
            return;
        }
        if (!inAuto_) {
            warn("a name outside an `auto` block: line skipped");
            return;
        }
        // Only the first block's names are the RAAT slots; later blocks name other enumerations
        // the VM does not index by, so their names are not kept.
        if (!inFirstAuto_) return;
        if (t.size() != 1) {
            warn("an `auto` line holds one name: line skipped (later attributes move up one slot)");
            return;
        }
        if (!room(def_.attributes.size(), kMaxAttributes, attributesFull_, "attributes")) return;
        def_.attributes.emplace_back(t[0]);
    }

    void flag(std::string_view code, std::optional<std::string_view> comment) {
        const std::vector<std::string_view> t = tokens(code);
        std::optional<std::int64_t> value = 0;
        if (t.size() == 3) value = parseInt(t[2]);
        if (t.size() < 2 || t.size() > 3 || !value || *value < std::numeric_limits<std::int32_t>::min() ||
            *value > std::numeric_limits<std::int32_t>::max()) {
            warn("not `<BOOL|NUMBER|FLIPFLOP> <name> <default>`: line skipped (later flags move up one "
                 "index)");
            return;
        }
        if (!room(def_.flags.size(), kMaxFlags, flagsFull_, "flags")) return;
        std::optional<SoupFlagType> type = flagTypeOf(t[0]);
        if (!type) warn("unknown flag type: kept as BOOL, so later indices stay the file's");
        if (t.size() == 2) warn("no default value: 0");
        checkDuplicate(flagNames_, t[1], "flag");
        def_.flags.push_back({type.value_or(SoupFlagType::Bool), std::string(t[1]),
                              static_cast<std::int32_t>(*value), std::string(comment.value_or(""))});
    }

    const std::string& path_;
    SoupDef& def_;
    Warnings& warnings_;
    std::size_t suppressed_ = 0;
    std::size_t offset_ = 0;
    std::string_view text_;
    Section section_ = Section::None;
    std::string field_; // the warnings' field: the section as its header names it
    bool inAuto_ = false, inFirstAuto_ = false, autoSeen_ = false;
    std::size_t autoOffset_ = 0;
    bool functionsFull_ = false, refsFull_ = false, attributesFull_ = false, flagsFull_ = false;
    std::set<std::string> functionNames_, refNames_, flagNames_;
};

template <class Item, class Name>
std::optional<std::uint16_t> findByName(const std::vector<Item>& items, const std::string& name,
                                        Name nameOf) {
    const std::size_t n = std::min<std::size_t>(items.size(), 0x10000);
    for (std::size_t i = 0; i < n; ++i)
        if (equalsNoCase(nameOf(items[i]), name)) return static_cast<std::uint16_t>(i);
    return std::nullopt;
}

void put(Bytes& out, std::string_view s) {
    out.insert(out.end(), s.begin(), s.end());
}

} // namespace

SoupDefReadResult readSoupDefWithWarnings(ByteSpan bytes, const std::string& path) {
    if (bytes.size() > kMaxSoupDefBytes) {
        throw Error(path, kMaxSoupDefBytes, "file",
                    "size " + std::to_string(bytes.size()) + " exceeds the " +
                        std::to_string(kMaxSoupDefBytes) + "-byte limit for SOUP386.DEF");
    }
    SoupDefReadResult result;
    Reader reader(path, result);
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        const std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
        if (end == std::string_view::npos) end = text.size();
        if (end > start && text[end - 1] == '\r') --end; // CRLF, as the DOS tools wrote it
        reader.line(text.substr(start, end - start), start);
        start = next;
    }
    reader.finish(text.size());
    return result;
}

SoupDef readSoupDef(ByteSpan bytes, const std::string& path) {
    return readSoupDefWithWarnings(bytes, path).def;
}

Bytes writeSoupDef(const SoupDef& def) {
    Bytes out;
    put(out,
        "; SOUP386.DEF: the SOUP script definitions (functions, refs, equates, flags), written by rgx\n");
    put(out, "\n[functions]\n");
    // functions[0] is the synthetic NullFunction the reader adds: it is not part of the file.
    for (std::size_t i = 1; i < def.functions.size(); ++i) {
        const SoupFunction& f = def.functions[i];
        put(out, std::string(soupCallTypeName(f.type)) + " " + f.name + " parms " + std::to_string(f.params) +
                     "\n");
    }
    put(out, "\n[refs]\n");
    for (const std::string& r : def.refs)
        put(out, r + "\n");
    put(out, "\n[equates]\n");
    if (!def.attributes.empty()) {
        put(out, "auto\n");
        for (const std::string& a : def.attributes)
            put(out, a + "\n");
        put(out, "endauto\n");
    }
    for (const SoupEquate& e : def.equates)
        put(out, e.name + " = " + std::to_string(e.value) + "\n");
    put(out, "\n[flags]\n");
    for (const SoupFlag& f : def.flags) {
        put(out, std::string(soupFlagTypeName(f.type)) + " " + f.name + " " + std::to_string(f.value));
        if (!f.comment.empty()) {
            // A comment must stay on its line.
            std::string comment = f.comment;
            for (char& c : comment)
                if (isControl(static_cast<unsigned char>(c))) c = ' ';
            put(out, " ;" + comment);
        }
        put(out, "\n");
    }
    return out;
}

std::optional<std::uint16_t> findSoupFunction(const SoupDef& def, const std::string& name) {
    return findByName(def.functions, name,
                      [](const SoupFunction& f) -> const std::string& { return f.name; });
}

std::optional<std::uint16_t> findSoupFlag(const SoupDef& def, const std::string& name) {
    return findByName(def.flags, name, [](const SoupFlag& f) -> const std::string& { return f.name; });
}

std::optional<std::uint16_t> findSoupRef(const SoupDef& def, const std::string& name) {
    return findByName(def.refs, name, [](const std::string& r) -> const std::string& { return r; });
}

const char* soupCallTypeName(SoupCallType type) {
    switch (type) {
    case SoupCallType::Task:
        return "task";
    case SoupCallType::Function:
        return "function";
    case SoupCallType::Multitask:
        return "multitask";
    }
    return "function";
}

const char* soupFlagTypeName(SoupFlagType type) {
    switch (type) {
    case SoupFlagType::Bool:
        return "BOOL";
    case SoupFlagType::Number:
        return "NUMBER";
    case SoupFlagType::FlipFlop:
        return "FLIPFLOP";
    }
    return "BOOL";
}

} // namespace rgx::loaders

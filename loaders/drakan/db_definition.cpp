#include "loaders/drakan/db_definition.h"

#include <charconv>
#include <set>

namespace rgx::loaders::drakan {

namespace {

// One line of the text, its offset and its fields split at spaces and tabs.
struct Line {
    std::size_t offset = 0;
    std::vector<std::string_view> fields;
};

std::vector<Line> splitLines(std::string_view text, bool& crlf) {
    std::vector<Line> lines;
    crlf = false;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
            crlf = true;
        }
        Line l;
        l.offset = start;
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
                ++i;
            const std::size_t f = i;
            while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
                ++i;
            if (i > f) l.fields.push_back(line.substr(f, i - f));
        }
        if (!l.fields.empty()) lines.push_back(std::move(l));
        start = end + 1;
    }
    return lines;
}

long number(const ByteReader& r, const Line& line, std::size_t field, std::string_view what) {
    if (field >= line.fields.size()) r.failAt(line.offset, what, "the line has no " + std::string(what));
    const std::string_view text = line.fields[field];
    long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size())
        r.failAt(line.offset, what, "\"" + std::string(text) + "\" is not a number");
    return value;
}

} // namespace

DbDefinition readDbDefinition(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    const ByteReader r(bytes, path, 0, warnings);
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    DbDefinition db;
    const std::vector<Line> lines = splitLines(text, db.crlf);
    if (lines.empty() || lines[0].fields[0] != "version")
        r.failAt(0, "db version", "no \"version\" line first");
    db.version = static_cast<int>(number(r, lines[0], 1, "db version"));
    if (lines.size() < 2 || lines[1].fields[0] != "dependencies")
        r.failAt(lines.size() < 2 ? bytes.size() : lines[1].offset, "db dependencies",
                 "no \"dependencies\" line after the version");
    const long count = number(r, lines[1], 1, "db dependencies");
    if (count < 0 || static_cast<std::size_t>(count) > lines.size() - 2)
        r.failAt(lines[1].offset, "db dependencies",
                 std::to_string(count) + " dependencies, but " + std::to_string(lines.size() - 2) +
                     " lines follow (truncated?)");
    std::set<long> seen;
    for (long i = 0; i < count; ++i) {
        const Line& line = lines[static_cast<std::size_t>(2 + i)];
        const long index = number(r, line, 0, "db dependency index");
        if (index < 1 || index > 0xFFFF)
            r.failAt(line.offset, "db dependency index",
                     "index " + std::to_string(index) + " is outside 1..65535 (0 is the database itself)");
        if (!seen.insert(index).second)
            r.failAt(line.offset, "db dependency index",
                     "index " + std::to_string(index) + " is listed twice");
        if (line.fields.size() < 2) r.failAt(line.offset, "db dependency path", "the line has no path");
        std::string p(line.fields[1]);
        for (std::size_t f = 2; f < line.fields.size(); ++f) { // a path with spaces, rejoined with one
            p.push_back(' ');
            p.append(line.fields[f]);
        }
        db.dependencies.push_back({static_cast<std::uint16_t>(index), std::move(p)});
    }
    if (lines.size() > static_cast<std::size_t>(2 + count))
        r.warnAt(lines[static_cast<std::size_t>(2 + count)].offset, "db trailing",
                 std::to_string(lines.size() - 2 - static_cast<std::size_t>(count)) +
                     " lines after the dependencies (dropped)");
    return db;
}

Bytes writeDbDefinition(const DbDefinition& db) {
    const std::string end = db.crlf ? "\r\n" : "\n";
    std::string text = "version " + std::to_string(db.version) + end;
    text += "dependencies " + std::to_string(db.dependencies.size()) + end;
    for (const DbDependency& d : db.dependencies)
        text += std::to_string(d.index) + " " + d.path + end;
    return Bytes(text.begin(), text.end());
}

std::string recordFile(const DbDefinition& db, const std::string& dbPath, std::string_view self,
                       RecordRef ref, std::string_view extension) {
    if (ref.database == 0) {
        std::string file(self);
        file.append(extension);
        return file;
    }
    for (const DbDependency& d : db.dependencies) {
        if (d.index != ref.database) continue;
        const std::size_t slash = self.find_last_of('/');
        std::string file(slash == std::string_view::npos ? std::string_view() : self.substr(0, slash + 1));
        for (const char c : d.path)
            file.push_back(c == '\\' ? '/' : c);
        file.append(extension);
        return file;
    }
    throw Error(dbPath, Error::kNoOffset, "db dependency index",
                "record " + std::to_string(ref.id) + " names database " + std::to_string(ref.database) +
                    ", which this definition does not list");
}

} // namespace rgx::loaders::drakan

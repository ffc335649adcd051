#include "app/info/info_registry.h"

#include "base/error.h"
#include "loaders/text.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace rgx::app {

namespace {
std::vector<InfoFormat>& registry() {
    static std::vector<InfoFormat> formats;
    return formats;
}

std::string knownFormats() {
    std::string known;
    for (const InfoFormat& k : infoFormats())
        known += (known.empty() ? "" : ", ") + std::string(k.name);
    return known;
}

bool extensionMatches(std::string_view pattern, std::string_view ext) {
    if (pattern == "###") {
        return ext.size() == 3 &&
               std::all_of(ext.begin(), ext.end(), [](char c) { return c >= '0' && c <= '9'; });
    }
    return pattern == ext;
}

bool namedByExtension(const InfoFormat& f, std::string_view ext) {
    std::istringstream words(f.extensions);
    std::string w;
    while (words >> w)
        if (extensionMatches(w, ext)) return true;
    return false;
}

std::string lowerExtension(const std::string& path) {
    std::string ext;
    auto dot = path.find_last_of('.');
    auto slash = path.find_last_of("/\\");
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) ext = path.substr(dot + 1);
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}
} // namespace

int registerInfoFormat(const InfoFormat& format) {
    registry().push_back(format);
    return static_cast<int>(registry().size());
}

std::vector<InfoFormat> infoFormats() {
    std::vector<InfoFormat> sorted = registry();
    std::stable_sort(sorted.begin(), sorted.end(), [](const InfoFormat& a, const InfoFormat& b) {
        return a.priority != b.priority ? a.priority < b.priority : std::string_view(a.name) < b.name;
    });
    return sorted;
}

const InfoFormat* findInfoFormat(std::string_view name) {
    for (const InfoFormat& f : registry())
        if (name == f.name) return &f;
    return nullptr;
}

const InfoFormat* detectInfoFormat(rgx::loaders::ByteSpan bytes, std::string_view ext, bool* byExtension) {
    if (byExtension) *byExtension = false;
    const std::vector<InfoFormat> sorted = infoFormats();
    for (const InfoFormat& f : sorted) {
        if (f.detect && f.detect(bytes, ext)) return findInfoFormat(f.name);
    }
    // Content not recognised (a header another tool zeroed, a minimal file): the name decides.
    for (const InfoFormat& f : sorted) {
        if (!ext.empty() && namedByExtension(f, ext)) {
            if (byExtension) *byExtension = true;
            return findInfoFormat(f.name);
        }
    }
    return nullptr;
}

nlohmann::json describeFile(rgx::loaders::ByteSpan bytes, const std::string& path,
                            const std::string& format) {
    const InfoFormat* f = nullptr;
    bool byExtension = false;
    if (!format.empty()) {
        f = findInfoFormat(format);
        if (!f)
            throw Error(path, Error::kNoOffset, "--format",
                        "unknown format \"" + format + "\" (known: " + knownFormats() + ")");
    } else {
        f = detectInfoFormat(bytes, lowerExtension(path), &byExtension);
        if (!f) {
            throw Error(path, 0, "",
                        "unrecognised format (known: " + knownFormats() +
                            "); name one with --format if you know what the file is");
        }
    }
    loaders::Warnings warnings;
    if (byExtension) {
        warnings.push_back({path, 0, "format",
                            "the content is not recognised as any format; read as " + std::string(f->name) +
                                " by the file's extension"});
    }
    nlohmann::json j = f->describe(bytes, path, warnings);
    nlohmann::json list = nlohmann::json::array();
    for (const Warning& w : warnings) {
        list.push_back(
            {{"offset", w.offset == Error::kNoOffset ? nlohmann::json() : nlohmann::json(w.offset)},
             {"field", w.field},
             {"message", w.message}});
    }
    j["warnings"] = list;
    return j;
}

namespace {
void summarise(std::ostringstream& out, const nlohmann::json& v, const std::string& indent) {
    for (auto it = v.begin(); it != v.end(); ++it) {
        const nlohmann::json& x = it.value();
        if (indent.empty() && it.key() == "warnings") continue; // listed last, in full
        out << indent << it.key() << ": ";
        if (x.is_object()) {
            if (x.size() <= 8 &&
                std::all_of(x.begin(), x.end(), [](const nlohmann::json& e) { return e.is_primitive(); })) {
                out << x.dump() << "\n";
            } else {
                out << "\n";
                summarise(out, x, indent + "  ");
            }
        } else if (x.is_array()) {
            bool flat =
                std::all_of(x.begin(), x.end(), [](const nlohmann::json& e) { return e.is_primitive(); });
            if (flat && x.size() <= 8) {
                out << x.dump() << "\n";
            } else if (!flat && x.size() <= 12 && !x.empty() && x.front().is_object()) {
                out << x.size() << " entries\n";
                std::size_t i = 0;
                for (const auto& e : x) {
                    out << indent << "  [" << i++ << "]\n";
                    summarise(out, e, indent + "    ");
                }
            } else {
                out << x.size() << " entries (use --json for all)\n";
            }
        } else {
            out << (x.is_string() ? x.get<std::string>() : x.dump()) << "\n";
        }
    }
}
} // namespace

std::string readableSummary(const nlohmann::json& info) {
    const nlohmann::json text = utf8Json(info);
    std::ostringstream out;
    summarise(out, text, "");
    if (text.contains("warnings")) {
        out << "warnings: " << text["warnings"].size() << "\n";
        for (const auto& w : text["warnings"]) {
            std::string line;
            if (!w["offset"].is_null()) {
                char at[32];
                std::snprintf(at, sizeof at, "offset 0x%llx: ",
                              static_cast<unsigned long long>(w["offset"].get<std::uint64_t>()));
                line = at;
            }
            if (!w["field"].get_ref<const std::string&>().empty())
                line += w["field"].get<std::string>() + ": ";
            out << "  " << loaders::printableLine(line + w["message"].get<std::string>()) << "\n";
        }
    }
    return out.str();
}

} // namespace rgx::app

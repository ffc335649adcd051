#include "app/info_registry.h"

#include "loaders/error.h"

#include <algorithm>
#include <sstream>

namespace rgx::app {

namespace {
std::vector<InfoFormat>& registry() {
    static std::vector<InfoFormat> formats;
    return formats;
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

const InfoFormat* detectInfoFormat(rgx::loaders::ByteSpan bytes, std::string_view ext) {
    static std::vector<InfoFormat> sorted;
    sorted = infoFormats();
    for (const InfoFormat& f : sorted) {
        if (f.detect && f.detect(bytes, ext)) return &f;
    }
    return nullptr;
}

nlohmann::json describeFile(rgx::loaders::ByteSpan bytes, const std::string& path) {
    std::string ext;
    auto dot = path.find_last_of('.');
    auto slash = path.find_last_of("/\\");
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) ext = path.substr(dot + 1);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const InfoFormat* f = detectInfoFormat(bytes, ext);
    if (!f) {
        std::string known;
        for (const InfoFormat& k : infoFormats()) known += (known.empty() ? "" : ", ") + std::string(k.name);
        throw Error(path, 0, "", "unrecognised format (known: " + known + ")");
    }
    return f->describe(bytes, path);
}

namespace {
void summarise(std::ostringstream& out, const nlohmann::json& v, const std::string& indent) {
    for (auto it = v.begin(); it != v.end(); ++it) {
        const nlohmann::json& x = it.value();
        out << indent << it.key() << ": ";
        if (x.is_object()) {
            if (x.size() <= 8 && std::all_of(x.begin(), x.end(), [](const nlohmann::json& e) { return e.is_primitive(); })) {
                out << x.dump() << "\n";
            } else {
                out << "\n";
                summarise(out, x, indent + "  ");
            }
        } else if (x.is_array()) {
            bool flat = std::all_of(x.begin(), x.end(), [](const nlohmann::json& e) { return e.is_primitive(); });
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
    std::ostringstream out;
    summarise(out, info, "");
    return out.str();
}

} // namespace rgx::app

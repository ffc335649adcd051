#include "scene/redguard/model_resolver.h"

#include "base/error.h"

#include <set>

namespace rgx::scene {

namespace {
// Folder priority of the reference: fxart (v4/v5 models) before maps before 3dart (v2.x).
constexpr std::string_view kModelDirs[] = {"fxart", "maps", "3dart"};
} // namespace

std::string normalizeModelName(std::string_view name) {
    std::string s(name);
    if (auto slash = s.find_last_of("\\/"); slash != std::string::npos) s = s.substr(slash + 1);
    if (auto dot = s.find_last_of('.'); dot != std::string::npos) s = s.substr(0, dot);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\0'))
        s.pop_back();
    return upperAscii(s);
}

std::optional<std::string> ModelResolver::findDirectFile(const std::string& stem) const {
    if (stem.empty()) return std::nullopt;
    for (std::string_view ext : {".3D", ".3DC"}) {
        for (std::string_view dir : kModelDirs) {
            const std::string path = std::string(dir) + "/" + stem + std::string(ext);
            // 3dart/ falls back to fxart/ in GameFs; that file was already tried first.
            if (dir == "3dart" && !fs_.exists("3dart")) continue;
            if (fs_.exists(path)) return path;
        }
        const std::string rootPath = stem + std::string(ext);
        if (fs_.exists(rootPath)) return rootPath;
    }
    return std::nullopt;
}

std::shared_ptr<const loaders::Model> ModelResolver::parseFile(const std::string& path,
                                                               std::string& problem) {
    if (auto it = files_.find(path); it != files_.end()) {
        if (!it->second) problem = fileProblems_[path];
        return it->second;
    }
    std::shared_ptr<const loaders::Model> model;
    try {
        model = std::make_shared<const loaders::Model>(fs_.decode(
            path, [&](const loaders::Bytes& b) { return loaders::readModel(b, path, &readWarnings_); }));
        ++filesParsed_;
    } catch (const Error& e) {
        problem = e.what();
        fileProblems_[path] = problem;
    }
    files_.emplace(path, model);
    return model;
}

void ModelResolver::indexRobs() {
    robsIndexed_ = true;
    std::set<std::string> seenDirs;
    for (std::string_view dir : kModelDirs) {
        const auto onDisk = fs_.find(dir);
        // A missing 3dart/ resolves to fxart/ through the fallback: do not scan fxart twice.
        if (!onDisk || !seenDirs.insert(onDisk->string()).second) continue;
        for (const std::string& name : fs_.listFiles(dir)) {
            if (upperAscii(name).ends_with(".ROB")) {
                const std::string path = std::string(dir) + "/" + name;
                try {
                    robs_.push_back(
                        std::make_shared<const loaders::Rob>(fs_.decode(path, [&](const loaders::Bytes& b) {
                            return loaders::readRob(b, path, &readWarnings_);
                        })));
                } catch (const Error& e) {
                    fileProblems_[path] = e.what();
                    continue;
                }
                ++filesParsed_;
                robPaths_.push_back(path);
                const loaders::Rob& rob = *robs_.back();
                for (std::size_t s = 0; s < rob.segments.size(); ++s) {
                    segments_.emplace(upperAscii(rob.segments[s].name), SegmentRef{robs_.size() - 1, s});
                }
            }
        }
    }
}

const LocatedModel& ModelResolver::locate(std::string_view rawName) {
    const std::string name = normalizeModelName(rawName);
    if (auto it = located_.find(name); it != located_.end()) return it->second;
    LocatedModel result;
    if (name.empty()) {
        result.problem = "empty model name";
    } else if (auto direct = findDirectFile(name)) {
        result.source = *direct;
        result.model = parseFile(*direct, result.problem);
    } else {
        if (!robsIndexed_) indexRobs();
        if (auto seg = segments_.find(name); seg != segments_.end()) {
            const std::shared_ptr<const loaders::Rob>& rob = robs_[seg->second.rob];
            const loaders::RobSegment& segment = rob->segments[seg->second.segment];
            result.renderMode = renderModeFromRob(loaders::robRenderMode(segment));
            const std::string where = robPaths_[seg->second.rob] + ":" + segment.name;
            if (segment.isExternal()) {
                if (auto external = findDirectFile(name)) {
                    result.source = *external;
                    result.model = parseFile(*external, result.problem);
                } else {
                    result.source = where;
                    result.problem =
                        "type-512 segment " + where + " names fxart/" + name + ".3DC, which is missing";
                }
            } else if (segment.model) {
                result.source = where;
                result.model = std::shared_ptr<const loaders::Model>(rob, &*segment.model); // shares the ROB
            } else {
                result.source = where;
                result.problem = "segment " + where + " holds no model";
            }
        } else {
            result.problem = "no file " + name + ".3D / " + name +
                             ".3DC in fxart/, maps/, 3dart/ and no ROB segment " + name + " in " +
                             std::to_string(robPaths_.size()) + " ROB files";
            // A ROB that did not parse may be where it lives: say so rather than hide it.
            for (const auto& [path, why] : fileProblems_) {
                if (upperAscii(path).ends_with(".ROB")) result.problem += "; unreadable " + why;
            }
        }
    }
    return located_.emplace(name, std::move(result)).first->second;
}

} // namespace rgx::scene

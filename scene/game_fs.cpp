#include "scene/game_fs.h"

#include "base/error.h"
#include "loaders/file_io.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <system_error>

namespace rgx::scene {

namespace fs = std::filesystem;

std::string upperAscii(std::string_view text) {
    std::string out(text);
    for (char& c : out) {
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    return out;
}

std::vector<std::string> splitGamePath(std::string_view relative) {
    std::vector<std::string> parts;
    std::string current;
    auto flush = [&] {
        if (!current.empty() && current != ".") parts.push_back(current);
        current.clear();
    };
    for (char c : relative) {
        if (c == '\\' || c == '/') {
            flush();
        } else {
            current.push_back(c);
        }
    }
    flush();
    return parts;
}

GameFs::GameFs(fs::path root) : root_(std::move(root)) {
    const char* trace = std::getenv("RGX_TRACE_FILES");
    trace_ = trace != nullptr && *trace != '\0' && std::string_view(trace) != "0";
    std::error_code ec;
    if (!fs::is_directory(root_, ec)) {
        throw Error(root_.string(), Error::kNoOffset, "", "not a game directory (no such directory)");
    }
}

const GameFs::DirListing* GameFs::listing(const fs::path& dir) const {
    const std::string key = dir.string();
    if (auto it = listings_.find(key); it != listings_.end()) return &it->second;
    std::error_code ec;
    fs::directory_iterator iter(dir, ec);
    if (ec) return nullptr;
    DirListing result;
    for (const fs::directory_entry& entry : iter) {
        const std::string name = entry.path().filename().string();
        // Two names differing only in case: keep the first in byte order so the choice is fixed.
        auto [it, inserted] = result.entries.emplace(upperAscii(name), name);
        if (!inserted && name < it->second) it->second = name;
    }
    return &listings_.emplace(key, std::move(result)).first->second;
}

std::optional<fs::path> GameFs::findExact(const std::vector<std::string>& parts) const {
    fs::path current = root_;
    for (const std::string& part : parts) {
        if (part == "..") return std::nullopt; // never leave the game directory
        const DirListing* dir = listing(current);
        if (!dir) return std::nullopt;
        auto it = dir->entries.find(upperAscii(part));
        if (it == dir->entries.end()) return std::nullopt;
        current /= it->second;
    }
    return current;
}

std::optional<fs::path> GameFs::find(std::string_view relative) const {
    std::vector<std::string> parts = splitGamePath(relative);
    if (parts.empty()) return root_;
    if (auto found = findExact(parts)) return found;
    if (parts.size() > 1 && upperAscii(parts[0]) == "3DART") {
        parts[0] = "fxart";
        return findExact(parts);
    }
    return std::nullopt;
}

fs::path GameFs::resolve(std::string_view relative) const {
    if (auto found = find(relative)) return *found;
    throw Error(std::string(relative), Error::kNoOffset, "",
                "not found in the game directory " + root_.string() + " (names are matched in any case)");
}

loaders::Bytes GameFs::read(std::string_view relative) const {
    const fs::path path = resolve(relative);
    const ParseClock clock{readMs_};
    loaders::Bytes bytes = loaders::readFile(path);
    ++filesRead_;
    bytesRead_ += bytes.size();
    ++readCounts_[path.lexically_relative(root_).generic_string()];
    if (trace_) std::cerr << "rgx: read " << relative << " (" << bytes.size() << " bytes)\n";
    return bytes;
}

std::size_t GameFs::timesRead(std::string_view relative) const {
    const auto path = find(relative);
    if (!path) return 0;
    const auto it = readCounts_.find(path->lexically_relative(root_).generic_string());
    return it == readCounts_.end() ? 0 : it->second;
}

std::vector<std::string> GameFs::listFiles(std::string_view relativeDir) const {
    std::vector<std::string> out;
    const auto dir = find(relativeDir);
    if (!dir) return out;
    const DirListing* l = listing(*dir);
    if (!l) return out;
    for (const auto& [upper, name] : l->entries) {
        std::error_code ec;
        if (fs::is_regular_file(*dir / name, ec)) out.push_back(name);
    }
    return out; // map order = upper-cased order
}

std::optional<std::filesystem::path> gameDirOfFile(const std::filesystem::path& file) {
    const std::filesystem::path game = std::filesystem::absolute(file).parent_path().parent_path();
    std::error_code ec;
    if (game.empty() || !std::filesystem::is_directory(game, ec)) return std::nullopt;
    if (GameFs(game).exists("WORLD.INI")) return game;
    return std::nullopt;
}

} // namespace rgx::scene

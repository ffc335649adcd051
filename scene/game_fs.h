#pragma once
// Read-only view of a game directory (a real install or the demo world) that resolves the paths
// the game's own files use: any case ("MAPS\ISLand.WLD"), backslashes or slashes, and the
// 3DART\ -> fxart/ fallback of the GOG release (notes.md: 3dart/ is not shipped, the same file
// names live in fxart/). Nothing here ever writes into the game directory.

#include "loaders/bytes.h"

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::scene {

class GameFs {
public:
    // Throws rgx::Error naming root when it is not a readable directory.
    explicit GameFs(std::filesystem::path root);

    const std::filesystem::path& root() const { return root_; }

    // The on-disk path of a game-relative path, matched case-insensitively component by
    // component; '\\' and '/' both separate. A path whose first component is "3DART" that does not
    // exist falls back to the same remaining path under "fxart". nullopt when nothing matches.
    std::optional<std::filesystem::path> find(std::string_view relative) const;
    bool exists(std::string_view relative) const { return find(relative).has_value(); }

    // find(), throwing rgx::Error whose path is the name asked for (as written) when missing.
    std::filesystem::path resolve(std::string_view relative) const;

    // Reads the whole file at resolve(relative). Counts towards filesRead() and timesRead().
    // With RGX_TRACE_FILES=1 in the environment every read is said on stderr
    // ("rgx: read SYSTEM.INI (1234 bytes)"): which game files a command reads, and how often.
    loaders::Bytes read(std::string_view relative) const;
    // How many times read() read the file `relative` resolves to (0 when it does not exist).
    std::size_t timesRead(std::string_view relative) const;

    // Regular files directly inside a game-relative directory (case-insensitive, "" = the root),
    // their on-disk names sorted by upper-cased name; empty when the directory does not exist.
    std::vector<std::string> listFiles(std::string_view relativeDir) const;

    std::size_t filesRead() const { return filesRead_; }
    std::size_t bytesRead() const { return bytesRead_; }

    // read(relative), then parse(bytes) (a loader's reader), timed apart: what `rgx bench` reports
    // as the load's file reads and parsing (the rest of building a scene is its scene build).
    template <class Parse> auto decode(std::string_view relative, Parse&& parse) const {
        const loaders::Bytes bytes = read(relative);
        const ParseClock clock{parseMs_};
        return parse(bytes);
    }
    // Wall time spent in read() and in decode()'s parse so far, in milliseconds.
    double readMilliseconds() const { return readMs_; }
    double parseMilliseconds() const { return parseMs_; }

private:
    struct DirListing {
        std::map<std::string, std::string> entries; // upper-cased name -> on-disk name
    };
    const DirListing* listing(const std::filesystem::path& dir) const;
    std::optional<std::filesystem::path> findExact(const std::vector<std::string>& parts) const;

    std::filesystem::path root_;
    mutable std::map<std::string, DirListing> listings_; // by on-disk directory path
    mutable std::size_t filesRead_ = 0;
    mutable std::size_t bytesRead_ = 0;
    mutable std::map<std::string, std::size_t> readCounts_; // by on-disk path under root
    mutable double readMs_ = 0, parseMs_ = 0;
    // Adds its lifetime to a total, also when the parse throws.
    struct ParseClock {
        double& total;
        std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
        ~ParseClock() {
            total +=
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        }
    };
    bool trace_ = false;
};

// "MAPS\\ISLand.WLD" -> {"MAPS", "ISLand.WLD"}: splits on '\\' and '/', dropping empty parts and ".".
std::vector<std::string> splitGamePath(std::string_view relative);
// ASCII upper case.
std::string upperAscii(std::string_view text);

// The game directory a model file lies in: GAME when file is GAME/<folder>/<file> and GAME holds
// a WORLD.INI (any case), so a model opened from a game takes that game's textures and palette.
std::optional<std::filesystem::path> gameDirOfFile(const std::filesystem::path& file);

} // namespace rgx::scene

#pragma once
// WORLD.INI: the world database (one [world] section; per-world keys `world_<name>[N]=value`).
//
// Every world_* key of the reference is decoded into WorldEntry with its value kept as written:
// paths keep their backslashes and case (resolving them against an install is a later layer's
// job). Keys that are not understood (the shipped typos "orld_ambientfx[8]", values that do not
// parse, duplicates) are kept in WorldIni::extra so that nothing is lost when writing, and are
// reported as IniIssues. Exact bytes of a real file round-trip through the IniFile layer
// (loaders/redguard/ini.h); writeWorldIni() writes the typed data in a canonical layout.

#include "loaders/redguard/ini.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rgx::loaders {

// world_node_mapK[N]=path: K is the 1-based sequence number in the key name.
struct WorldNodeMap {
    std::int64_t sequence = 0;
    std::string path;
    bool operator==(const WorldNodeMap&) const = default;
};

// world_rain_sphereK[N]=x,y,z,r
struct WorldRainSphere {
    std::int64_t sequence = 0;
    std::array<std::int64_t, 4> xyzr{};
    bool operator==(const WorldRainSphere&) const = default;
};

struct WorldEntry {
    std::int64_t id = 0;
    // Core
    std::optional<std::string> map;      // world_map: RGM path
    std::optional<std::string> world;    // world_world: WLD path (outdoor worlds only)
    std::optional<std::int64_t> redbook; // CD track
    std::optional<std::string> palette;  // world_palette: COL path
    std::optional<std::int64_t> shade;
    std::optional<std::int64_t> haze;
    std::optional<std::int64_t> background; // 0 black, 2 sky colour, else palette index
    std::optional<std::int64_t> compass;
    std::optional<std::string> flashFilename; // world_flash_filename: GXA
    // Lighting
    std::optional<std::array<std::int64_t, 4>> sun; // x, y, z, intensity
    std::optional<std::int64_t> ambient;
    std::optional<std::int64_t> ambientFx;
    std::optional<std::array<std::int64_t, 3>> ambientRgb;
    std::optional<std::int64_t> sunAngle;
    std::optional<std::int64_t> sunSkew;
    std::optional<std::array<std::int64_t, 4>> sunRgb; // r, g, b, scale
    std::optional<std::array<std::int64_t, 3>> fogRgb;
    // Sky
    std::optional<std::string> sky;   // world_sky: GXA
    std::optional<std::string> skyFx; // world_skyfx: BSI
    std::optional<std::int64_t> skyScale;
    std::optional<std::int64_t> skyLevel;
    std::optional<std::int64_t> skySpeed;
    std::optional<std::int64_t> skyXRotate; // world_sky_xrotate
    std::optional<std::int64_t> skyYRotate; // world_sky_yrotate
    // Sun disc
    std::optional<std::string> sunImg; // BSI
    std::optional<std::array<std::int64_t, 3>> sunImgRgb;
    std::optional<std::int64_t> sunScale;
    // Water: amplitude, speed, spatial frequency
    std::optional<std::array<std::int64_t, 3>> wave;
    // PVO node maps, in file order
    std::vector<WorldNodeMap> nodeMaps;
    // Rain (world 6 only in the shipped file)
    std::optional<std::int64_t> rainDelay;
    std::optional<std::int64_t> rainDrops;
    std::optional<std::int64_t> rainStart;
    std::optional<std::int64_t> rainEnd;
    std::vector<WorldRainSphere> rainSpheres;

    bool operator==(const WorldEntry&) const = default;
};

// A key=value line that WORLD.INI's typed layer did not take (unknown key, bad value,
// duplicate), kept so that writing loses nothing.
struct WorldExtraKey {
    std::string section;
    std::string key;
    bool hasIndex = false;
    std::int64_t index = 0;
    std::string value;
    bool operator==(const WorldExtraKey&) const = default;
};

struct WorldIni {
    std::optional<std::int64_t> startWorld;
    std::optional<std::int64_t> startMarker;
    std::optional<std::int64_t> testMapDelay;
    std::optional<std::vector<std::int64_t>> testMapOrder; // -2 terminates in the shipped list
    std::map<std::int64_t, WorldEntry> worlds;             // by world id
    std::vector<WorldExtraKey> extra;

    bool operator==(const WorldIni&) const = default;
};

// Decodes the [world] section (keys outside it go to extra). Never throws; problems are
// appended to *issues when given.
WorldIni parseWorldIni(const IniFile& ini, std::vector<IniIssue>* issues = nullptr);
// readIni + parseWorldIni; throws only what readIni throws (size bound).
WorldIni readWorldIni(ByteSpan bytes, const std::string& path, std::vector<IniIssue>* issues = nullptr);

// Canonical INI text for the typed data: [world], the globals, then each world in id order
// with its keys in the reference's order, then the extra keys. CRLF line ends.
IniFile buildWorldIni(const WorldIni& world);
Bytes writeWorldIni(const WorldIni& world);

// The world ids present, ascending.
std::vector<std::int64_t> worldIds(const WorldIni& world);
// The entry for id, or nullptr.
const WorldEntry* findWorld(const WorldIni& world, std::int64_t id);

} // namespace rgx::loaders

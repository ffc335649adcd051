#pragma once
// SYSTEM.INI: the engine settings later layers need, typed, with the reference's defaults
// (the values of the shipped file) used whenever a key is absent or does not parse.
//
// Only the settings rgx uses are fields here; every other key of the file stays reachable through
// the IniFile (iniInt/iniFloat/iniBool/iniString in loaders/redguard/ini.h), and a real file's exact bytes
// round-trip through that layer. writeSystemIni() writes the typed fields canonically.

#include "loaders/redguard/ini.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rgx::loaders {

struct SystemIni {
    // [screen]
    std::int64_t colourBits = 8;
    std::int64_t resolution = 1;
    // [system]
    std::string worldIni = "WORLD.INI";
    std::string itemIni = "ITEM.INI";
    std::string rtxFilename = "ENGLISH.RTX";
    std::string gameBitmap = "system\\powerup.gxa";
    std::string systemFont = "fonts\\redguard.fnt";
    std::string iconFont = "fonts\\arialvs.fnt";
    std::string guiFont = "fonts\\arialbg.fnt";
    std::string guiLowFont = "fonts\\arialvb.fnt";
    std::int64_t normalFrameRate = 12; // the game tick: animation and physics steps per second
    std::int64_t minFrameRate = 6;
    std::int64_t maxFrameRate = 300;
    std::int64_t soundDistance = 64;
    std::int64_t volume = 255;
    bool staticsLoad = true;
    bool flatsLoad = true;
    bool objectsLoad = true;
    bool lightsLoad = true;
    bool ropesLoad = true;
    // [xngine]
    std::int64_t textureKbytes = 12000;
    std::int64_t frontPlane = 7;   // near clipping plane
    std::int64_t backPlane = 3800; // far clipping plane
    // perspective_{low,med,high,ultra}_{x,y}: "perspective correction extent" per detail level
    // (the software renderer's PerspectiveMode::Extents reads them, docs/software.md).
    std::int64_t perspectiveLowX = 190, perspectiveLowY = 190;
    std::int64_t perspectiveMedX = 400, perspectiveMedY = 400;
    std::int64_t perspectiveHighX = 800, perspectiveHighY = 800;
    std::int64_t perspectiveUltraX = 800, perspectiveUltraY = 800;
    std::int64_t detail = 8;
    std::int64_t ambientLight = 32; // 0..255
    std::int64_t screenScale = 256;
    std::int64_t hazeDepth = 768;
    bool skyDisable = false;
    bool skyMove = true;
    std::int64_t skyXRotate = 3;
    std::int64_t skyYRotate = 40;
    std::int64_t gameDetail = 2; // the in-game detail preset: 0 low, 1 medium, 2 high, 3 ultra
    // [camera]
    std::int64_t cameraDistance = 250;
    std::int64_t cameraMinDistance = 120;
    std::int64_t maxXAngle = 1692;
    std::int64_t minXAngle = 400;
    double glideX = 0.9;
    double glideY = 0.2;
    double glideZ = 0.9;
    double glideAngleX = 0.7;
    double glideAngleY = 0.1;
    double glideAngleZ = 0.7;
    // [3dfx]
    std::int64_t glideResolution = 12; // [3dfx] resolution

    bool operator==(const SystemIni&) const = default;
};

// Typed values from the file; defaults where absent. A present value that does not parse keeps
// the default and is reported in *issues (as are malformed lines and duplicate keys).
SystemIni parseSystemIni(const IniFile& ini, std::vector<IniIssue>* issues = nullptr);
SystemIni readSystemIni(ByteSpan bytes, const std::string& path, std::vector<IniIssue>* issues = nullptr);

// Canonical INI text with every typed field ([screen], [system], [xngine], [camera], [3dfx]).
IniFile buildSystemIni(const SystemIni& system);
Bytes writeSystemIni(const SystemIni& system);

} // namespace rgx::loaders

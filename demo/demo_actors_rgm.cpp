#include "demo/demo_actors_rgm.h"

#include "demo/demo_catalog.h"
#include "loaders/ragr.h"

#include <string>
#include <vector>

namespace rgx::demo {

namespace {

using loaders::RagrCommand;

std::uint32_t showFrame(int handle, int vertex) {
    return loaders::encodeRagrCommand(RagrCommand{0, {handle, vertex, 0}});
}
std::uint32_t goToPrevious(int frame) {
    return loaders::encodeRagrCommand(RagrCommand{2, {frame, 0, 0}});
}
std::uint32_t playSound(int sound, int volumeShift) {
    return loaders::encodeRagrCommand(RagrCommand{4, {sound, volumeShift, 0}});
}
std::uint32_t breakPoint() {
    return loaders::encodeRagrCommand(RagrCommand{5, {0, 0, 0}});
}

std::uint32_t raanBytes(const loaders::RgmRaanEntry& e) {
    return static_cast<std::uint32_t>(6 + e.path.size() + 1);
}

std::uint32_t ragrBytes(const loaders::RgmAnimList& list) {
    std::uint32_t n = 2; // the list's 0 terminator
    for (const auto& g : list.groups)
        n += 2 + 8 + 3 * g.commandCount + static_cast<std::uint32_t>(g.trailing.size());
    return n;
}

loaders::RgmActor actorRecord(std::string_view script, int instances) {
    loaders::RgmActor a;
    a.scriptName = std::string(script);
    a.instances = static_cast<std::uint16_t>(instances);
    a.animSpeed = {1, 0, 0, 0};
    return a;
}

} // namespace

void addDemoActors(loaders::Rgm& rgm, int walkerInstances, int guardInstances) {
    struct Spec {
        std::string_view script;
        int instances;
        std::vector<loaders::RgmRaanEntry> raan;
        loaders::RgmAnimList ragr;
    };
    std::vector<Spec> specs;

    { // The walker: one walk loop over 16 frames in two files.
        Spec s{kWalkerScript, walkerInstances, {}, {}};
        s.raan.push_back({0, kWalkerFramesPerFile, 'c', "fxart\\" + std::string(kWalkerA.file)});
        s.raan.push_back({0, kWalkerFramesPerFile, 'c', "fxart\\" + std::string(kWalkerB.file)});
        std::vector<std::uint32_t> walk;
        for (int f = 0; f < 2 * kWalkerFramesPerFile; ++f)
            walk.push_back(showFrame(f / kWalkerFramesPerFile, 0));
        walk.push_back(goToPrevious(0));
        loaders::addRgmAnimGroup(s.ragr, 0, 1, 0, walk);
        std::vector<std::uint32_t> stand{showFrame(0, 0), goToPrevious(0)};
        loaders::addRgmAnimGroup(s.ragr, 1, 1, 0, stand);
        specs.push_back(std::move(s));
    }
    { // The guard: idle and swing groups, every frame tracking the hand vertex.
        Spec s{kGuardScript, guardInstances, {}, {}};
        s.raan.push_back({0, kGuardFrames, 'c', "fxart\\" + std::string(kGuard.file)});
        s.raan.push_back({0, 1, 's', "fxart\\" + std::string(kSword.file)});
        std::vector<std::uint32_t> idle;
        for (int f = 0; f < 4; ++f)
            idle.push_back(showFrame(0, kGuardHandVertex));
        idle.push_back(goToPrevious(0));
        loaders::addRgmAnimGroup(s.ragr, 0, 1, 0, idle);
        std::vector<std::uint32_t> swing;
        for (int f = 0; f < kGuardFrames; ++f) {
            swing.push_back(showFrame(0, kGuardHandVertex));
            if (f == 4) swing.push_back(playSound(12, 2));
        }
        swing.push_back(breakPoint());
        swing.push_back(goToPrevious(0));
        loaders::addRgmAnimGroup(s.ragr, 1, 1, 0, swing);
        specs.push_back(std::move(s));
    }

    std::uint32_t raanOffset = 0, ragrOffset = 0;
    for (const Spec& s : specs) {
        loaders::RgmActor a = actorRecord(s.script, s.instances);
        a.raanCount = static_cast<std::int32_t>(s.raan.size());
        a.raanOffset = static_cast<std::int32_t>(raanOffset);
        std::uint32_t size = 0;
        for (const auto& e : s.raan)
            size += raanBytes(e);
        a.raanDataSize = size;
        a.ragrOffset = ragrOffset;
        raanOffset += size;
        ragrOffset += ragrBytes(s.ragr);
        rgm.rahd.actors.push_back(a);
        rgm.raan.insert(rgm.raan.end(), s.raan.begin(), s.raan.end());
        rgm.ragr.push_back(s.ragr);
    }
}

} // namespace rgx::demo

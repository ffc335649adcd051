#include "demo/demo_actors_rgm.h"

#include "demo/demo_catalog.h"
#include "loaders/redguard/ragr.h"

#include <string>
#include <vector>

namespace rgx::demo {

namespace {

using loaders::RagrCommand;

std::uint32_t command(std::uint8_t opcode, int a = 0, int b = 0, int c = 0) {
    return loaders::encodeRagrCommand(RagrCommand{opcode, {a, b, c}});
}
std::uint32_t showFrame(int handle, int vertex) {
    return command(0, handle, vertex);
}

std::uint32_t raanBytes(const loaders::RgmRaanEntry& e) {
    return static_cast<std::uint32_t>(6 + e.path.size() + 1);
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

    { // The walker: handles 0-7 are WALKA001's frames, 8-15 WALKA002's.
        Spec s{kWalkerScript, walkerInstances, {}, {}};
        s.raan.push_back({0, kWalkerFramesPerFile, 'c', "fxart\\" + std::string(kWalkerA.file)});
        s.raan.push_back({0, kWalkerFramesPerFile, 'c', "fxart\\" + std::string(kWalkerB.file)});
        std::vector<std::uint32_t> walk;
        for (int h = 0; h < 2 * kWalkerFramesPerFile; ++h)
            walk.push_back(showFrame(h, 0));
        walk.push_back(command(2, 0)); // GoToPrevious 0: the loop
        loaders::addRgmAnimGroup(s.ragr, kWalkGroup, 1, 0, walk);
        const std::vector<std::uint32_t> stop{
            showFrame(0, 0),  // 0
            command(4, 7, 1), // 1 PlaySound 7, volume shift 1
            showFrame(8, 0),  // 2 (the second file)
            command(3, 6),    // 3 GoToFuture 6: taken only with --take-future
            showFrame(9, 0),  // 4
            command(5),       // 5 BreakPoint
            showFrame(0, 0),  // 6
            command(1),       // 7 EndAnimation
        };
        loaders::addRgmAnimGroup(s.ragr, kStopGroup, 1, 1, stop);
        specs.push_back(std::move(s));
    }
    { // The guard: handles 0-7 are GUARD001's frames (handle 8 is the sword's entry, never shown).
        Spec s{kGuardScript, guardInstances, {}, {}};
        s.raan.push_back({0, kGuardFrames, 'c', "fxart\\" + std::string(kGuard.file)});
        s.raan.push_back({0, 1, 's', "fxart\\" + std::string(kSword.file)}); // drawn: the hand model
        s.raan.push_back(
            {0, 1, 's', "fxart\\" + std::string(kSwordSheathed.file)}); // sheathed: the hilt model
        std::vector<std::uint32_t> patrol;
        for (int h = 0; h < kGuardFrames; ++h) // one stride with the sword sheathed
            patrol.push_back(showFrame(h, kGuardScabbardVertex));
        for (int h = 0; h < kGuardFrames; ++h) // one with it drawn
            patrol.push_back(showFrame(h, kGuardHandVertex));
        patrol.push_back(command(2, 0));
        loaders::addRgmAnimGroup(s.ragr, kPatrolGroup, 1, 0, patrol);
        std::vector<std::uint32_t> swing{
            showFrame(0, kGuardHandVertex),  // 0
            showFrame(1, kGuardHandVertex),  // 1
            command(11, 16),                 // 2 Rumble/SFX: bit 4, screen shake
            showFrame(2, kGuardHandVertex),  // 3
            command(4, 12, 2),               // 4 PlaySound 12, volume shift 2
            showFrame(3, kGuardHandVertex),  // 5
            command(5),                      // 6 BreakPoint
            command(15, 3, 0, kPatrolGroup), // 7 Transition: jump triggers, to the patrol at 0
        };
        for (int h = 4; h < kGuardFrames; ++h) // 8-11
            swing.push_back(showFrame(h, kGuardHandVertex));
        swing.push_back(command(3, 14));                 // 12 GoToFuture 14
        swing.push_back(showFrame(0, kGuardHandVertex)); // 13
        swing.push_back(command(1));                     // 14 EndAnimation
        loaders::addRgmAnimGroup(s.ragr, kSwingGroup, 1, 1, swing);
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
        ragrOffset += loaders::rgmAnimListBytes(s.ragr);
        rgm.rahd.actors.push_back(a);
        rgm.raan.insert(rgm.raan.end(), s.raan.begin(), s.raan.end());
        rgm.ragr.push_back(s.ragr);
    }
}

} // namespace rgx::demo

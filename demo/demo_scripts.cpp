#include "demo/demo_scripts.h"

#include "demo/demo_actors_rgm.h"
#include "demo/demo_layout.h"
#include "loaders/redguard/ragr.h"
#include "loaders/redguard/soup_asm.h"
#include "loaders/redguard/soup_def.h"
#include "loaders/redguard/soup_script.h"

#include <stdexcept>
#include <string>

namespace rgx::demo {

namespace {

// RAAT slots (loaders::gameSoupDef's attribute names): group, master, slave.
constexpr std::size_t kGroupSlot = 29, kMasterSlot = 25, kSlaveSlot = 26;

// RALC offsets are stored x 256 (the reference: applied to "pos x 256").
loaders::RgmRalc location(double dx, double dy, double dz) {
    return {static_cast<std::int32_t>(dx * 256), static_cast<std::int32_t>(dy * 256),
            static_cast<std::int32_t>(dz * 256)};
}

// The scripts' units (docs/scripts.md "Units"): durations in game ticks (12 a second), distances
// in fine units (1/256 of an engine unit), location 0 an object's own start and k its RALC entry
// k - 1. Each statement takes a tick, jumps included: the Waits before a loop's Goto are a tick
// shorter so that each loop keeps its period.

// The guard: thread 1 at 0 (the interrupt handler: an activation counts and turns him to the
// player, then Endint), thread 0 at `main`: a patrol of four RALC points, 48 and 67 ticks a leg.
constexpr std::string_view kGuardText = R"(
    var1 = var1 + 1
    task FacePlayer(0)
    Endint
main:
    HandItem(item:7)
    DisplayHandModel(0, 0, 0, 0)
patrol:
    PlayAnimation(0, 0)
    task MoveToLocation(1, 48)
    task MoveToLocation(2, 67)
    DrawSword()
    PlayAnimation(1, 0)
    task Wait(36)
    SheathSword()
    PlayAnimation(0, 0)
    task MoveToLocation(3, 67)
    task MoveToLocation(4, 66)
    Goto patrol
)";

constexpr std::string_view kWalkerText = R"(
loop:
    SetAction(0)
    task WanderToLocation(1, 37)
    task FaceAngle(1024)
    task PushAnimation(1, 0)
    task Wait(23)
    SetAction(0)
    task WanderToLocation(2, 73)
    Goto loop
)";

// Tests the flag every 6 ticks: the test, a 4-tick wait, the Goto.
constexpr std::string_view kDoorText = R"(
wait:
    if flag:OpenDoor == 0 else open
    task Wait(4)
    Goto wait
open:
    task RotateByAxis(1, 512, 24)
    flag:SeenDoor = 1
    End
)";

// Every opcode the other scripts leave out: Gosub/Return, Anchor, ObjectDot (read and assigned),
// ObjDot++/--,
// NumericAlt, Multitask with TaskPause, ScriptRV, ObjTask, ObjFunc, String.
constexpr std::string_view kKeeperText = R"(
    var0 = 0
    Goto main
sub:
    var0 = var0 + 1
    Return
main:
    anchor 1
    task Wait(57)
    Gosub sub
    var1 = str[0].angley
    Me.y = Me.y + 0
    Me.x++
    Me.x--
    var2 = Rnd(4) + #1
    @Wait(12)
    taskpause resume
resume:
    SetGlobalFlag(#85)
    scriptrv 0
    var3 = TestGlobalFlag(#85)
    if var3 == 1 and flag:OpenDoor != 0 or var0 > 5 else done
    task str[1].Wait(1)
    str[1].ShowMe()
    SetMyAttr(2, 7)
    var2 = GetMyAttr(2)
done:
    PrintStringParm(str[0])
    End
)";

std::string torchScript() {
    const TextureRef t = flatTexture(flat::kTorch);
    return R"(
    Light(700, 220)
    LightFlicker(120, 2)
    @FxFlickerOnOff(1)
    Flat(1)
    FlatSetTexture()" +
           std::to_string(t.textureId) + ", " + std::to_string(t.imageId) + R"()
    FlatAnimate(0, 0, 0)
loop:
    task Wait(228)
    FlatOff()
    LightOff()
    task Wait(11)
    Flat(1)
    Light(700, 220)
    LightRadius(650)
    Goto loop
)";
}

// The lead gull circles (a 32nd of a turn and 64 engine units forward, 16384 fine units along
// its own z, every 4 ticks); the other two are its slaves (RAAT slave = its master value),
// carried round with it once all three have met (SyncWithGroup, group 1).
constexpr std::string_view kGullLeadText = R"(
    task Wait(Rnd(12))
    task SyncWithGroup(0)
loop:
    task RotateByAxis(1, 64, 1)
    task MoveObjectAxis(2, 16384, 2)
    Goto loop
)";

constexpr std::string_view kGullText = R"(
    task Wait(Rnd(12))
    task SyncWithGroup(0)
loop:
    task Wait(1200)
    Goto loop
)";

constexpr std::string_view kStatueText = R"(
    task Wait(120)
    LoadStatic(1)
loop:
    task Wait(1200)
    Goto loop
)";

constexpr std::string_view kHiderText = R"(
loop:
    task Wait(24)
    HideMe()
    task Wait(23)
    ShowMe()
    Goto loop
)";

loaders::SoupActorScript script(std::string_view name, std::string_view text, std::string_view start = {}) {
    loaders::SoupActorScript s;
    s.name = std::string(name);
    s.code = loaders::assembleSoup(text, &loaders::gameSoupDef(), "demo " + s.name);
    if (!start.empty()) {
        const std::size_t at = text.find(std::string(start) + ":");
        s.scriptPc = static_cast<std::uint32_t>(
            loaders::assembleSoup(text.substr(0, at), &loaders::gameSoupDef(), "demo " + s.name).size());
    }
    return s;
}

// A RAHD actor without animation (its RAGR list is a lone terminator).
void addScriptedActor(loaders::Rgm& rgm, std::string_view name, int instances) {
    std::uint32_t ragrOffset = 0;
    for (const loaders::RgmAnimList& l : rgm.ragr)
        ragrOffset += loaders::rgmAnimListBytes(l);
    loaders::RgmActor a;
    a.scriptName = std::string(name);
    a.instances = static_cast<std::uint16_t>(instances);
    a.animSpeed = {1, 0, 0, 0};
    a.ragrOffset = ragrOffset;
    rgm.rahd.actors.push_back(a);
    rgm.ragr.emplace_back();
}

} // namespace

loaders::ItemIni makeDemoItems() {
    loaders::ItemIni items;
    for (int id : {1, kGuardSwordItem}) {
        loaders::ItemEntry e;
        e.type = 1;
        e.name = id == 1 ? "?xsw" : "?gsw";
        e.handObjectFile = "3DART\\" + std::string(kSword.file);
        e.hiltObjectFile = "3DART\\" + std::string(kSwordSheathed.file);
        items.items.emplace(id, e);
    }
    return items;
}

void addDemoScripts(loaders::Rgm& rgm, const ScriptedPlaces& places) {
    if (4 + places.torches.size() + places.gulls.size() != static_cast<std::size_t>(kScriptedPlacements))
        throw std::logic_error("addDemoScripts: the layout gave " + std::to_string(places.torches.size()) +
                               " torches and " + std::to_string(places.gulls.size()) + " gulls (2 and 3)");
    // The placed objects, after every other MPOB.
    auto place = [&](std::string_view script, std::string_view model, const ScriptedPlaces::Spot& s) {
        rgm.mpob.push_back(makeMpob(static_cast<std::uint32_t>(rgm.mpob.size()), script, model, s.x, s.y, s.z,
                                    s.yaw, false));
    };
    place(kDoorScript, kDoor.name, places.door);
    place(kKeeperScript, "", places.keeper);
    for (const auto& t : places.torches)
        place(kTorchScript, "", t);
    for (std::size_t g = 0; g < places.gulls.size(); ++g)
        place(g == 0 ? kGullLeadScript : kGullScript, kGull.name, places.gulls[g]);
    place(kStatueScript, kRock.name, places.statue);
    place(kHiderScript, kCrate.name, places.hider);

    addScriptedActor(rgm, kDoorScript, 1);
    addScriptedActor(rgm, kKeeperScript, 1);
    addScriptedActor(rgm, kTorchScript, static_cast<int>(places.torches.size()));
    addScriptedActor(rgm, kGullLeadScript, 1);
    addScriptedActor(rgm, kGullScript, static_cast<int>(places.gulls.size()) - 1);
    addScriptedActor(rgm, kStatueScript, 1);
    addScriptedActor(rgm, kHiderScript, 1);

    std::vector<loaders::SoupActorScript> scripts;
    {
        loaders::SoupActorScript s = script(kWalkerScript, kWalkerText);
        s.locations = {location(-300, 0, 200), location(300, 0, -200)};
        scripts.push_back(std::move(s));
    }
    {
        loaders::SoupActorScript s = script(kGuardScript, kGuardText, "main");
        s.variables = {0, 0};
        s.locations = {location(-400, 0, -400), location(400, 0, -400), location(400, 0, 400),
                       location(-400, 0, 400)};
        s.attributes[0x22] = 4; // sheath_frame and draw_frame: the reference's thresholds
        s.attributes[0x23] = 4;
        scripts.push_back(std::move(s));
    }
    {
        // Named HOUSEDOOR in RANM: the keeper's str[0] finds it by that name (the reference's
        // selector 4), not by its script's.
        loaders::SoupActorScript s = script(kDoorScript, kDoorText);
        s.objectName = std::string(kDoorObjectName);
        scripts.push_back(std::move(s));
    }
    {
        loaders::SoupActorScript s = script(kKeeperScript, kKeeperText);
        s.strings = {std::string(kDoorObjectName), std::string(kHiderScript)};
        s.variables = {0, 0, 0, 0};
        scripts.push_back(std::move(s));
    }
    scripts.push_back(script(kTorchScript, torchScript()));
    {
        loaders::SoupActorScript s = script(kGullLeadScript, kGullLeadText);
        s.attributes[kGroupSlot] = 1;  // group 1: the gulls set off together
        s.attributes[kMasterSlot] = 1; // master 1: the others follow it
        scripts.push_back(std::move(s));
    }
    {
        loaders::SoupActorScript s = script(kGullScript, kGullText);
        s.attributes[kGroupSlot] = 1;
        s.attributes[kSlaveSlot] = 1; // slaves of master 1
        scripts.push_back(std::move(s));
    }
    scripts.push_back(script(kStatueScript, kStatueText));
    scripts.push_back(script(kHiderScript, kHiderText));

    for (std::size_t a = 0; a < rgm.rahd.actors.size(); ++a) {
        const std::string name = loaders::rgmName(rgm.rahd.actors[a].scriptName);
        for (loaders::SoupActorScript& s : scripts) {
            if (s.name != name) continue;
            s.actor = a;
            loaders::appendSoupActorScript(rgm, s);
        }
    }
}

} // namespace rgx::demo

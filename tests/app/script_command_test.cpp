// `rgx script` and `rgx script-trace` (docs/scripts.md) on the demo's maps, on a bare RGM, and on
// bad bytecode. The traces of the demo's scripted actors are golden
// (tests/app/golden/script_trace_demo.json, rewritten with RGX_UPDATE_GOLDEN=1).
#include "app/commands.h"
#include "base/error.h"
#include "loaders/file_io.h"
#include "loaders/redguard/rgm.h"
#include "loaders/redguard/soup_asm.h"
#include "loaders/redguard/soup_script.h"
#include "tests/scene/scene_fixture.h"
#include "tests/support/capture_stdout.h"
#include "tests/support/demo_dir.h"
#include "tests/support/golden_json.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

namespace rgx::app {
namespace {

using rgx::testing::captureStdout;

GameChoice demoWorld(int world) {
    GameChoice g;
    g.game = rgx::testing::smallDemoDir().string();
    g.world = world;
    return g;
}

nlohmann::json listing(const ScriptOptions& o) {
    return nlohmann::json::parse(captureStdout([&] { EXPECT_EQ(runScript(o), 0); }));
}
nlohmann::json traced(const ScriptTraceOptions& o) {
    return nlohmann::json::parse(captureStdout([&] { EXPECT_EQ(runScriptTrace(o), 0); }));
}

// A bare copy of the island's RGM, outside any game directory.
struct BareMap {
    std::filesystem::path dir = scene::test::freshTempDir("script_bare");
    std::filesystem::path path = dir / "ISLAND.RGM";
    BareMap() { std::filesystem::copy_file(rgx::testing::smallDemoDir() / "maps" / "ISLAND.RGM", path); }
    ~BareMap() { std::filesystem::remove_all(dir); }
    BareMap(const BareMap&) = delete;
    BareMap& operator=(const BareMap&) = delete;
};

TEST(ScriptCommand, ListsEveryActorsInstructionsWithTargets) {
    ScriptOptions o;
    o.game = demoWorld(0);
    o.json = true;
    const nlohmann::json j = listing(o);
    EXPECT_EQ(j["def"], "soup386/SOUP386.DEF");
    EXPECT_TRUE(j["warnings"].empty()) << j["warnings"].dump(1);
    std::set<std::string> names, opcodes;
    for (const auto& a : j["actors"]) {
        names.insert(a["name"].get<std::string>());
        EXPECT_TRUE(a["complete"]);
        std::set<std::uint32_t> starts;
        std::uint32_t next = 0;
        for (const auto& in : a["instructions"]) {
            EXPECT_EQ(in["offset"], next);
            next += in["length"].get<std::uint32_t>();
            starts.insert(in["offset"].get<std::uint32_t>());
            opcodes.insert(in["name"].get<std::string>());
        }
        for (const auto& in : a["instructions"])
            for (const auto& t : in["targets"])
                EXPECT_TRUE(starts.count(t.get<std::uint32_t>()) || t.get<std::uint32_t>() == next)
                    << a["name"] << " " << in["text"];
    }
    EXPECT_EQ(names, (std::set<std::string>{"WALKER", "GUARD", "DOOR", "KEEPER", "TORCH", "GULLLEAD", "GULL",
                                            "STATUE", "HIDER"}));
    // Every top-level opcode of the reference appears in the demo.
    for (const char* op : {"Task", "Multitask", "Function", "If", "Goto", "End", "Flag", "LocalVar",
                           "ObjDotInc", "ObjDotDec", "Gosub", "Return", "Endint", "ObjectDot", "Anchor",
                           "ObjDotTask", "ObjDotFunc", "TaskPause", "ScriptRV"})
        EXPECT_TRUE(opcodes.count(op)) << op;
    // The text names functions from the DEF.
    ScriptOptions guard = o;
    guard.actor = "GUARD";
    const nlohmann::json g = listing(guard);
    ASSERT_EQ(g["actors"].size(), 1u);
    EXPECT_EQ(g["actors"][0]["instructions"][3]["text"], "HandItem(item:7)");
    // No id-0 call: the readings are the same bytes.
    EXPECT_EQ(g["actors"][0]["id0_count"], "byte");
    EXPECT_EQ(g["actors"][0]["id0_verdict"], "no id-0 call");
}

TEST(ScriptCommand, WorksOnABareRgmWithoutTheDefAndItsTextAssemblesBack) {
    const BareMap bare;
    ScriptOptions o;
    o.file = bare.path.string();
    o.actor = "KEEPER";
    o.json = true;
    const nlohmann::json j = listing(o);
    EXPECT_TRUE(j["def"].is_null());
    ASSERT_EQ(j["actors"].size(), 1u);
    std::string text;
    for (const auto& in : j["actors"][0]["instructions"])
        text += in["text"].get<std::string>() + "\n";
    EXPECT_NE(text.find("fn_85(#85)"), std::string::npos) << text; // SetGlobalFlag without names
    // The bytes: the listing of the bare map assembles back to the actor's script.
    const loaders::Rgm rgm = loaders::readRgm(loaders::readFile(bare.path), "ISLAND.RGM");
    const auto scripts = loaders::soupActorScripts(rgm, "ISLAND.RGM", nullptr);
    for (const loaders::SoupActorScript& s : scripts) {
        if (s.name != "KEEPER") continue;
        const loaders::SoupListing l = loaders::decodeSoupScript(s.code, s.name, "ISLAND.RGM");
        EXPECT_EQ(loaders::assembleSoup(loaders::disassembleSoup(l.code, s.scriptPc, {}), nullptr, "k"),
                  s.code);
    }
}

TEST(ScriptCommand, BadBytecodeIsAWarningNamingActorAndOffset) {
    const BareMap bare;
    loaders::Rgm rgm = loaders::readRgm(loaders::readFile(bare.path), "ISLAND.RGM");
    const loaders::RgmActor* hider = loaders::rgmActorNamed(rgm, "HIDER");
    ASSERT_NE(hider, nullptr);
    rgm.rasc[hider->scriptDataOffset] = 0x08; // the first opcode: one the reference does not have
    loaders::writeFile(bare.path, loaders::writeRgm(rgm));
    ScriptOptions o;
    o.file = bare.path.string();
    o.actor = "HIDER";
    o.json = true;
    const nlohmann::json j = listing(o);
    ASSERT_FALSE(j["warnings"].empty());
    const std::string w = j["warnings"][0];
    EXPECT_NE(w.find("actor HIDER"), std::string::npos) << w;
    EXPECT_NE(w.find("script offset 0x0"), std::string::npos) << w;
    EXPECT_FALSE(j["actors"][0]["complete"]);
    // The trace runs the rest of the world; that actor's script stops with an event.
    ScriptTraceOptions t;
    t.file = bare.path.string();
    t.actor = "HIDER";
    t.ticks = 4;
    t.json = true;
    const nlohmann::json tr = traced(t);
    ASSERT_FALSE(tr["events"].empty());
    EXPECT_NE(tr["events"][0]["text"].get<std::string>().find("actor HIDER offset 0x0000"), std::string::npos)
        << tr["events"].dump(1);
    EXPECT_EQ(tr["ticks"][3]["threads"][0]["state"], "ended");
}

TEST(ScriptTrace, DemoActorsMatchTheGolden) {
    nlohmann::json all = nlohmann::json::array();
    for (const char* actor :
         {"GUARD", "WALKER", "DOOR", "KEEPER", "TORCH", "GULLLEAD", "GULL", "STATUE", "HIDER"}) {
        ScriptTraceOptions o;
        o.game = demoWorld(0);
        o.actor = actor;
        o.ticks = 180;
        o.json = true;
        nlohmann::json j = traced(o);
        j.erase("file"); // the demo's path differs from machine to machine
        all.push_back(j);
    }
    rgx::testing::expectMatchesGoldenJson(
        all, std::filesystem::path(RGX_SOURCE_DIR) / "tests/app/golden/script_trace_demo.json",
        [&](std::size_t i) {
            return "trace " + std::to_string(i) + " (" + all[i]["actor"].get<std::string>() + ")";
        });
}

TEST(ScriptTrace, TheKeeperOpensTheDoorAndTheFlagsSayIt) {
    ScriptTraceOptions o;
    o.game = demoWorld(0);
    o.actor = "KEEPER";
    o.ticks = 120;
    o.json = true;
    const nlohmann::json j = traced(o);
    ASSERT_EQ(j["ticks"].size(), 120u);
    EXPECT_EQ(j["flags"]["85"], 1);  // OpenDoor, set by the keeper
    EXPECT_EQ(j["flags"]["101"], 1); // SeenDoor, set by the door once open
    bool setFlag = false;
    for (const auto& t : j["ticks"])
        for (const auto& th : t["threads"])
            for (const auto& c : th["calls"])
                if (c["function"] == "SetGlobalFlag") {
                    setFlag = true;
                    EXPECT_EQ(c["args"], nlohmann::json::array({85}));
                    EXPECT_EQ(th["name"], "Function");
                }
    EXPECT_TRUE(setFlag);
    EXPECT_EQ(j["variables"].size(), 4u);
}

// A map a user assembled by hand: the polling loop, which the old jump rule killed in its
// first tick ("runaway"), and an actor with an interrupt handler activated from the command line.
struct HandMap {
    std::filesystem::path dir = scene::test::freshTempDir("script_hand");
    std::filesystem::path path = dir / "HAND.RGM";
    HandMap() {
        loaders::Rgm rgm;
        const std::pair<const char*, const char*> actors[] = {
            {"POLL", "L_0000: var0 = var0 + 1\nL_000b: if flag:300 == var1 else L_001e\n    Goto L_000b\n"
                     "L_001e: var1 = 7\n    End L_0000\n"},
            {"NPC", "var0 = var0 + 1\nEndint\nmain:\ntask Wait(100)\nGoto main\n"}};
        for (std::size_t a = 0; a < std::size(actors); ++a) {
            loaders::RgmActor r;
            r.scriptName = actors[a].first;
            rgm.rahd.actors.push_back(r);
            loaders::SoupActorScript script;
            script.name = actors[a].first;
            script.actor = a;
            script.code = loaders::assembleSoup(actors[a].second, &loaders::gameSoupDef(), "hand");
            if (a == 1) // `main`: after var0 = var0 + 1 and Endint
                script.scriptPc = static_cast<std::uint32_t>(
                    loaders::assembleSoup("var0 = var0 + 1\nEndint\n", nullptr, "hand").size());
            script.variables = {0, 0};
            loaders::appendSoupActorScript(rgm, script);
        }
        // NullFunction calls between jumps, written with a count byte and without; and an id-0 call
        // before a Goto into itself, which no reading decodes.
        const char* id0 = "top:\nNullFunction()\nvar0 = var0 + 1\nif var0 < 3 else done\nNullFunction()\n"
                          "Goto top\ndone:\nEnd top\n";
        const std::pair<const char*, loaders::Bytes> id0Actors[] = {
            {"IDBYTE",
             loaders::assembleSoup(id0, &loaders::gameSoupDef(), "hand", loaders::SoupId0Count::Byte)},
            {"IDNONE",
             loaders::assembleSoup(id0, &loaders::gameSoupDef(), "hand", loaders::SoupId0Count::None)},
            {"IDBAD", {0x02, 0, 0, 0, 0x04, 2, 0, 0, 0, 0x12}}};
        for (const auto& [name, code] : id0Actors) {
            loaders::RgmActor r;
            r.scriptName = name;
            rgm.rahd.actors.push_back(r);
            loaders::SoupActorScript script;
            script.name = name;
            script.actor = rgm.rahd.actors.size() - 1;
            script.code = code;
            script.variables = {0};
            loaders::appendSoupActorScript(rgm, script);
        }
        loaders::writeFile(path, loaders::writeRgm(rgm));
    }
    ~HandMap() { std::filesystem::remove_all(dir); }
    HandMap(const HandMap&) = delete;
    HandMap& operator=(const HandMap&) = delete;
};

TEST(ScriptCommand, TheCountAfterFunctionZeroIsReadAsEachScriptDecodes) {
    const HandMap map;
    ScriptOptions o;
    o.file = map.path.string();
    o.json = true;
    const nlohmann::json j = listing(o);
    std::map<std::string, nlohmann::json> actors;
    for (const auto& a : j["actors"])
        actors[a["name"].get<std::string>()] = a;
    // Written each way, each is read its own way, in step: the same instructions.
    EXPECT_EQ(actors["IDBYTE"]["id0_count"], "byte");
    EXPECT_EQ(actors["IDNONE"]["id0_count"], "none");
    EXPECT_EQ(actors["IDBYTE"]["id0_verdict"], "only this reading passes");
    EXPECT_EQ(actors["IDNONE"]["id0_verdict"], "only this reading passes");
    ASSERT_EQ(actors["IDBYTE"]["instructions"].size(), actors["IDNONE"]["instructions"].size());
    for (std::size_t i = 0; i < actors["IDBYTE"]["instructions"].size(); ++i)
        EXPECT_EQ(actors["IDBYTE"]["instructions"][i]["text"].get<std::string>().substr(0, 6),
                  actors["IDNONE"]["instructions"][i]["text"].get<std::string>().substr(0, 6))
            << i;
    EXPECT_EQ(actors["POLL"]["id0_verdict"], "no id-0 call");
    // Neither reading: a warning naming the actor and the call's offset, no crash.
    EXPECT_EQ(actors["IDBAD"]["id0_verdict"], "neither reading passes");
    bool warned = false;
    for (const auto& w : j["warnings"]) {
        const std::string text = w.get<std::string>();
        if (text.find("actor IDBAD") != std::string::npos &&
            text.find("neither reading") != std::string::npos)
            warned = true;
    }
    EXPECT_TRUE(warned) << j["warnings"].dump(1);
    // Asked for, a reading is kept even where it fails.
    o.id0 = loaders::SoupId0Reading::None;
    o.actor = "IDBYTE";
    const nlohmann::json forced = listing(o);
    EXPECT_EQ(forced["actors"][0]["id0_count"], "none");
    EXPECT_EQ(forced["actors"][0]["id0_verdict"], "asked for");
    EXPECT_FALSE(forced["warnings"].empty());
}

TEST(ScriptTrace, APollingLoopTestsItsFlagOneStatementATick) {
    const HandMap map;
    ScriptTraceOptions o;
    o.file = map.path.string();
    o.actor = "POLL";
    o.ticks = 6;
    o.json = true;
    const nlohmann::json j = traced(o);
    EXPECT_TRUE(j["events"].empty()) << j["events"].dump(1); // no runaway
    const char* names[] = {"LocalVar", "If", "Goto", "If", "Goto", "If"};
    const int pcs[] = {0, 0x0b, 0x1e - 5, 0x0b, 0x1e - 5, 0x0b};
    for (std::size_t t = 0; t < 6; ++t) {
        const nlohmann::json& th = j["ticks"][t]["threads"][0];
        EXPECT_EQ(th["state"], "ran") << t;
        EXPECT_EQ(th["name"], names[t]) << t;
        EXPECT_EQ(th["pc"], pcs[t]) << t;
    }
    // The text says the same, a statement a tick.
    o.json = false;
    const std::string text = captureStdout([&] { EXPECT_EQ(runScriptTrace(o), 0); });
    EXPECT_NE(text.find("tick 5 thread 0 ran L_000b: if flag:"), std::string::npos) << text;
    EXPECT_NE(text.find(" == var1 else L_001e"), std::string::npos) << text;
    EXPECT_EQ(text.find("runaway"), std::string::npos) << text;
}

TEST(ScriptTrace, ActivateRunsTheInterruptHandlerAtItsTick) {
    const HandMap map;
    ScriptTraceOptions o;
    o.file = map.path.string();
    o.actor = "NPC";
    o.ticks = 8;
    o.activate = {3};
    o.json = true;
    const nlohmann::json j = traced(o);
    for (std::size_t t = 0; t < 8; ++t) {
        const nlohmann::json& handler = j["ticks"][t]["threads"][1];
        EXPECT_EQ(handler["thread"], 1);
        // Idle, then at tick 3 its first statement at 0, at 4 Endint, idle again.
        EXPECT_EQ(handler["state"], t == 3 || t == 4 ? "ran" : "idle") << t;
        EXPECT_EQ(handler.contains("activated"), t == 3 || t == 4) << t;
    }
    EXPECT_EQ(j["ticks"][3]["threads"][1]["pc"], 0);
    EXPECT_EQ(j["ticks"][4]["threads"][1]["name"], "Endint");
    EXPECT_EQ(j["variables"][0], 1);
    ASSERT_EQ(j["events"].size(), 1u);
    EXPECT_NE(
        j["events"][0]["text"].get<std::string>().find("actor NPC activated: its interrupt handler runs"),
        std::string::npos);
    // The Wait of 100 ends at tick 100 in ticks (the Goto runs), at 120 in tenths of a second.
    o.scriptConfig.time = sim::ScriptTimeUnit::Tenths;
    o.ticks = 121;
    o.activate.clear();
    const nlohmann::json slow = traced(o);
    EXPECT_EQ(slow["ticks"][100]["threads"][0]["state"], "waiting");
    EXPECT_EQ(slow["ticks"][120]["threads"][0]["name"], "Goto");
    o.scriptConfig.time = sim::ScriptTimeUnit::Ticks;
    const nlohmann::json fast = traced(o);
    EXPECT_EQ(fast["ticks"][100]["threads"][0]["name"], "Goto");
}

TEST(ScriptTrace, RejectsAnActorTheMapDoesNotHave) {
    ScriptTraceOptions o;
    o.game = demoWorld(0);
    o.actor = "NOBODY";
    try {
        runScriptTrace(o);
        FAIL();
    } catch (const Error& e) {
        EXPECT_NE(e.message().find("actors: WALKER, GUARD"), std::string::npos) << e.what();
    }
}

} // namespace
} // namespace rgx::app

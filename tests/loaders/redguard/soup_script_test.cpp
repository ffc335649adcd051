// An actor's script data gathered from the RGM sections (loaders/redguard/soup_script.h), its RANM object
// name included, and the one table of what each SOUP function is (loaders/redguard/soup_functions.h).
#include "loaders/redguard/rgm.h"
#include "loaders/redguard/soup_def.h"
#include "loaders/redguard/soup_functions.h"
#include "loaders/redguard/soup_script.h"

#include <gtest/gtest.h>

#include <set>

using namespace rgx::loaders;

namespace {

Rgm twoActors() {
    Rgm rgm;
    for (const char* name : {"DOOR", "KEEPER"}) {
        RgmActor a;
        a.scriptName = name;
        rgm.rahd.actors.push_back(a);
    }
    SoupActorScript door;
    door.name = "DOOR";
    door.objectName = "GATE01";
    door.code = {0x05, 0, 0, 0, 0};
    SoupActorScript keeper;
    keeper.name = "KEEPER";
    keeper.actor = 1;
    keeper.strings = {"GATE01"};
    keeper.code = {0x12};
    appendSoupActorScript(rgm, door);
    appendSoupActorScript(rgm, keeper);
    return rgm;
}

} // namespace

TEST(SoupActorScripts, TheObjectNameComesFromRanm) {
    const Rgm rgm = twoActors();
    // Written NUL-terminated, its length (with the NUL) in the u32 at RAHD 0x15; an actor without
    // an object name gets its script name.
    ASSERT_EQ(rgm.ranm.size(), 14u);
    EXPECT_EQ(rgm.ranm[6], 0);
    EXPECT_EQ(rgm.rahd.actors[0].animSpeed, (std::array<std::uint8_t, 4>{7, 0, 0, 0}));
    EXPECT_EQ(rgm.rahd.actors[1].ranmOffset, 7u);
    Warnings w;
    const auto scripts = soupActorScripts(rgm, "t.rgm", &w);
    EXPECT_TRUE(w.empty());
    ASSERT_EQ(scripts.size(), 2u);
    EXPECT_EQ(scripts[0].objectName, "GATE01");
    EXPECT_EQ(scripts[1].objectName, "KEEPER");
    EXPECT_EQ(scripts[1].strings, std::vector<std::string>{"GATE01"});
}

TEST(SoupActorScripts, ARanmOffsetPastTheSectionIsAWarning) {
    Rgm rgm = twoActors();
    rgm.rahd.actors[1].ranmOffset = 99;
    Warnings w;
    const auto scripts = soupActorScripts(rgm, "t.rgm", &w);
    EXPECT_EQ(scripts[1].objectName, "");
    ASSERT_EQ(w.size(), 1u);
    EXPECT_EQ(w[0].field, "actor KEEPER");
    EXPECT_NE(w[0].message.find("ranm_offset 99"), std::string::npos);
    // Without a RANM section nobody has a name, and nothing is said.
    rgm.ranm.clear();
    w.clear();
    EXPECT_EQ(soupActorScripts(rgm, "t.rgm", &w)[0].objectName, "");
    EXPECT_TRUE(w.empty());
}

TEST(SoupFunctions, OneTableGivesTypesParametersKindsAndNatives) {
    const auto functions = gameSoupFunctions();
    const SoupDef& def = gameSoupDef();
    ASSERT_EQ(functions.size(), def.functions.size());
    ASSERT_EQ(functions.size(), 367u);
    EXPECT_STREQ(functions[0].name, "NullFunction");
    for (std::size_t f = 0; f < functions.size(); ++f) {
        EXPECT_EQ(def.functions[f].name, functions[f].name);
        EXPECT_EQ(def.functions[f].type, functions[f].type);
        EXPECT_EQ(def.functions[f].params, functions[f].params);
    }
    // The reference's parameter type overrides.
    EXPECT_EQ(soupParamKind("RTX", 0), SoupParamKind::DialogueKey);
    EXPECT_EQ(soupParamKind("rtx", 0), SoupParamKind::DialogueKey);
    EXPECT_EQ(soupParamKind("RTX", 1), SoupParamKind::Number);
    EXPECT_EQ(soupParamKind("HandItem", 0), SoupParamKind::Item);
    EXPECT_EQ(soupParamKind("LoadWorld", 0), SoupParamKind::Map);
    EXPECT_EQ(soupParamKind("Wait", 0), SoupParamKind::Number);
    EXPECT_EQ(soupParamKind("NoSuchFunction", 0), SoupParamKind::Number);
    // Every native runs for some function; its name is that function's.
    std::set<SoupNative> bound;
    for (const SoupFunctionInfo& f : functions)
        bound.insert(f.native);
    for (std::size_t n = 1; n < kSoupNativeCount; ++n) {
        const auto native = static_cast<SoupNative>(n);
        EXPECT_TRUE(bound.count(native)) << n;
        const SoupFunctionInfo* f = findGameSoupFunction(soupNativeName(native));
        ASSERT_NE(f, nullptr) << n;
        EXPECT_EQ(f->native, native);
    }
    EXPECT_EQ(findGameSoupFunction("activate")->native, SoupNative::Activate);
    EXPECT_EQ(findGameSoupFunction("MoveObjectAxis")->native, SoupNative::MoveObjectAxis);
    EXPECT_EQ(findGameSoupFunction("lockoutPlayer")->native, SoupNative::None);
}

// The program builder of sim/soup_vm.h: a world's scripts decoded once, their natives bound by
// name through the one function table, the objects their strings name resolved, and the RAGR
// group lengths PushAnimation waits for.

#include "sim/soup_vm.h"

#include "loaders/redguard/ragr.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace rgx::sim {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// The instance a string names as an object: the first whose actor's RANM name is that string (the
// reference: selector 4 resolves through RANM), else the first whose script name is (rgx's
// fallback, with a warning); -1 for none.
int resolveObject(ScriptProgram& p, std::size_t script, std::uint8_t index, const std::string& path) {
    const loaders::SoupActorScript& s = p.scripts[script];
    const std::string name = lower(s.strings[index]);
    for (std::size_t k = 0; k < p.instances.size(); ++k) {
        if (lower(p.scripts[p.instances[k].script].objectName) == name) return static_cast<int>(k);
    }
    for (std::size_t k = 0; k < p.instances.size(); ++k) {
        if (lower(p.instances[k].name) == name) {
            p.warnings.push_back(
                {path, Error::kNoOffset, "actor " + s.name,
                 "str[" + std::to_string(index) + "] \"" + s.strings[index] +
                     "\" is no object's RANM name; the object whose script has that name is used"});
            return static_cast<int>(k);
        }
    }
    return -1;
}

} // namespace

const char* scriptTimeUnitName(ScriptTimeUnit u) {
    return u == ScriptTimeUnit::Ticks ? "ticks" : "tenths";
}

std::optional<ScriptTimeUnit> parseScriptTimeUnit(std::string_view text) {
    if (text == "ticks") return ScriptTimeUnit::Ticks;
    if (text == "tenths") return ScriptTimeUnit::Tenths;
    return std::nullopt;
}

std::int32_t scriptDurationTicks(const ScriptConfig& config, std::int32_t duration) {
    if (duration <= 0) return 0;
    if (config.time == ScriptTimeUnit::Ticks) return duration;
    const double ticks =
        std::round(static_cast<double>(duration) * playableTickRate(config.ticksPerSecond) / 10.0);
    return static_cast<std::int32_t>(std::min(ticks, 2147483647.0));
}

std::shared_ptr<const ScriptAudio> scriptAudio(const loaders::SfxFile* sfx, const loaders::RtxFile* rtx) {
    auto a = std::make_shared<ScriptAudio>();
    if (sfx) {
        a->hasSfx = true;
        for (const loaders::SoundClip& e : sfx->effects)
            a->effects.push_back({loaders::soundDurationSeconds(e), loaders::looping(e)});
    }
    if (rtx) {
        a->hasRtx = true;
        for (const loaders::RtxEntry& e : rtx->entries) {
            ScriptLine line;
            line.text = e.text;
            line.voice = e.kind == static_cast<std::uint8_t>(loaders::RtxKind::Audio);
            line.seconds = line.voice ? loaders::soundDurationSeconds(e.audio) : 0;
            a->lines.emplace(e.tag, std::move(line)); // the first of a repeated tag, as findRtxEntry
        }
    }
    return a;
}

std::shared_ptr<const ScriptProgram>
makeScriptProgram(std::vector<loaders::SoupActorScript> scripts, std::vector<ScriptInstanceInfo> instances,
                  const loaders::SoupDef* def, std::uint64_t seed, const std::string& path,
                  std::vector<GroupFrames> groupFrames, const ScriptConfig& config,
                  std::shared_ptr<const ScriptAudio> audio) {
    auto p = std::make_shared<ScriptProgram>();
    p->config = config;
    p->audio = std::move(audio);
    p->def = def ? *def : loaders::gameSoupDef();
    p->scripts = std::move(scripts);
    p->instances = std::move(instances);
    p->seed = seed ? seed : 1;
    p->natives.assign(p->def.functions.size(), loaders::SoupNative::None);
    for (std::size_t f = 0; f < p->def.functions.size(); ++f) {
        if (const loaders::SoupFunctionInfo* info = loaders::findGameSoupFunction(p->def.functions[f].name))
            p->natives[f] = info->native;
    }
    const auto slot = [&](const char* name, std::size_t fallback) {
        for (std::size_t a = 0; a < p->def.attributes.size() && a < 256; ++a) {
            if (lower(p->def.attributes[a]) == name) return a;
        }
        return fallback;
    };
    p->groupSlot = slot("group", 29);
    p->masterSlot = slot("master", 25);
    p->slaveSlot = slot("slave", 26);
    p->forwardWalkSlot = slot("forward_walk", 12);
    p->backwardWalkSlot = slot("backward_walk", 13);
    static const std::pair<const char*, ScriptProperty> kProperties[] = {
        {"x", ScriptProperty::X},           {"y", ScriptProperty::Y},
        {"z", ScriptProperty::Z},           {"anglex", ScriptProperty::AngleX},
        {"angley", ScriptProperty::AngleY}, {"anglez", ScriptProperty::AngleZ},
        {"hidden", ScriptProperty::Hidden}, {"frame", ScriptProperty::Frame},
        {"group", ScriptProperty::Group}};
    for (std::size_t r = 0; r < p->def.refs.size() && r < 256; ++r) {
        const std::string name = lower(p->def.refs[r]);
        ScriptProperty prop = ScriptProperty::None;
        for (const auto& [n, k] : kProperties)
            if (name == n) prop = k;
        p->properties.push_back(prop);
    }
    const auto loadStatic = loaders::findSoupFunction(p->def, "LoadStatic");
    for (const loaders::SoupActorScript& s : p->scripts) {
        loaders::SoupListing l =
            loaders::decodeSoupScript(s.code, s.name, path, s.codeOffset, {config.id0, s.scriptPc});
        p->warnings.insert(p->warnings.end(), l.warnings.begin(), l.warnings.end());
        bool loads = false;
        for (const loaders::SoupExpr& x : l.code.exprs) {
            if (x.isCall() && loadStatic && x.function == *loadStatic) loads = true;
        }
        p->loadsStatic.push_back(loads);
        p->complete.push_back(l.complete);
        p->id0Verdicts.push_back(l.id0Verdict);
        p->code.push_back(std::move(l.code));
    }
    // The objects the code names by string.
    p->stringObjects.resize(p->scripts.size());
    for (std::size_t a = 0; a < p->scripts.size(); ++a) {
        std::vector<int>& objects = p->stringObjects[a];
        objects.assign(p->scripts[a].strings.size(), -1);
        std::vector<bool> done(objects.size(), false);
        for (const loaders::SoupExpr& x : p->code[a].exprs) {
            if (!loaders::soupHasObject(x.op) || x.object.selector != loaders::SoupSelector::String) continue;
            if (x.object.arg >= objects.size() || done[x.object.arg]) continue;
            done[x.object.arg] = true;
            objects[x.object.arg] = resolveObject(*p, a, x.object.arg, path);
        }
    }
    p->groupFrames = std::move(groupFrames);
    p->groupFrames.resize(p->scripts.size());
    return p;
}

std::vector<ScriptInstanceInfo> scriptInstances(const std::vector<loaders::SoupPlacement>& placements,
                                                const std::vector<loaders::SoupActorScript>& scripts) {
    std::vector<ScriptInstanceInfo> out;
    out.reserve(placements.size());
    for (const loaders::SoupPlacement& p : placements) {
        ScriptInstanceInfo info;
        info.script = p.script;
        info.mpob = p.mpob;
        info.name = scripts[p.script].name;
        info.position = p.position;
        info.angles = p.angles;
        out.push_back(std::move(info));
    }
    return out;
}

std::uint64_t scriptSeed(std::int64_t worldId) {
    return static_cast<std::uint64_t>(worldId) * 7919 + 1;
}

GroupFrames ragrGroupFrames(const loaders::RgmAnimList& list) {
    GroupFrames out;
    for (const loaders::RgmAnimGroup& g : list.groups) {
        std::vector<int> frames;
        const std::span<const std::uint32_t> commands = loaders::rgmGroupCommands(list, g);
        for (std::size_t c = 0; c < commands.size(); ++c) {
            if (loaders::decodeRagrCommand(commands[c]).opcode ==
                static_cast<std::uint8_t>(loaders::RagrOp::ShowFrame))
                frames.push_back(static_cast<int>(c));
        }
        out.emplace(g.groupIndex, std::move(frames)); // the first group of an index, as playback finds
    }
    return out;
}

std::vector<GroupFrames> rgmGroupFrames(const loaders::Rgm& rgm) {
    std::vector<GroupFrames> out;
    for (const loaders::RgmActor& a : rgm.rahd.actors) {
        const loaders::RgmAnimList* list = loaders::rgmAnimListAt(rgm, a.ragrOffset);
        out.push_back(list ? ragrGroupFrames(*list) : GroupFrames{});
    }
    return out;
}

} // namespace rgx::sim

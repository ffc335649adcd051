// rgx anim-trace: an actor's RAGR playback, tick by tick, by the rules of docs/animation.md (the
// same sim::AnimPlayer the renderers' actors use). Reads only the RGM: no 3DC is needed.

#include "app/commands.h"
#include "app/commands/game_options.h"
#include "app/commands/json_text.h"

#include "base/error.h"
#include "loaders/file_io.h"
#include "loaders/redguard/rgm.h"
#include "loaders/text.h"
#include "scene/redguard/world_catalog.h"
#include "sim/anim_player.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace rgx::app {

namespace {

struct TracedRgm {
    loaders::Rgm rgm;
    std::string path;
    double ticksPerSecond = sim::kDefaultTicksPerSecond;
};

TracedRgm loadTracedRgm(const AnimTraceOptions& o) {
    auto progress = [](const std::string& line) { std::cerr << line << "\n"; };
    TracedRgm out;
    if (!o.file.empty()) {
        out.path = o.file;
        out.rgm = loaders::readRgm(loaders::readFile(o.file), o.file);
        return out;
    }
    const std::unique_ptr<scene::GameFs> fs = openChosenGame(o.game, progress);
    const scene::WorldCatalog catalog = scene::loadWorldCatalog(*fs);
    const loaders::WorldEntry& world = catalog.world(o.game.world);
    if (!world.map || world.map->empty())
        throw Error(catalog.worldIniPath, Error::kNoOffset, "world_map[" + std::to_string(o.game.world) + "]",
                    "the world names no map");
    out.path = *world.map;
    out.rgm = loaders::readRgm(fs->read(*world.map), *world.map);
    out.ticksPerSecond = sim::gameTicksPerSecond(catalog.system.normalFrameRate);
    return out;
}

nlohmann::json tickJson(const sim::TickRecord& t, const sim::AnimClip& clip) {
    nlohmann::json events = nlohmann::json::array();
    for (const sim::AnimEvent& e : t.events) {
        events.push_back({{"group", e.group},
                          {"command", e.command},
                          {"opcode", e.opcode},
                          {"params", e.params},
                          {"what", e.what}});
    }
    nlohmann::json j{{"tick", t.tick},
                     {"group", t.group},
                     {"command", t.command},
                     {"handle", t.handle},
                     {"raan_entry", t.ref.entry},
                     {"local_frame", t.ref.localFrame},
                     {"tracked_vertex", t.trackedVertex},
                     {"held", t.held},
                     {"events", events}};
    if (t.moreEvents > 0) j["more_events"] = t.moreEvents; // events past the kept ones, counted
    if (t.limited) j["frame_limited"] = true;              // held by RAHD anim_speed's frame limit
    j["file"] = t.ref.entry >= 0 ? nlohmann::json(clip.entryPaths[static_cast<std::size_t>(t.ref.entry)])
                                 : nlohmann::json(nullptr);
    return j;
}

std::string tickText(const sim::TickRecord& t, const sim::AnimClip& clip) {
    std::string s = "tick " + std::to_string(t.tick) + ": group " + std::to_string(t.group) + " command " +
                    std::to_string(t.command);
    if (t.ref.entry >= 0) {
        s += " handle " + std::to_string(t.handle) + " = " +
             clip.entryPaths[static_cast<std::size_t>(t.ref.entry)] + " frame " +
             std::to_string(t.ref.localFrame) + " (RAAN " + std::to_string(t.ref.entry) + ")";
    } else {
        s += " handle " + std::to_string(t.handle) + " (none)";
    }
    s += " vertex " + std::to_string(t.trackedVertex);
    if (t.held) s += t.limited ? " held (frame limit)" : " held";
    for (const sim::AnimEvent& e : t.events)
        s += "\n    [" + std::to_string(e.command) + "] " + e.what;
    if (t.moreEvents > 0) s += "\n    ... and " + std::to_string(t.moreEvents) + " more events";
    if (t.ended) s += "\n  ended";
    return s;
}

} // namespace

int runAnimTrace(const AnimTraceOptions& o) {
    const TracedRgm traced = loadTracedRgm(o);
    const loaders::RgmActor* actor = loaders::rgmActorNamed(traced.rgm, o.actor);
    if (!actor) {
        std::string names;
        for (const loaders::RgmActor& a : traced.rgm.rahd.actors)
            names += (names.empty() ? "" : ", ") + loaders::rgmName(a.scriptName);
        throw Error(traced.path, Error::kNoOffset, "RAHD",
                    "no actor named \"" + o.actor + "\" (actors: " + (names.empty() ? "none" : names) + ")");
    }
    sim::AnimClip clip;
    try {
        clip = sim::animClip(traced.rgm, *actor);
    } catch (const Error& e) {
        throw e.withPath(traced.path);
    }
    sim::PlayerOptions options;
    options.takeFuture = o.takeFuture;
    options.onEnd = sim::OnEnd::Stop;
    std::vector<sim::TickRecord> ticks;
    bool ended = false;
    std::string error;
    try {
        sim::AnimPlayer player(clip, o.group, options);
        for (int t = 0; t < o.ticks; ++t) {
            ticks.push_back(player.step());
            if (ticks.back().ended) {
                ended = true;
                break;
            }
        }
    } catch (const Error& e) {
        error = e.withPath(traced.path).what();
    }
    const int group = ticks.empty() ? o.group : ticks.front().group;
    if (o.json) {
        nlohmann::json entries = nlohmann::json::array();
        for (const sim::TickRecord& t : ticks)
            entries.push_back(tickJson(t, clip));
        nlohmann::json handles = nlohmann::json::array();
        for (std::size_t e = 0; e < clip.entryPaths.size(); ++e)
            handles.push_back(
                {{"raan_entry", e}, {"file", clip.entryPaths[e]}, {"frames", clip.entryFrames[e]}});
        nlohmann::json out{{"file", traced.path},
                           {"actor", clip.actor},
                           {"group", group},
                           {"ticks_per_second", traced.ticksPerSecond},
                           {"take_future", o.takeFuture},
                           {"handle_table", handles},
                           {"ticks", entries},
                           {"ended", ended}};
        if (!error.empty()) out["error"] = error;
        std::cout << utf8Json(out).dump(2) << "\n";
    } else {
        std::cout << loaders::toUtf8("actor " + clip.actor + " (" + traced.path + "), " +
                                     std::to_string(traced.ticksPerSecond) + " ticks per second\n");
        for (const sim::TickRecord& t : ticks)
            std::cout << loaders::toUtf8(tickText(t, clip)) << "\n";
        std::cout << (ended ? "ended: true\n" : "ended: false\n");
        if (!error.empty()) std::cerr << "rgx: " << error << "\n";
    }
    return error.empty() ? 0 : 1;
}

} // namespace rgx::app

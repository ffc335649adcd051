#include "app/explore_script.h"

#include "loaders/error.h"

#include <algorithm>
#include <charconv>

namespace rgx::app {

std::vector<ScriptAction> parseExploreScript(std::string_view text) {
    std::vector<ScriptAction> actions;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find(';'), text.size());
        const std::string_view entry = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        if (entry.empty()) continue;
        auto bad = [&](const std::string& why) {
            return Error("RGX_EXPLORE_SCRIPT", Error::kNoOffset, std::string(entry), why);
        };
        const std::size_t colon = entry.find(':');
        const std::size_t equals = entry.find('=');
        if (colon == std::string_view::npos || equals == std::string_view::npos || equals < colon)
            throw bad("expected FRAME:KEY=VALUE");
        ScriptAction action;
        const auto [ptr, ec] = std::from_chars(entry.data(), entry.data() + colon, action.frame);
        if (ec != std::errc() || ptr != entry.data() + colon || action.frame < 1)
            throw bad("the frame must be a number from 1");
        action.key = std::string(entry.substr(colon + 1, equals - colon - 1));
        action.value = std::string(entry.substr(equals + 1));
        static constexpr std::string_view kKeys[] = {
            "world",      "camera",    "vsync",     "screenshot", "overlay", "size",
            "wave",       "renderer",  "split",     "softres",    "actor",   "follow",
            "actorgroup", "actorstep", "actorgoto", "record",     "profiler"};
        if (std::find(std::begin(kKeys), std::end(kKeys), action.key) == std::end(kKeys))
            throw bad("unknown action '" + action.key +
                      "' (world, camera, vsync, screenshot, overlay, size, wave, renderer, split, softres, "
                      "actor, follow, actorgroup, actorstep, actorgoto, record, profiler)");
        actions.push_back(std::move(action));
    }
    std::stable_sort(actions.begin(), actions.end(),
                     [](const ScriptAction& a, const ScriptAction& b) { return a.frame < b.frame; });
    return actions;
}

} // namespace rgx::app

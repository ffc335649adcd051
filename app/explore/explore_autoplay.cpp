#include "app/explore/explore_autoplay.h"

#include "app/commands/game_options.h"
#include "app/commands/wave_options.h"
#include "app/explore/explore_software.h"
#include "app/explore/script_debugger.h"
#include "base/error.h"
#include "view/camera.h"

#include <GLFW/glfw3.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <sstream>

namespace rgx::app {

namespace {

// Each check says what is wrong with a value, or nothing when it is good.
std::string wholeNumber(const std::string& v, long long low, long long high) {
    if (wholeNumberIn(v, low, high)) return "";
    return "expected a whole number from " + std::to_string(low) + " to " + std::to_string(high) + ", got '" +
           v + "'";
}

// The keys `key=` takes: their names and GLFW's codes (autoplayKeyCode reads the same table).
constexpr std::pair<std::string_view, int> kAutoplayKeys[] = {
    {"f1", GLFW_KEY_F1}, {"f12", GLFW_KEY_F12}, {"v", GLFW_KEY_V},
    {"c", GLFW_KEY_C},   {"f", GLFW_KEY_F},     {"escape", GLFW_KEY_ESCAPE}};

std::string oneOf(const std::string& v, std::initializer_list<const char*> names) {
    std::string list;
    for (const char* n : names) {
        if (v == n) return "";
        list += (list.empty() ? "" : ", ") + std::string(n);
    }
    return "expected " + list + ", got '" + v + "'";
}

// The parsers the explorer's options and panels share throw rgx::Error naming their option:
// only their message is kept.
template <typename Parse> std::string parsed(Parse parse) {
    try {
        parse();
    } catch (const Error& e) {
        return e.message();
    }
    return "";
}

std::string writablePath(const std::string& v) {
    if (v.empty()) return "expected a file path";
    return parsed([&] { checkWritable(v, "file"); });
}

std::string wholeWindowSize(const std::string& v) {
    int w = 0, h = 0;
    char extra = 0;
    if (std::sscanf(v.c_str(), "%dx%d%c", &w, &h, &extra) != 2 || w < 1 || h < 1 || w > 16384 || h > 16384)
        return "expected WxH, each 1..16384, got '" + v + "'";
    return "";
}

std::string splitShare(const std::string& v) {
    char* end = nullptr;
    const float split = std::strtof(v.c_str(), &end);
    if (v.empty() || *end != '\0' || !(split >= 0 && split <= 1))
        return "expected a number 0..1, got '" + v + "'";
    return "";
}

// pick=X,Y: a point of the window in its own units, from the top-left corner.
std::string pickPoint(const std::string& v) {
    double x = 0, y = 0;
    char extra = 0;
    if (std::sscanf(v.c_str(), "%lf,%lf%c", &x, &y, &extra) != 2 || !(x >= 0) || !(y >= 0) || x > 16384 ||
        y > 16384)
        return "expected X,Y in the window (0..16384 each), got '" + v + "'";
    return "";
}

struct ActionCheck {
    std::string_view key;
    std::function<std::string(const std::string&)> check;
};

const ActionCheck kActions[] = {
    {"world", [](const std::string& v) { return wholeNumber(v, 0, 1'000'000'000); }},
    {"camera", [](const std::string& v) { return parsed([&] { view::parseCamera(v); }); }},
    {"vsync",
     [](const std::string& v) {
         return oneOf(v, {"0", "1"});
     }},
    {"screenshot", writablePath},
    {"overlay", writablePath},
    {"size", wholeWindowSize},
    {"wave", [](const std::string& v) { return parsed([&] { parseWaveText(v, "wave"); }); }},
    {"renderer", [](const std::string& v) { return parsed([&] { parseViewLooks(v, "renderer"); }); }},
    {"split", splitShare},
    {"softres", [](const std::string& v) { return parsed([&] { parseSoftResolution(v, "softres"); }); }},
    {"actor", [](const std::string& v) { return wholeNumber(v, 0, 1'000'000'000); }},
    {"follow",
     [](const std::string& v) {
         return oneOf(v, {"0", "1"});
     }},
    {"actorgroup", [](const std::string& v) { return wholeNumber(v, 0, 65535); }},
    {"actorstep", [](const std::string& v) { return wholeNumber(v, 1, 100000); }},
    {"actorgoto", [](const std::string& v) { return oneOf(v, {"1"}); }},
    {"record", [](const std::string& v) { return v == "stop" ? std::string() : writablePath(v); }},
    {"profiler",
     [](const std::string& v) {
         return oneOf(v, {"open", "closed"});
     }},
    {"actors",
     [](const std::string& v) {
         return oneOf(v, {"open", "closed"});
     }},
    {"key",
     [](const std::string& v) {
         if (autoplayKeyCode(v) >= 0) return std::string();
         std::string list;
         for (const auto& [name, code] : kAutoplayKeys)
             list += (list.empty() ? "" : ", ") + std::string(name);
         return "expected " + list + ", got '" + v + "'";
     }},
    {"panels", [](const std::string& v) { return oneOf(v, {"check"}); }},
    {"segment",
     [](const std::string& v) {
         return v.empty() ? std::string("expected a segment name or *, got nothing") : std::string();
     }},
    {"scripts",
     [](const std::string& v) {
         return oneOf(v, {"open", "closed"});
     }},
    {"scriptson",
     [](const std::string& v) {
         return oneOf(v, {"0", "1"});
     }},
    {"scriptobject", [](const std::string& v) { return wholeNumber(v, 0, 1'000'000'000); }},
    {"scriptstep", [](const std::string& v) { return wholeNumber(v, 1, 100000); }},
    {"scriptrun",
     [](const std::string& v) {
         return oneOf(v, {"run", "pause", "breakpoint"});
     }},
    {"scriptbreak",
     [](const std::string& v) {
         return parseScriptOffset(v) ? std::string()
                                     : "expected an offset: L_0012, 0x12 or 18, got '" + v + "'";
     }},
    {"scriptbreakfn",
     [](const std::string& v) {
         return v.empty() || v.find_first_of(" \t") != std::string::npos
                    ? "expected a function name, got '" + v + "'"
                    : std::string();
     }},
    {"scriptprint", [](const std::string& v) { return oneOf(v, {"1"}); }},
    {"activate", [](const std::string& v) { return wholeNumber(v, 0, 1'000'000'000); }},
    {"pick", pickPoint},
    {"select",
     [](const std::string& v) {
         return v.empty() ? std::string("expected a node name or cell:ROW,COLUMN") : "";
     }},
    {"search",
     [](const std::string& v) { return v.empty() ? std::string("expected the text to search for") : ""; }},
    {"flyto", [](const std::string& v) { return oneOf(v, {"1"}); }},
    {"inspect", writablePath},
    {"bookmark",
     [](const std::string& v) { return v.empty() ? std::string("expected a bookmark name") : ""; }},
    {"map",
     [](const std::string& v) {
         return oneOf(v, {"open", "closed"});
     }},
    {"mapclick",
     [](const std::string& v) { return v.empty() ? std::string("expected a marker's name") : ""; }},
    {"inspector",
     [](const std::string& v) {
         return oneOf(v, {"open", "closed"});
     }},
};

bool separator(char c) {
    return c == ';' || c == '\n' || c == '\r';
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

} // namespace

std::string autoplayEntryName(const AutoplayAction& a) {
    return "entry " + std::to_string(a.entry) + " (" + std::to_string(a.frame) + ":" + a.key + "=" + a.value +
           ")";
}

std::vector<AutoplayAction> parseAutoplay(std::string_view text, std::string_view source) {
    std::vector<AutoplayAction> actions;
    int entryNumber = 0;
    while (!text.empty()) {
        const auto end =
            static_cast<std::size_t>(std::find_if(text.begin(), text.end(), separator) - text.begin());
        const std::string_view entry = trimmed(text.substr(0, end));
        text.remove_prefix(std::min(end + 1, text.size()));
        if (entry.empty()) continue;
        ++entryNumber;
        auto bad = [&](const std::string& key, const std::string& why) {
            return Error(std::string(source), Error::kNoOffset,
                         "entry " + std::to_string(entryNumber) + " (" + std::string(entry) + ")",
                         key.empty() ? why : key + ": " + why);
        };
        const std::size_t colon = entry.find(':');
        const std::size_t equals = entry.find('=');
        if (colon == std::string_view::npos || equals == std::string_view::npos || equals < colon)
            throw bad("", "expected FRAME:KEY=VALUE");
        AutoplayAction action;
        action.entry = entryNumber;
        action.source = std::string(source);
        const std::optional<long long> frame =
            wholeNumberIn(entry.substr(0, colon), 1, std::numeric_limits<std::int64_t>::max());
        if (!frame) throw bad("", "the frame must be a whole number from 1");
        action.frame = *frame;
        action.key = std::string(entry.substr(colon + 1, equals - colon - 1));
        action.value = std::string(entry.substr(equals + 1));
        const auto* known = std::find_if(std::begin(kActions), std::end(kActions),
                                         [&](const ActionCheck& c) { return c.key == action.key; });
        if (known == std::end(kActions)) {
            std::string names;
            for (const ActionCheck& c : kActions)
                names += (names.empty() ? "" : ", ") + std::string(c.key);
            throw bad("", "unknown action '" + action.key + "' (" + names + ")");
        }
        if (const std::string why = known->check(action.value); !why.empty()) throw bad(action.key, why);
        actions.push_back(std::move(action));
    }
    std::stable_sort(actions.begin(), actions.end(),
                     [](const AutoplayAction& a, const AutoplayAction& b) { return a.frame < b.frame; });
    return actions;
}

std::vector<AutoplayAction> readAutoplay(const std::string& file) {
    std::vector<AutoplayAction> actions;
    auto add = [&](std::vector<AutoplayAction> more) {
        actions.insert(actions.end(), std::make_move_iterator(more.begin()),
                       std::make_move_iterator(more.end()));
    };
    if (!file.empty()) {
        std::ifstream in(file, std::ios::binary);
        if (!in) throw Error(file, Error::kNoOffset, "--autoplay", "cannot be read");
        std::ostringstream text;
        text << in.rdbuf();
        add(parseAutoplay(text.str(), file));
    }
    for (const char* variable : {kAutoplayVariable, kAutoplayOldVariable})
        if (const char* text = std::getenv(variable)) add(parseAutoplay(text, variable));
    std::stable_sort(actions.begin(), actions.end(),
                     [](const AutoplayAction& a, const AutoplayAction& b) { return a.frame < b.frame; });
    return actions;
}

Error autoplayError(const AutoplayAction& a, const std::string& why) {
    return Error(a.source, Error::kNoOffset, autoplayEntryName(a), why);
}

void checkWritable(const std::filesystem::path& file, const std::string& what) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
    if (fs::is_directory(file, ec))
        throw Error(file.string(), Error::kNoOffset, what, "is a folder, not a file");
    if (!fs::is_directory(folder, ec))
        throw Error(file.string(), Error::kNoOffset, what,
                    "cannot be written: the folder " + folder.string() + " does not exist");
    if (::access(folder.c_str(), W_OK) != 0)
        throw Error(file.string(), Error::kNoOffset, what,
                    "cannot be written: the folder " + folder.string() + " is not writable");
    if (fs::exists(file, ec) && ::access(file.c_str(), W_OK) != 0)
        throw Error(file.string(), Error::kNoOffset, what, "cannot be written: the file is read-only");
}

int autoplayKeyCode(std::string_view name) {
    for (const auto& [known, code] : kAutoplayKeys)
        if (name == known) return code;
    return -1;
}

} // namespace rgx::app

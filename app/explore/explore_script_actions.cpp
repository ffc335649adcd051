// The explorer's script actions (RGX_EXPLORE_SCRIPT, app/explore/explore_script.h): one handler
// a key, each applying an action whose value the script's check accepted.

#include "app/commands/timed_world.h"
#include "app/commands/wave_options.h"
#include "app/explore/explorer.h"
#include "base/error.h"

#include <iostream>
#include <string>
#include <unordered_map>

namespace rgx::app {

namespace {

const std::vector<Vec3> kNoGeometry;

} // namespace

// The script's actions, by key: each applies one action whose value parseExploreScript checked.
// A value that depends on the scene (an actor index past the last) throws rgx::Error, which ends a
// scripted run.
const std::unordered_map<std::string, Explorer::ScriptHandler>& Explorer::scriptHandlers() {
    static const std::unordered_map<std::string, ScriptHandler> handlers = {
        {"world", &Explorer::scriptWorld},
        {"camera", &Explorer::scriptCamera},
        {"vsync", &Explorer::scriptVsync},
        {"screenshot", &Explorer::scriptScreenshot},
        {"overlay", &Explorer::scriptOverlay},
        {"size", &Explorer::scriptSize},
        {"renderer", &Explorer::scriptView},
        {"split", &Explorer::scriptView},
        {"softres", &Explorer::scriptView},
        {"actor", &Explorer::scriptActor},
        {"follow", &Explorer::scriptActor},
        {"actorgroup", &Explorer::scriptActor},
        {"actorstep", &Explorer::scriptActor},
        {"actorgoto", &Explorer::scriptActor},
        {"profiler", &Explorer::scriptPanel},
        {"actors", &Explorer::scriptPanel},
        {"record", &Explorer::scriptRecord},
        {"wave", &Explorer::scriptWave},
        {"key", &Explorer::scriptKey},
        {"panels", &Explorer::scriptPanels},
        {"segment", &Explorer::scriptSegment},
        {"map", &Explorer::scriptPanel},
        {"mapclick", &Explorer::scriptMapClick},
        {"scripts", &Explorer::scriptPanel},
        {"scriptson", &Explorer::scriptScripts},
        {"scriptobject", &Explorer::scriptScripts},
        {"scriptstep", &Explorer::scriptScripts},
        {"scriptrun", &Explorer::scriptScripts},
        {"scriptbreak", &Explorer::scriptScripts},
        {"scriptbreakfn", &Explorer::scriptScripts},
        {"scriptprint", &Explorer::scriptScripts},
        {"activate", &Explorer::scriptScripts},
        {"pick", &Explorer::scriptInspector},
        {"select", &Explorer::scriptInspector},
        {"search", &Explorer::scriptInspector},
        {"flyto", &Explorer::scriptInspector},
        {"inspect", &Explorer::scriptInspector},
        {"bookmark", &Explorer::scriptInspector},
        {"inspector", &Explorer::scriptPanel}};
    return handlers;
}

void Explorer::scriptWorld(const ScriptAction& a, std::int64_t) {
    requestWorld(std::stoll(a.value));
}

void Explorer::scriptSegment(const ScriptAction& a, std::int64_t) {
    // As the catalogue's buttons: a segment it lists, or "*" for the whole archive.
    if (a.value == "*") return requestSegment("");
    if (ui_.catalogue.empty())
        throw Error("RGX_EXPLORE_SCRIPT", Error::kNoOffset, scriptEntryName(a),
                    "segment: no catalogue is shown (--model FILE.ROB)");
    requestSegment(a.value);
}

void Explorer::scriptCamera(const ScriptAction& a, std::int64_t) {
    ui_.camera = view::parseCamera(a.value);
}

void Explorer::scriptVsync(const ScriptAction& a, std::int64_t) {
    presenter_->vsync = a.value != "0";
    presenter_->recreate = true;
}

void Explorer::scriptScreenshot(const ScriptAction& a, std::int64_t) {
    screenshot(a.value);
}

void Explorer::scriptOverlay(const ScriptAction& a, std::int64_t) {
    presenter_->captureOverlay = true; // written after this frame is presented
    pendingOverlay_ = a.value;
}

void Explorer::scriptSize(const ScriptAction& a, std::int64_t) {
    int width = 0, height = 0;
    std::sscanf(a.value.c_str(), "%dx%d", &width, &height);
    glfwSetWindowSize(window_, width, height);
    renderer::refreshWindowSize(*presenter_->window); // this frame draws at the new size, as before
}

void Explorer::scriptView(const ScriptAction& a, std::int64_t) {
    if (a.key == "renderer")
        ui_.software.view = parseRendererView(a.value, "RGX_EXPLORE_SCRIPT");
    else if (a.key == "softres")
        ui_.software.resolution = parseSoftResolution(a.value, "RGX_EXPLORE_SCRIPT");
    else
        ui_.software.split = std::strtof(a.value.c_str(), nullptr);
    std::cerr << "rgx explore: " << a.key << " " << a.value << "\n";
}

void Explorer::scriptActor(const ScriptAction& a, std::int64_t) {
    // Worked out before anything is printed: a failing action prints its error alone.
    const std::string said = applyActorAction(a, actors_, scene_.get(), animation_.get(), ui_.camera,
                                              a.key == "actorgoto" ? placedGeometry() : kNoGeometry);
    std::cerr << "rgx explore: " << said << "\n";
}

void Explorer::scriptPanel(const ScriptAction& a, std::int64_t) {
    (a.key == "profiler"    ? profiler_.setOpen
     : a.key == "scripts"   ? scriptsPanel_.setOpen
     : a.key == "inspector" ? inspector_.setOpen
     : a.key == "map"       ? map_.setOpen
                            : actors_.setOpen) = a.value == "open";
}

void Explorer::scriptScripts(const ScriptAction& a, std::int64_t) {
    const std::string said =
        applyScriptAction(a, scriptsPanel_, scene_.get(), scripts_.get(), scriptPlayer(ui_.camera.position));
    std::cerr << "rgx explore: " << said << "\n";
}

void Explorer::scriptRecord(const ScriptAction& a, std::int64_t) {
    if ((a.value == "stop") != recorder_.recording())
        throw Error("RGX_EXPLORE_SCRIPT", Error::kNoOffset, scriptEntryName(a),
                    std::string("record: ") +
                        (recorder_.recording() ? "already recording" : "not recording"));
    toggleRecording(clockSeconds(),
                    a.value == "stop" ? std::filesystem::path() : std::filesystem::path(a.value));
}

void Explorer::scriptWave(const ScriptAction& a, std::int64_t) {
    if (!ui_.look.wave) ui_.look.wave = world_ ? world_->worldWave : sim::WaveSettings{};
    applyWave(*ui_.look.wave, parseWaveText(a.value, "RGX_EXPLORE_SCRIPT"));
    std::cerr << "rgx explore: water waves " << a.value << "\n";
}

void Explorer::scriptKey(const ScriptAction& a, std::int64_t) {
    tapKey(window_, app::scriptKey(a.value));
    std::cerr << "rgx explore: key " << a.value << " pressed and released\n";
}

void Explorer::scriptPanels(const ScriptAction&, std::int64_t) {
    checkPanels();
}

// Runs the script's actions due at this counted frame; false when one failed (the run ends).
bool Explorer::runScript(std::int64_t frame) {
    while (nextAction_ < script_.size() && script_[nextAction_].frame <= frame) {
        const ScriptAction& a = script_[nextAction_++];
        try {
            (this->*scriptHandlers().at(a.key))(a, frame);
        } catch (const Error& e) {
            std::cerr << "rgx explore: " << e.what() << "\n";
            return false;
        }
    }
    return true;
}

} // namespace rgx::app

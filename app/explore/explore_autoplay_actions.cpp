// The explorer's autoplay actions (app/explore/explore_autoplay.h): one handler a key, each
// applying an action whose value the autoplay's check accepted.

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

// The autoplay's actions, by key: each applies one action whose value parseAutoplay checked.
// A value that depends on the scene (an actor index past the last) throws rgx::Error, which ends the
// run.
const std::unordered_map<std::string, Explorer::AutoplayHandler>& Explorer::autoplayHandlers() {
    static const std::unordered_map<std::string, AutoplayHandler> handlers = {
        {"world", &Explorer::autoplayWorld},
        {"camera", &Explorer::autoplayCamera},
        {"vsync", &Explorer::autoplayVsync},
        {"screenshot", &Explorer::autoplayScreenshot},
        {"overlay", &Explorer::autoplayOverlay},
        {"size", &Explorer::autoplaySize},
        {"renderer", &Explorer::autoplayView},
        {"split", &Explorer::autoplayView},
        {"softres", &Explorer::autoplayView},
        {"actor", &Explorer::autoplayActor},
        {"follow", &Explorer::autoplayActor},
        {"actorgroup", &Explorer::autoplayActor},
        {"actorstep", &Explorer::autoplayActor},
        {"actorgoto", &Explorer::autoplayActor},
        {"profiler", &Explorer::autoplayPanel},
        {"actors", &Explorer::autoplayPanel},
        {"record", &Explorer::autoplayRecord},
        {"wave", &Explorer::autoplayWave},
        {"key", &Explorer::autoplayKey},
        {"panels", &Explorer::autoplayPanels},
        {"segment", &Explorer::autoplaySegment},
        {"map", &Explorer::autoplayPanel},
        {"mapclick", &Explorer::autoplayMapClick},
        {"scripts", &Explorer::autoplayPanel},
        {"scriptson", &Explorer::autoplayScripts},
        {"scriptobject", &Explorer::autoplayScripts},
        {"scriptstep", &Explorer::autoplayScripts},
        {"scriptrun", &Explorer::autoplayScripts},
        {"scriptbreak", &Explorer::autoplayScripts},
        {"scriptbreakfn", &Explorer::autoplayScripts},
        {"scriptprint", &Explorer::autoplayScripts},
        {"activate", &Explorer::autoplayScripts},
        {"pick", &Explorer::autoplayInspector},
        {"select", &Explorer::autoplayInspector},
        {"search", &Explorer::autoplayInspector},
        {"flyto", &Explorer::autoplayInspector},
        {"inspect", &Explorer::autoplayInspector},
        {"bookmark", &Explorer::autoplayInspector},
        {"inspector", &Explorer::autoplayPanel}};
    return handlers;
}

void Explorer::autoplayWorld(const AutoplayAction& a, std::int64_t) {
    requestWorld(std::stoll(a.value));
}

void Explorer::autoplaySegment(const AutoplayAction& a, std::int64_t) {
    // As the catalogue's buttons: a segment it lists, or "*" for the whole archive.
    if (a.value == "*") return requestSegment("");
    if (ui_.catalogue.empty()) throw autoplayError(a, "segment: no catalogue is shown (--model FILE.ROB)");
    requestSegment(a.value);
}

void Explorer::autoplayCamera(const AutoplayAction& a, std::int64_t) {
    ui_.camera = view::parseCamera(a.value);
}

void Explorer::autoplayVsync(const AutoplayAction& a, std::int64_t) {
    presenter_->vsync = a.value != "0";
    presenter_->recreate = true;
}

void Explorer::autoplayScreenshot(const AutoplayAction& a, std::int64_t) {
    screenshot(a.value);
}

void Explorer::autoplayOverlay(const AutoplayAction& a, std::int64_t) {
    presenter_->captureOverlay = true; // written after this frame is presented
    pendingOverlay_ = a.value;
}

void Explorer::autoplaySize(const AutoplayAction& a, std::int64_t) {
    int width = 0, height = 0;
    std::sscanf(a.value.c_str(), "%dx%d", &width, &height);
    glfwSetWindowSize(window_, width, height);
    renderer::refreshWindowSize(*presenter_->window); // this frame draws at the new size, as before
}

void Explorer::autoplayView(const AutoplayAction& a, std::int64_t) {
    ViewLooks& looks = ui_.software.looks;
    const float divider = looks.divider; // renderer= switches the looks, the divider stays
    if (a.key == "renderer") looks = parseViewLooks(a.value, a.source);
    looks.divider = a.key == "split" ? std::strtof(a.value.c_str(), nullptr) : divider;
    if (a.key == "softres") ui_.software.resolution = parseSoftResolution(a.value, a.source);
    std::cerr << "rgx explore: " << a.key << " " << a.value << "\n";
}

void Explorer::autoplayActor(const AutoplayAction& a, std::int64_t) {
    // Worked out before anything is printed: a failing action prints its error alone.
    const std::string said = applyActorAction(a, actors_, scene(), animation(), ui_.camera,
                                              a.key == "actorgoto" ? placedGeometry() : kNoGeometry);
    std::cerr << "rgx explore: " << said << "\n";
}

void Explorer::autoplayPanel(const AutoplayAction& a, std::int64_t) {
    (a.key == "profiler"    ? profiler_.setOpen
     : a.key == "scripts"   ? scriptsPanel_.setOpen
     : a.key == "inspector" ? inspector_.setOpen
     : a.key == "map"       ? map_.setOpen
                            : actors_.setOpen) = a.value == "open";
}

void Explorer::autoplayScripts(const AutoplayAction& a, std::int64_t) {
    const std::string said =
        applyScriptsPanelAction(a, scriptsPanel_, scene(), scripts(), sim::scriptPlayer(ui_.camera.position));
    std::cerr << "rgx explore: " << said << "\n";
}

void Explorer::autoplayRecord(const AutoplayAction& a, std::int64_t) {
    if ((a.value == "stop") != recorder_.recording())
        throw autoplayError(a, std::string("record: ") +
                                   (recorder_.recording() ? "already recording" : "not recording"));
    toggleRecording(clockSeconds(),
                    a.value == "stop" ? std::filesystem::path() : std::filesystem::path(a.value));
}

void Explorer::autoplayWave(const AutoplayAction& a, std::int64_t) {
    if (!ui_.look.wave) ui_.look.wave = prepared() ? prepared()->worldWave : sim::WaveSettings{};
    applyWave(*ui_.look.wave, parseWaveText(a.value, a.source));
    std::cerr << "rgx explore: water waves " << a.value << "\n";
}

void Explorer::autoplayKey(const AutoplayAction& a, std::int64_t) {
    tapKey(window_, autoplayKeyCode(a.value));
    std::cerr << "rgx explore: key " << a.value << " pressed and released\n";
}

void Explorer::autoplayPanels(const AutoplayAction&, std::int64_t) {
    checkPanels();
}

// Runs the autoplay's actions due at this counted frame; false when one failed (the run ends).
bool Explorer::runAutoplay(std::int64_t frame) {
    while (nextAction_ < autoplay_.size() && autoplay_[nextAction_].frame <= frame) {
        const AutoplayAction& a = autoplay_[nextAction_++];
        try {
            (this->*autoplayHandlers().at(a.key))(a, frame);
        } catch (const Error& e) {
            std::cerr << "rgx explore: " << e.what() << "\n";
            return false;
        }
    }
    return true;
}

} // namespace rgx::app

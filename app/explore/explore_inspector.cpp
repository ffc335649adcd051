// The explorer's Inspector (issue 32): picking anything, the inspection of the selection (the
// world's RGM and WLD read again through the game's files when first asked for), the search and
// bookmarks, and their script actions (pick, select, search, flyto, inspect, bookmark).

#include "app/commands/json_text.h"
#include "app/explore/explorer.h"
#include "app/info/info_model.h"
#include "base/error.h"
#include "demo/demo.h"
#include "loaders/text.h"
#include "scene/redguard/model_resolver.h"

#include <fstream>
#include <iostream>

namespace rgx::app {

namespace {

// The part of the display the scene is drawn in under the cursor: the software picture (smaller,
// centred) where it is shown, the window otherwise. x, y, width, height in ImGui units.
std::array<double, 4> pickedPicture(const SoftwareViewSettings& sw, double mouseX) {
    const ImGuiIO& io = ImGui::GetIO();
    const ImVec2 display = io.DisplaySize;
    std::array<double, 4> out{0, 0, display.x, display.y};
    const bool inSoftware =
        sw.looks.softwareOnly() || (sw.looks.split() && mouseX >= sw.looks.divider * display.x);
    if (inSoftware && io.DisplayFramebufferScale.x > 0 && io.DisplayFramebufferScale.y > 0) {
        const double sx = io.DisplayFramebufferScale.x, sy = io.DisplayFramebufferScale.y;
        const SoftLayout l = softLayout(sw.resolution, static_cast<int>(std::lround(display.x * sx)),
                                        static_cast<int>(std::lround(display.y * sy)));
        out = {l.offsetX / sx, l.offsetY / sy, l.width * l.scale / sx, l.height * l.scale / sy};
    }
    return out;
}

} // namespace

void Explorer::resetInspector() {
    selectInInspector(inspector_, {});
    inspector_.hits.clear();
    inspector_.searched.clear();
    inspector_.builtIn = scene() ? builtInBookmarks(*scene(), ui_.currentWorld) : std::vector<Bookmark>{};
}

void Explorer::loadUserBookmarks() {
    bookmarksFile_ = bookmarksFile();
    bookmarksKey_ =
        bookmarksKey(gameDir_, options_.game.game.empty() && gameDir_ == demo::defaultDemoCacheDir());
    if (!bookmarksFile_) {
        inspector_.bookmarkStatus = "no config directory (XDG_CONFIG_HOME, HOME): bookmarks are not saved";
        return;
    }
    try {
        inspector_.bookmarks = loadBookmarks(*bookmarksFile_, bookmarksKey_);
        inspector_.bookmarkStatus = "saved in " + bookmarksFile_->string();
    } catch (const std::exception& e) {
        inspector_.bookmarkStatus = e.what();
        std::cerr << "rgx explore: bookmarks not read: " << e.what() << "\n";
    }
}

void Explorer::saveUserBookmarks() {
    if (!bookmarksFile_) return;
    try {
        saveBookmarks(*bookmarksFile_, bookmarksKey_, inspector_.bookmarks);
        inspector_.bookmarkStatus = "saved in " + bookmarksFile_->string();
    } catch (const std::exception& e) {
        inspector_.bookmarkStatus = e.what();
        std::cerr << "rgx explore: bookmarks not saved: " << e.what() << "\n";
    }
}

// The world's RGM and WLD, read again for the inspector when it first needs a record (the scene
// keeps what it built, not the records).
void Explorer::readWorldFiles() {
    if (!world_ || world_->filesRead || !fs_ || !scene()->redguard.world) return;
    world_->filesRead = true;
    try {
        if (scene()->redguard.world->map)
            world_->rgm =
                loaders::readRgm(fs_->read(*scene()->redguard.world->map), *scene()->redguard.world->map);
    } catch (const std::exception& e) {
        std::cerr << "rgx explore: the inspector cannot read the RGM: " << e.what() << "\n";
    }
    try {
        if (scene()->redguard.world->world)
            world_->wld = loaders::wldGrids(loaders::readWld(fs_->read(*scene()->redguard.world->world),
                                                             *scene()->redguard.world->world));
    } catch (const std::exception& e) {
        std::cerr << "rgx explore: the inspector cannot read the WLD: " << e.what() << "\n";
    }
}

void Explorer::updateInspection() {
    if (!scene() || inspector_.selection.empty() || inspector_.inspection) return;
    readWorldFiles();
    Inspection in = inspect(*scene(), inspector_.selection, world_->rgm ? &*world_->rgm : nullptr,
                            world_->wld ? &*world_->wld : nullptr);
    const int node = inspector_.selection.node;
    if (node >= 0 && scene()->engine != "redguard") {
        // Another engine's node names its model in its record (scene::SourceRecord), which
        // Redguard's folders would not find: its model is its mesh, and the mesh says its source.
        const scene::SceneNode& n = scene()->nodes[static_cast<std::size_t>(node)];
        if (!n.model.empty() && n.mesh >= 0)
            in.model = InspectedModel{scene()->meshes[static_cast<std::size_t>(n.mesh)].source, nullptr, ""};
    } else if (node >= 0 && fs_) {
        const scene::SceneNode& n = scene()->nodes[static_cast<std::size_t>(node)];
        if (!n.model.empty()) {
            std::unique_ptr<scene::ModelResolver>& resolver = world_->resolver;
            if (!resolver) resolver = std::make_unique<scene::ModelResolver>(*fs_);
            const scene::LocatedModel& m = resolver->locate(n.model);
            InspectedModel model{m.source, nullptr, m.problem};
            if (m.found()) {
                try {
                    model.info = describeModelAt(*m.model, m.source);
                } catch (const std::exception& e) {
                    model.problem = e.what();
                }
            }
            in.model = std::move(model);
        }
    }
    inspector_.inspection = std::move(in);
}

void Explorer::updateSearch() {
    const std::string query = inspector_.query.data();
    if (query == inspector_.searched) return;
    inspector_.searched = query;
    inspector_.chosenHit = 0;
    inspector_.hits =
        scene() ? searchNodes(*scene(), query, ui_.camera.position, worldState()) : std::vector<SearchHit>{};
}

void Explorer::select(const Selection& selection) {
    selectInInspector(inspector_, selection);
    // A node that is an actor is the Actors panel's selection too (and so the Scripts panel's).
    if (scene() && selection.node >= 0) {
        const int actor = scene()->nodes[static_cast<std::size_t>(selection.node)].actor;
        if (actor >= 0 &&
            scene()->nodes[static_cast<std::size_t>(selection.node)].kind != scene::NodeKind::HeldItem)
            selectActor(actors_, actor);
    }
}

void Explorer::flyTo(const Selection& selection) {
    if (scene()) ui_.camera = flyToCamera(*scene(), selection, ui_.camera, placedGeometry(), worldState());
}

std::optional<PickHit> Explorer::pickAt(double x, double y) {
    if (!scene()) return std::nullopt;
    const std::array<double, 4> p = pickedPicture(ui_.software, x);
    const double u = (x - p[0]) / p[2], v = (y - p[1]) / p[3];
    if (u < 0 || u > 1 || v < 0 || v > 1) return std::nullopt; // the black frame round the game's resolutions
    const double reach = prepared() ? prepared()->farPlane * ui_.look.viewDistance : 1e6;
    return pickScene(*scene(), cameraRay(ui_.camera, u, v, p[2] / p[3]), ui_.look.layers, worldState(),
                     reach);
}

// A left click on the scene selects what is under the cursor (after the UI, which decides whether
// the click drags the split divider or falls on a panel).
void Explorer::pickAnything() {
    const ImGuiIO& io = ImGui::GetIO();
    if (!scene() || io.WantCaptureMouse || ui_.draggingDivider || input_.captured ||
        !ImGui::IsMouseClicked(ImGuiMouseButton_Left))
        return;
    const std::optional<PickHit> hit = pickAt(io.MousePos.x, io.MousePos.y);
    if (!hit) return;
    select(hit->selection);
    std::cerr << "rgx explore: picked " << pickedName(hit->selection) << "\n";
}

std::string Explorer::pickedName(const Selection& s) const {
    if (s.cell) return "terrain cell " + std::to_string(s.cell->row) + "," + std::to_string(s.cell->column);
    if (!scene() || s.node < 0) return "nothing";
    const scene::SceneNode& n = scene()->nodes[static_cast<std::size_t>(s.node)];
    std::string out = scene::nodeKindName(n.kind);
    out += " ";
    out += loaders::toUtf8(n.name);
    return out;
}

void Explorer::applyInspectorActions(const InspectorActions& a) {
    if (a.flyToNode) {
        select(Selection{*a.flyToNode, std::nullopt});
        flyTo(inspector_.selection);
    }
    if (a.flyToSelection) flyTo(inspector_.selection);
    if (a.flyToCamera) ui_.camera = *a.flyToCamera;
    if (a.openActor && inspector_.inspection && inspector_.inspection->actor >= 0) {
        selectActor(actors_, inspector_.inspection->actor);
        actors_.revealInList = true;
    }
    if (a.openScript && inspector_.inspection && inspector_.inspection->scriptObject >= 0) {
        selectScriptObject(scriptsPanel_.debugger, inspector_.inspection->scriptObject);
        scriptsPanel_.setOpen = true;
    }
    if (a.bookmarksChanged) saveUserBookmarks();
}

// pick=X,Y  select=NAME|cell:R,C  search=TEXT  flyto=1  inspect=PATH  bookmark=NAME
void Explorer::autoplayInspector(const AutoplayAction& a, std::int64_t) {
    if (!scene()) throw autoplayError(a, "no scene");
    auto fail = [&](const std::string& why) { return autoplayError(a, a.key + ": " + why); };
    if (a.key == "pick") {
        double x = 0, y = 0;
        std::sscanf(a.value.c_str(), "%lf,%lf", &x, &y);
        const std::optional<PickHit> hit = pickAt(x, y);
        if (hit) select(hit->selection);
        std::cerr << "rgx explore: picked " << (hit ? pickedName(hit->selection) : std::string("nothing"))
                  << "\n";
    } else if (a.key == "select") {
        Selection s;
        int r = 0, c = 0;
        if (std::sscanf(a.value.c_str(), "cell:%d,%d", &r, &c) == 2) {
            s.cell = TerrainCell{r, c};
            if (!selectionSphere(*scene(), s, worldState())) throw fail("no such terrain cell");
        } else {
            for (std::size_t i = 0; i < scene()->nodes.size() && s.node < 0; ++i)
                if (scene()->nodes[i].name == a.value) s.node = static_cast<int>(i);
            if (s.node < 0) throw fail("no node named '" + a.value + "'");
        }
        select(s);
        std::cerr << "rgx explore: selected " << pickedName(s) << "\n";
    } else if (a.key == "search") {
        std::snprintf(inspector_.query.data(), inspector_.query.size(), "%s", a.value.c_str());
        updateSearch();
        if (inspector_.hits.empty()) throw fail("nothing matches '" + a.value + "'");
        const SearchHit& h = inspector_.hits.front();
        std::cerr << "rgx explore: search '" << a.value << "': " << inspector_.hits.size()
                  << " matches, nearest " << h.kind << " " << loaders::toUtf8(h.name) << " (" << h.matched
                  << ")\n";
        InspectorActions fly;
        fly.flyToNode = h.node; // as Enter does
        applyInspectorActions(fly);
    } else if (a.key == "flyto") {
        if (inspector_.selection.empty()) throw fail("nothing is selected");
        flyTo(inspector_.selection);
        std::cerr << "rgx explore: flew to " << pickedName(inspector_.selection) << "\n";
    } else if (a.key == "inspect") {
        if (inspector_.selection.empty()) throw fail("nothing is selected");
        updateInspection();
        nlohmann::json out = inspectionJson(*inspector_.inspection);
        out["camera"] = view::formatCamera(ui_.camera);
        // Where the selection's centre is in the view (0..1 each way when in view).
        if (const auto s = selectionSphere(*scene(), inspector_.selection, worldState())) {
            const double aspect =
                ui_.viewport[1] > 0 ? static_cast<double>(ui_.viewport[0]) / ui_.viewport[1] : 1;
            const auto at = projectToView(ui_.camera, aspect, {(*s)[0], (*s)[1], (*s)[2]});
            out["centre_in_view"] =
                at ? nlohmann::json::array({(*at)[0], (*at)[1]}) : nlohmann::json(nullptr);
        }
        std::ofstream file(a.value);
        file << utf8Json(out).dump(2) << "\n";
        if (!file) throw fail("cannot write " + a.value);
        std::cerr << "rgx explore: inspected " << pickedName(inspector_.selection) << " into " << a.value
                  << "\n";
    } else if (a.key == "bookmark") {
        inspector_.bookmarks.push_back({a.value, ui_.currentWorld, ui_.camera, false});
        saveUserBookmarks();
        std::cerr << "rgx explore: bookmark '" << a.value << "' (" << inspector_.bookmarkStatus << ")\n";
    }
}

} // namespace rgx::app

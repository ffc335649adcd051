// The Map panel's clicks (explore_map.h) as the explorer acts on them: a marker of a node is
// selected (the Inspector shows it, an actor's panels follow) and flown to as a search result is;
// a RALC location or the ground puts the camera over that place.

#include "app/explore/explorer.h"
#include "base/error.h"
#include "scene/redguard/terrain.h"

#include <iostream>

namespace rgx::app {

void Explorer::applyMapAction(const MapWindowAction& action) {
    if (!scene() || !map_.ready) return;
    const auto groundAt = [&](double x, double z, double otherwise) {
        return scene()->terrain ? scene::terrainHeightAt(scene()->terrain->height, x, z) : otherwise;
    };
    if (action.marker >= 0 && static_cast<std::size_t>(action.marker) < map_.markers.size()) {
        const view::MapMarker& m = map_.markers[static_cast<std::size_t>(action.marker)];
        if (m.node >= 0) {
            Selection selection;
            selection.node = m.node;
            select(selection);
            flyTo(selection);
        } else {
            ui_.camera = cameraOverGround(ui_.camera, m.position.x, m.position.z, m.position.y);
        }
        return;
    }
    if (action.ground)
        ui_.camera =
            cameraOverGround(ui_.camera, (*action.ground)[0], (*action.ground)[1],
                             groundAt((*action.ground)[0], (*action.ground)[1], ui_.camera.position.y - 600));
}

void Explorer::autoplayMapClick(const AutoplayAction& a, std::int64_t) {
    for (std::size_t i = 0; i < map_.markers.size(); ++i) {
        if (map_.markers[i].name != a.value) continue;
        MapWindowAction click;
        click.marker = static_cast<int>(i);
        applyMapAction(click);
        std::cerr << "rgx explore: map click on " << a.value << ": camera " << view::formatCamera(ui_.camera)
                  << "\n";
        return;
    }
    throw autoplayError(a, "no marker named '" + a.value + "' on the map");
}

} // namespace rgx::app

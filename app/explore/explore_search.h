#pragma once
// The explorer's search (issue 32): every node matched by name, model, mesh, script name, kind
// name ("static") or RGM section ("MPSO"), listed with its kind and its distance from the camera;
// and the camera a "fly to" puts in front of a match. No ImGui here.

#include "app/explore/explore_pick.h"
#include "scene/scene_graph.h"
#include "view/camera.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::app {

struct SearchHit {
    int node = -1;       // into Scene::nodes
    std::string kind;    // nodeKindName
    std::string name;    // the node's name
    std::string matched; // what matched: "name", "model", "mesh", "script", "kind", "section"
    double distance = 0; // from the camera to the node's drawn centre, engine units
};

// The words a node answers to, lower-cased: name, model, mesh name, script name (its scripted
// object's, or its actor's animation script), kind name and RGM section tag.
struct NodeTerms {
    std::string name, model, mesh, script, kind, section;
};
NodeTerms nodeTerms(const scene::Scene& scene, std::size_t node);

// Every node whose terms hold each word of the query (any case, words split at spaces), nearest
// first, at most `limit`. An empty query finds nothing. The terrain node and held items are left
// out (a cell is picked, not searched).
std::vector<SearchHit> searchNodes(const scene::Scene& scene, std::string_view query, const Vec3& from,
                                   const sim::WorldState* drawn = nullptr, std::size_t limit = 200);

// The camera "fly to" puts in front of a selection: cameraFacingClear (app/explore/explore_actors.h)
// on its sphere (selectionSphere), so that nothing placed or the ground stands between, keeping
// the camera's heading where it can. The selection's centre is at the view's centre.
view::Camera flyToCamera(const scene::Scene& scene, const Selection& selection, const view::Camera& camera,
                         const std::vector<Vec3>& triangles, const sim::WorldState* drawn = nullptr);

} // namespace rgx::app

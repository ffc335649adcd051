#pragma once
// The explorer's actors (issue 16): the "Actors" panel over sim::SceneAnimation (pick an actor
// from a list or by clicking it in the world, its RAGR groups, play / pause / step a tick, speed,
// the playback settings shared by every actor, its state and a live trace of the ticks it ran),
// the camera following an actor or placed in front of it, and the autoplay actions that do the
// same in tests. The ray and sphere maths of picking is kept apart from ImGui so that it can be
// unit-tested against the renderer's projection.

#include "app/explore/explore_autoplay.h"
#include "app/explore/explore_layout.h"
#include "scene/scene_graph.h"
#include "sim/scene_animation.h"
#include "view/camera.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace rgx::app {

// ---- Picking ---------------------------------------------------------------------------------

struct Ray {
    Vec3 origin;
    Vec3 direction; // unit
};

// The ray from the camera through a point of its view, given as u, v in 0..1 from the view's
// top-left corner, for a view of this aspect (width / height). The same convention as
// view::projectionMatrix: fovYDeg is the vertical field of view, and v grows downwards (Vulkan's
// framebuffer, and the window's mouse coordinates).
Ray cameraRay(const view::Camera& camera, double u, double v, double aspect);

// Where a world point lands in the view (u, v as cameraRay takes them), or nullopt when it is not
// in front of the camera. cameraRay(projectToView(p)) passes through p.
std::optional<std::array<double, 2>> projectToView(const view::Camera& camera, double aspect,
                                                   const Vec3& point);

// Distance along the ray to where it enters a sphere (centre xyz, radius w); 0 when the origin is
// inside it; nullopt when it misses or the sphere lies behind the origin.
std::optional<double> raySphere(const Ray& ray, const std::array<float, 4>& sphere);

// The sphere the ray hits first (the nearest entry point), or -1.
int pickNearest(const Ray& ray, const std::vector<std::array<float, 4>>& spheres);

// Where actor i's origin stands in the world state drawn (the scripts can move an actor), or
// without one where its animation puts it (SceneAnimation::actorPosition).
Vec3 actorPositionNow(const scene::Scene& scene, const sim::SceneAnimation& animation, std::size_t i,
                      const sim::WorldState* drawn = nullptr);
// Actor i's bounding sphere where it stands now: renderer::instanceSphere of its node (every
// frame it can show), moved with the actor (actorPositionNow: its pose, opcodes 6-9, or the
// scripts). An actor the drawn state hides gets an unbounded sphere: nothing picks it.
std::array<float, 4> actorSphereNow(const scene::Scene& scene, const sim::SceneAnimation& animation,
                                    std::size_t i, const sim::WorldState* drawn = nullptr);
// Every actor's, in Scene::redguard.actors order (what a click picks from).
std::vector<std::array<float, 4>> actorSpheres(const scene::Scene& scene,
                                               const sim::SceneAnimation& animation,
                                               const sim::WorldState* drawn = nullptr);

// A camera kMeetDistance (or three radii, when larger) from the sphere's centre, keeping the
// camera's heading, looking slightly down at it: the "go to" button.
inline constexpr double kMeetDistance = 300;
view::Camera cameraFacing(const view::Camera& camera, const std::array<float, 4>& sphere);

// cameraFacing, standing where nothing of the placed geometry (renderer::placedTriangles) or the
// terrain (its cells round the actor) lies between the camera and the actor, nor within
// kGoToClearance behind the camera: an actor inside a building is seen from inside it, one at a
// cliff's foot from the open side, not through a wall or the ground. The headings are tried from
// the camera's own outwards, 15 degrees at a time; where no heading has the whole distance free,
// the one with the most room, the camera as far out as the room allows (never nearer than the
// sphere).
inline constexpr double kGoToClearance = 48;
view::Camera cameraFacingClear(const view::Camera& camera, const std::array<float, 4>& sphere,
                               const std::vector<Vec3>& triangles,
                               const scene::TerrainGrid* terrain = nullptr);

// The terrain's triangles (split TL-BR as scene/redguard/terrain.h draws them) of the cells within `reach`
// of `centre` on the ground plane.
std::vector<Vec3> terrainTrianglesNear(const scene::TerrainGrid& terrain, const Vec3& centre, double reach);

// Following: moves the camera by how far the followed point moved since the last call (the first
// call only records where it is), so the camera keeps its offset to the actor.
void followPoint(std::optional<Vec3>& last, const Vec3& now, view::Camera& camera);

// ---- The panel -------------------------------------------------------------------------------

struct ActorPanelState {
    int selected = -1; // into Scene::redguard.actors
    bool follow = false;
    std::optional<Vec3> followedAt; // the followed actor's position at the last frame
    std::optional<bool> setOpen;    // open (true) or fold the panel at its next draw
    bool open = false;              // as drawn last (planPanels places it by this)
    bool revealInList = false;      // scroll the actor list to the selection once
    bool autoScroll = true;         // the trace keeps its newest tick in view
};

// Selects actor `index` (-1: none) and opens the panel; following restarts from where it is.
void selectActor(ActorPanelState& state, int index);

// What the panel asks the loop to do.
struct ActorPanelActions {
    bool goTo = false; // place the camera in front of the selected actor (cameraFacingClear); only
                       // set while an actor of the given scene is selected
};

// The "Actors" window (collapsed until opened or until an actor is picked). Edits the animation
// (groups played, clocks, settings) and the state in place. scene and animation may be null (no
// scene yet).
// Placed at `place` (planPanels); adds itself to `shown`.
ActorPanelActions drawActorPanel(ActorPanelState& state, const scene::Scene* scene,
                                 sim::SceneAnimation* animation, const Rect& place,
                                 std::vector<PanelShown>& shown);

// The circle round the selected actor and its name over the scene (window of viewport[0] x
// viewport[1] ImGui units), and the part of it no panel may cover (the centre, at most 48 units
// round it, and the name); nothing when no actor is selected or it is behind the camera. Needs an
// ImGui frame (the name's width).
struct ActorMarker {
    float x = 0, y = 0, radius = 0;
    std::string label;
    Rect keepClear;
};
std::optional<ActorMarker> actorMarker(const ActorPanelState& state, const scene::Scene* scene,
                                       const sim::SceneAnimation* animation, const view::Camera& camera,
                                       std::array<int, 2> viewport, const sim::WorldState* drawn = nullptr);
void drawActorMarker(const ActorMarker& marker);

// One line of a tick for the trace and the autoplay's log: tick, group, command, handle, events.
std::string tickLine(const sim::TickRecord& tick);

// The autoplay's actor actions (explore_autoplay.h): actor=INDEX, follow=0|1, actorgroup=G,
// actorstep=N, actorgoto=1 (cameraFacingClear against `triangles`). Returns the line to log;
// throws autoplayError (its source and entry) for a bad value (or no scene, or no
// actor selected).
bool isActorAction(const std::string& key);
std::string applyActorAction(const AutoplayAction& action, ActorPanelState& state, const scene::Scene* scene,
                             sim::SceneAnimation* animation, view::Camera& camera,
                             const std::vector<Vec3>& triangles = {});

} // namespace rgx::app

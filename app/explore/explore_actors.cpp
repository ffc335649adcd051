#include "app/explore/explore_actors.h"

#include "app/commands/game_options.h"
#include "base/error.h"
#include "renderer/culling/culling.h"
#include "renderer/views/interior_view.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rgx::app {

namespace {

constexpr double kPi = 3.14159265358979323846;
// instanceSphere's radius for a mesh without bounds: such a sphere holds every ray's origin, so
// it would win every pick.
constexpr float kUnboundedRadius = 1e29f;

double tanHalfFov(const view::Camera& camera) {
    return std::tan(camera.fovYDeg * kPi / 360.0);
}

bool validActor(const sim::SceneAnimation* animation, int index) {
    return animation && index >= 0 && static_cast<std::size_t>(index) < animation->actorCount();
}

std::string actorLabel(const scene::Scene& scene, std::size_t i) {
    const scene::SceneActor& a = scene.redguard.actors[i];
    return scene.nodes[static_cast<std::size_t>(a.node)].name + " (" +
           scene.redguard.animations[static_cast<std::size_t>(a.animation)].script + ")";
}

// Steps actor i by one tick and holds it there: a stepped frame stays on screen until play.
sim::TickRecord stepPaused(sim::SceneAnimation& animation, std::size_t i) {
    animation.clock(i).paused = true;
    return animation.stepActor(i);
}

// The shared settings: every player takes them at its next tick, played or stepped by hand.
void settingsControls(sim::SceneAnimation& animation) {
    sim::AnimationSettings& s = animation.settings();
    int onEnd = s.onEnd == sim::OnEnd::Idle ? 1 : 0;
    ImGui::TextUnformatted("At EndAnimation");
    ImGui::SameLine();
    ImGui::RadioButton("restart the group", &onEnd, 0);
    ImGui::SameLine();
    ImGui::RadioButton("idle group", &onEnd, 1);
    s.onEnd = onEnd == 1 ? sim::OnEnd::Idle : sim::OnEnd::Restart;
    ImGui::Checkbox("interpolate frames", &s.interpolate);
    ImGui::SameLine();
    ImGui::Checkbox("take GoToFuture", &s.takeFuture);
    ImGui::TextDisabled("%.0f ticks per second (SYSTEM.INI normal_frame_rate); all actors", s.ticksPerSecond);
}

void actorList(ActorPanelState& state, const scene::Scene& scene) {
    ImGui::Text("%zu actors: click one here or in the world", scene.redguard.actors.size());
    ImGui::BeginChild("actor list", ImVec2(0, 110), true);
    for (std::size_t i = 0; i < scene.redguard.actors.size(); ++i) {
        const std::string label = actorLabel(scene, i) + "##actor" + std::to_string(i);
        const bool selected = state.selected == static_cast<int>(i);
        if (ImGui::Selectable(label.c_str(), selected) && !selected) {
            selectActor(state, static_cast<int>(i));
            state.setOpen.reset(); // already open
        }
        if (selected && state.revealInList) ImGui::SetScrollHereY();
    }
    state.revealInList = false;
    ImGui::EndChild();
}

void actorState(sim::SceneAnimation& animation, std::size_t i) {
    const sim::AnimPlayer& p = animation.player(i);
    ImGui::Text("group %d, command %d, %lld ticks run, its clock at %.2f s", p.group(), p.command(),
                static_cast<long long>(p.ticksRun()), animation.clock(i).seconds);
    const sim::HandleRef ref = p.shown();
    const std::vector<std::string>& paths = p.clip().entryPaths;
    if (ref.entry >= 0 && static_cast<std::size_t>(ref.entry) < paths.size())
        ImGui::Text("handle %d: RAAN entry %d %s, frame %d", p.handle(), ref.entry,
                    paths[static_cast<std::size_t>(ref.entry)].c_str(), ref.localFrame);
    else
        ImGui::Text("handle %d: no frame shown yet", p.handle());
    ImGui::Text("tracked vertex %d%s", p.trackedVertex(), p.ended() ? ", group ended" : "");
    if (const std::string& problem = animation.problem(i); !problem.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", problem.c_str());
        ImGui::PopTextWrapPos();
    }
}

void groupList(const scene::Scene& scene, sim::SceneAnimation& animation, std::size_t i) {
    const loaders::RgmAnimList& groups =
        scene.redguard.animations[static_cast<std::size_t>(scene.redguard.actors[i].animation)].groups;
    ImGui::TextUnformatted("Groups (click one to play it)");
    ImGui::BeginChild("groups", ImVec2(0, 90), true);
    const int current = animation.player(i).group();
    for (std::size_t g = 0; g < groups.groups.size(); ++g) {
        const loaders::RgmAnimGroup& group = groups.groups[g];
        char label[128];
        std::snprintf(label, sizeof label, "group %u  anim id %u  type %u  %u commands##g%zu",
                      static_cast<unsigned>(group.groupIndex), static_cast<unsigned>(group.animId),
                      static_cast<unsigned>(group.animType), static_cast<unsigned>(group.commandCount), g);
        if (ImGui::Selectable(label, group.groupIndex == current)) animation.playGroup(i, group.groupIndex);
    }
    ImGui::EndChild();
}

void traceView(ActorPanelState& state, const sim::SceneAnimation& animation, std::size_t i) {
    ImGui::TextUnformatted("Trace (newest last)");
    ImGui::SameLine();
    ImGui::Checkbox("keep newest in view", &state.autoScroll);
    ImGui::BeginChild("trace", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
    for (const sim::TickRecord& tick : animation.recentTicks(i))
        ImGui::TextUnformatted(tickLine(tick).c_str());
    if (state.autoScroll) ImGui::SetScrollHereY(1.0f);
    ImGui::EndChild();
}

// The autoplay's error for action a, for the caller to throw.
Error badAction(const AutoplayAction& a, const std::string& why) {
    return autoplayError(a, a.key + ": " + why);
}

long long wholeNumber(const AutoplayAction& a, long long low, long long high) {
    if (const std::optional<long long> n = wholeNumberIn(a.value, low, high)) return *n;
    throw badAction(a, "expected a whole number from " + std::to_string(low) + " to " + std::to_string(high));
}

} // namespace

Ray cameraRay(const view::Camera& camera, double u, double v, double aspect) {
    return {camera.position, rgx::normalized(view::viewRays(camera, aspect).at(2 * u - 1, 2 * v - 1))};
}

std::optional<std::array<double, 2>> projectToView(const view::Camera& camera, double aspect,
                                                   const Vec3& point) {
    const view::CameraBasis b = view::cameraBasis(camera);
    const double t = tanHalfFov(camera);
    const Vec3 d = point - camera.position;
    const double depth = dot(d, b.forward);
    if (!(depth > 1e-9)) return std::nullopt;
    const double x = dot(d, b.right) / depth, y = dot(d, b.up) / depth;
    return std::array<double, 2>{(x / (t * aspect) + 1) / 2, (1 - y / t) / 2};
}

std::optional<double> raySphere(const Ray& ray, const std::array<float, 4>& sphere) {
    const Vec3 centre{sphere[0], sphere[1], sphere[2]};
    const double r = sphere[3];
    const Vec3 oc = ray.origin - centre;
    const double c = dot(oc, oc) - r * r;
    if (c <= 0) return 0.0;
    const double b = dot(oc, ray.direction);
    const double disc = b * b - c;
    if (disc < 0) return std::nullopt;
    // Outside the sphere both roots have the sign of -b: a negative entry means it is behind.
    const double t = -b - std::sqrt(disc);
    if (t < 0) return std::nullopt;
    return t;
}

int pickNearest(const Ray& ray, const std::vector<std::array<float, 4>>& spheres) {
    int best = -1;
    double bestT = 0;
    for (std::size_t i = 0; i < spheres.size(); ++i) {
        if (!(spheres[i][3] < kUnboundedRadius)) continue;
        const std::optional<double> t = raySphere(ray, spheres[i]);
        if (t && (best < 0 || *t < bestT)) {
            best = static_cast<int>(i);
            bestT = *t;
        }
    }
    return best;
}

Vec3 actorPositionNow(const scene::Scene& scene, const sim::SceneAnimation& animation, std::size_t i,
                      const sim::WorldState* drawn) {
    if (!drawn) return animation.actorPosition(i);
    const auto node = static_cast<std::size_t>(scene.redguard.actors[i].node);
    return sim::drawWorld(sim::nodeState(drawn, node), scene.nodes[node].world).translationPart();
}

std::array<float, 4> actorSphereNow(const scene::Scene& scene, const sim::SceneAnimation& animation,
                                    std::size_t i, const sim::WorldState* drawn) {
    const auto n = static_cast<std::size_t>(scene.redguard.actors[i].node);
    const scene::SceneNode& node = scene.nodes[n];
    std::array<float, 4> s = renderer::instanceSphere(scene, node);
    if (const sim::NodeState* state = sim::nodeState(drawn, n); state && state->hidden)
        s[3] = kUnboundedRadius;
    const Vec3 moved = actorPositionNow(scene, animation, i, drawn) - node.world.translationPart();
    s[0] += static_cast<float>(moved.x);
    s[1] += static_cast<float>(moved.y);
    s[2] += static_cast<float>(moved.z);
    return s;
}

std::vector<std::array<float, 4>>
actorSpheres(const scene::Scene& scene, const sim::SceneAnimation& animation, const sim::WorldState* drawn) {
    std::vector<std::array<float, 4>> spheres;
    spheres.reserve(scene.redguard.actors.size());
    for (std::size_t i = 0; i < scene.redguard.actors.size(); ++i)
        spheres.push_back(actorSphereNow(scene, animation, i, drawn));
    return spheres;
}

view::Camera cameraFacing(const view::Camera& camera, const std::array<float, 4>& sphere) {
    view::Camera c = camera;
    c.pitchDeg = -15;
    const double radius = sphere[3] < kUnboundedRadius ? sphere[3] : 0.0;
    const double distance = std::max(kMeetDistance, 3 * radius);
    const Vec3 forward = view::cameraForward(c);
    c.position = Vec3{sphere[0], sphere[1], sphere[2]} - forward * distance;
    return c;
}

std::vector<Vec3> terrainTrianglesNear(const scene::TerrainGrid& terrain, const Vec3& centre, double reach) {
    std::vector<Vec3> t;
    constexpr int n = scene::TerrainGrid::kSize;
    constexpr double cell = scene::TerrainGrid::kCell;
    if (terrain.height.size() != static_cast<std::size_t>(n) * n || !(reach >= 0)) return t;
    const auto cellRange = [&](double at) {
        const double lo = std::floor((at - reach) / cell), hi = std::floor((at + reach) / cell);
        return std::array<int, 2>{static_cast<int>(std::clamp(lo, 0.0, n - 2.0)),
                                  static_cast<int>(std::clamp(hi, 0.0, n - 2.0))};
    };
    const auto [c0, c1] = cellRange(centre.x);
    const auto [r0, r1] = cellRange(centre.z);
    const auto vertex = [&](int r, int c) {
        return Vec3{c * cell, terrain.height[static_cast<std::size_t>(r) * n + static_cast<std::size_t>(c)],
                    r * cell};
    };
    for (int r = r0; r <= r1; ++r)
        for (int c = c0; c <= c1; ++c) {
            const Vec3 tl = vertex(r, c), tr = vertex(r, c + 1), bl = vertex(r + 1, c),
                       br = vertex(r + 1, c + 1);
            t.insert(t.end(), {tl, bl, br, tl, br, tr});
        }
    return t;
}

view::Camera cameraFacingClear(const view::Camera& camera, const std::array<float, 4>& sphere,
                               const std::vector<Vec3>& triangles, const scene::TerrainGrid* terrain) {
    const view::Camera wanted = cameraFacing(camera, sphere);
    const Vec3 centre{sphere[0], sphere[1], sphere[2]};
    const double radius = sphere[3] < kUnboundedRadius ? sphere[3] : 0.0;
    const Vec3 offset = wanted.position - centre;
    const double distance = std::sqrt(dot(offset, offset));
    const std::vector<Vec3> ground =
        terrain ? terrainTrianglesNear(*terrain, centre, distance + kGoToClearance) : std::vector<Vec3>{};
    if (triangles.empty() && ground.empty()) return wanted;
    const auto freeAlong = [&](const Vec3& from, const Vec3& dir, double most) {
        return std::min(renderer::rayDistance(triangles, from, dir, most),
                        renderer::rayDistance(ground, from, dir, most));
    };
    const Vec3 up{0, 1, 0}, down{0, -1, 0};
    constexpr double kHigh = 1e6;
    // How much of the way from a camera at p to the actor is free (1: all of it): towards the
    // sphere's centre or its top, whichever sees more (an actor half in the ground shows its top),
    // stopping at the sphere; 0 under the ground or with a wall right behind.
    const auto score = [&](const Vec3& p, const Vec3& back) {
        if (!ground.empty() && renderer::rayDistance(ground, p + up * kHigh, down, kHigh * 2) < kHigh)
            return 0.0;
        if (freeAlong(p, back, kGoToClearance) < kGoToClearance - 1e-6) return 0.0;
        double best = 0;
        for (const Vec3& target : {centre, centre + up * radius}) {
            const Vec3 d = target - p;
            const double length = std::sqrt(dot(d, d));
            const double reach = std::max(0.0, length - radius);
            if (reach <= 0) return 1.0;
            best = std::max(best, freeAlong(p, d * (1.0 / length), reach) / reach);
        }
        return best;
    };
    view::Camera best = wanted;
    double bestScore = -1, bestRoom = -1;
    for (int step = 0; step < 24; ++step) {
        const int k = (step + 1) / 2 * (step % 2 == 0 ? -1 : 1); // 0, +1, -1, +2, -2, ...
        view::Camera c = wanted;
        c.yawDeg = camera.yawDeg + 15.0 * k;
        const Vec3 back = view::cameraForward(c) * -1.0;
        // As far out as the room behind allows, between the sphere and the wanted distance.
        const double room = freeAlong(centre + back * radius, back, distance - radius + kGoToClearance);
        c.position = centre + back * (radius + std::clamp(room - kGoToClearance, 0.0, distance - radius));
        const double s = score(c.position, back);
        if (s >= 1.0 && room >= distance - radius + kGoToClearance) return c;
        // The best sight, then the most room (a closed room: its longest line, the far corner).
        if (s > bestScore || (s == bestScore && room > bestRoom)) {
            bestScore = s;
            bestRoom = room;
            best = c;
        }
    }
    return best;
}

void followPoint(std::optional<Vec3>& last, const Vec3& now, view::Camera& camera) {
    if (last) camera.position = camera.position + (now - *last);
    last = now;
}

void selectActor(ActorPanelState& state, int index) {
    state.selected = index;
    state.followedAt.reset();
    if (index >= 0) state.setOpen = true;
    state.revealInList = index >= 0;
}

std::string tickLine(const sim::TickRecord& tick) {
    char head[160];
    std::snprintf(head, sizeof head, "tick %lld  group %d  command %d  handle %d",
                  static_cast<long long>(tick.tick), tick.group, tick.command, tick.handle);
    std::string line = head;
    if (tick.held) line += "  held";
    if (tick.ended) line += "  ended";
    for (std::size_t e = 0; e < tick.events.size(); ++e)
        line += (e == 0 ? "  | " : "; ") + tick.events[e].what;
    if (tick.moreEvents > 0) line += "; and " + std::to_string(tick.moreEvents) + " more";
    return line;
}

ActorPanelActions drawActorPanel(ActorPanelState& state, const scene::Scene* scene,
                                 sim::SceneAnimation* animation, const Rect& place,
                                 std::vector<PanelShown>& shown) {
    ActorPanelActions actions;
    if (!beginSidePanel("Actors", place, state.setOpen, state.open, shown)) {
        ImGui::End();
        return actions;
    }
    if (!scene || !animation) {
        ImGui::TextDisabled("no scene");
    } else if (scene->redguard.actors.empty()) {
        ImGui::TextDisabled("no actors in this scene");
    } else {
        actorList(state, *scene);
        settingsControls(*animation);
        if (validActor(animation, state.selected)) {
            const auto i = static_cast<std::size_t>(state.selected);
            ImGui::Separator();
            ImGui::TextWrapped("actor %d: %s", state.selected, actorLabel(*scene, i).c_str());
            sim::ActorClock& clock = animation->clock(i);
            if (ImGui::Button(clock.paused ? "play##clock" : "pause##clock")) clock.paused = !clock.paused;
            ImGui::SameLine();
            if (ImGui::Button("step tick")) stepPaused(*animation, i);
            ImGui::SameLine();
            if (ImGui::Checkbox("follow", &state.follow)) state.followedAt.reset();
            ImGui::SameLine();
            if (ImGui::Button("go to")) actions.goTo = true;
            float speed = static_cast<float>(clock.speed);
            if (ImGui::SliderFloat("speed", &speed, 0.1f, 4.0f, "x%.2f", ImGuiSliderFlags_Logarithmic))
                clock.speed = speed;
            actorState(*animation, i);
            groupList(*scene, *animation, i);
            traceView(state, *animation, i);
        }
    }
    ImGui::End();
    return actions;
}

std::optional<ActorMarker> actorMarker(const ActorPanelState& state, const scene::Scene* scene,
                                       const sim::SceneAnimation* animation, const view::Camera& camera,
                                       std::array<int, 2> viewport, const sim::WorldState* drawn) {
    if (!scene || !validActor(animation, state.selected) || viewport[0] <= 0 || viewport[1] <= 0)
        return std::nullopt;
    const auto i = static_cast<std::size_t>(state.selected);
    const std::array<float, 4> sphere = actorSphereNow(*scene, *animation, i, drawn);
    if (!(sphere[3] < kUnboundedRadius)) return std::nullopt;
    const double aspect = static_cast<double>(viewport[0]) / viewport[1];
    const Vec3 centre{sphere[0], sphere[1], sphere[2]};
    const std::optional<std::array<double, 2>> at = projectToView(camera, aspect, centre);
    if (!at) return std::nullopt;
    const double depth = dot(centre - camera.position, view::cameraBasis(camera).forward);
    ActorMarker m;
    m.radius = static_cast<float>(std::clamp(sphere[3] / (depth * tanHalfFov(camera)) * viewport[1] / 2, 6.0,
                                             static_cast<double>(viewport[1])));
    m.x = static_cast<float>((*at)[0] * viewport[0]);
    m.y = static_cast<float>((*at)[1] * viewport[1]);
    m.label = actorLabel(*scene, i);
    const float r = std::min(m.radius, 48.0f);
    const ImVec2 text = ImGui::CalcTextSize(m.label.c_str());
    const float labelX = m.x + m.radius * 0.72f, labelY = m.y - m.radius * 0.72f - 14;
    const float x0 = std::min(m.x - r, labelX), y0 = std::min(m.y - r, labelY);
    const float x1 = std::max(m.x + r, labelX + text.x), y1 = std::max(m.y + r, labelY + text.y);
    m.keepClear = {x0, y0, x1 - x0, y1 - y0};
    return m;
}

void drawActorMarker(const ActorMarker& m) {
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    const ImVec2 p(m.x, m.y);
    draw->AddCircle(p, m.radius, IM_COL32(80, 220, 255, 220), 48, 1.5f);
    draw->AddText(ImVec2(p.x + m.radius * 0.72f, p.y - m.radius * 0.72f - 14), IM_COL32(80, 220, 255, 255),
                  m.label.c_str());
}

bool isActorAction(const std::string& key) {
    return key == "actor" || key == "follow" || key == "actorgroup" || key == "actorstep" ||
           key == "actorgoto";
}

std::string applyActorAction(const AutoplayAction& a, ActorPanelState& state, const scene::Scene* scene,
                             sim::SceneAnimation* animation, view::Camera& camera,
                             const std::vector<Vec3>& triangles) {
    if (!scene || !animation) throw badAction(a, "no scene is shown");
    if (a.key == "follow") {
        if (a.value != "0" && a.value != "1") throw badAction(a, "expected 0 or 1");
        state.follow = a.value == "1";
        state.followedAt.reset();
        return std::string("follow ") + (state.follow ? "on" : "off");
    }
    if (a.key == "actor") {
        if (animation->actorCount() == 0) throw badAction(a, "the scene has no actors");
        const long long index = wholeNumber(a, 0, static_cast<long long>(animation->actorCount()) - 1);
        selectActor(state, static_cast<int>(index));
        return "actor " + a.value + " " + actorLabel(*scene, static_cast<std::size_t>(index));
    }
    if (!validActor(animation, state.selected)) throw badAction(a, "no actor selected (actor=INDEX first)");
    const auto i = static_cast<std::size_t>(state.selected);
    const std::string who = "actor " + std::to_string(i);
    if (a.key == "actorgroup") {
        const long long group = wholeNumber(a, 0, 65535);
        if (!animation->playGroup(i, static_cast<int>(group)))
            throw badAction(a, who + " has no group with group_index " + a.value);
        return who + " plays group " + a.value;
    }
    if (a.key == "actorstep") {
        const long long count = wholeNumber(a, 1, 100000);
        sim::TickRecord last;
        for (long long k = 0; k < count; ++k)
            last = stepPaused(*animation, i);
        std::string line = who + " stepped " + a.value + " ticks, paused: " + tickLine(last);
        if (!animation->problem(i).empty()) line += " (problem: " + animation->problem(i) + ")";
        return line;
    }
    if (a.key == "actorgoto") {
        if (a.value != "1") throw badAction(a, "expected 1");
        camera = cameraFacingClear(camera, actorSphereNow(*scene, *animation, i), triangles,
                                   scene->terrain ? &*scene->terrain : nullptr);
        return "camera in front of " + who + ": " + view::formatCamera(camera);
    }
    throw badAction(a, "not an actor action");
}

} // namespace rgx::app

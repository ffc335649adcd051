#include "sim/world_state.h"

namespace rgx::sim {

WorldState restState(const scene::Scene& scene) {
    WorldState s;
    s.nodes.resize(scene.nodes.size());
    s.lights.resize(scene.nodes.size());
    s.flats.resize(scene.nodes.size());
    for (std::size_t i = 0; i < scene.nodes.size(); ++i)
        s.nodes[i].hidden = scene.nodes[i].kind == scene::NodeKind::HeldItem;
    return s;
}

Mat4 drawLocal(const NodeState& state, const Mat4& nodeWorld) {
    if (!state.world) return state.local;
    return affineInverse(nodeWorld) * *state.world * state.local;
}

Mat4 drawWorld(const NodeState* state, const Mat4& nodeWorld) {
    if (!posed(state)) return nodeWorld;
    return (state->world ? *state->world : nodeWorld) * state->local;
}

} // namespace rgx::sim

// Animated characters and the other stand-alone model files: the walker (one 16-frame walk cycle
// split over WALKA001.3DC and WALKA002.3DC, which differ in vertex count as the real game's
// split files can), the guard (a patrol cycle; vertex kGuardHandVertex is its right hand, where
// the drawn sword is carried, vertex 10 its scabbard at the left hip), the sword and the flag.
//
// Characters are boxes on a small skeleton, posed per frame and written as type-2 frames
// (pos_k = base - d_k, |d| <= 32767 raw = 128 engine units, which a walk stays well inside).
// They face -z (north) with the right hand on +x (east): in the engine's left-handed frame (x east,
// y down, z south) that is the body's right, and the scene's y-up frame keeps it so.

#include "demo/demo_models_parts.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rgx::demo {

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double deg(double d) {
    return d * kPi / 180;
}

enum Bone { Root, ThighL, ShinL, ThighR, ShinR, UpperArmL, ForeArmL, UpperArmR, ForeArmR, BoneCount };
constexpr int kParent[BoneCount] = {-1, Root, ThighL, Root, ThighR, Root, UpperArmL, Root, UpperArmR};

// Body proportions of a 180-unit person; `ys` scales heights (the guard is taller).
struct Body {
    double ys = 1;
    P3 hip(double side) const { return {side * 10, 95 * ys, 0}; }
    P3 knee(double side) const { return {side * 10, 50 * ys, 0}; }
    P3 shoulder(double side) const { return {side * 25, 146 * ys, 0}; }
    P3 elbow(double side) const { return {side * 25, 118 * ys, 0}; }
    P3 pivot(int bone) const {
        switch (bone) {
        case ThighL:
            return hip(-1);
        case ShinL:
            return knee(-1);
        case ThighR:
            return hip(1);
        case ShinR:
            return knee(1);
        case UpperArmL:
            return shoulder(-1);
        case ForeArmL:
            return elbow(-1);
        case UpperArmR:
            return shoulder(1);
        case ForeArmR:
            return elbow(1);
        default:
            return {};
        }
    }
};

// Per bone: a forward swing (radians, about the x axis through the pivot; positive moves a
// hanging limb forward, towards -z).
struct Pose {
    double swing[BoneCount] = {};
};

// Swings p about the x axis through `pivot` so that a point below the pivot moves forward.
P3 swingAbout(P3 p, P3 pivot, double a) {
    P3 d = p - pivot;
    double c = std::cos(a), s = std::sin(a);
    return pivot + P3{d.x, d.y * c - d.z * s, d.y * s + d.z * c};
}

std::vector<P3> posePoints(const Mesh& mesh, const Body& body, const Pose& pose) {
    std::vector<P3> out;
    out.reserve(mesh.vertexCount());
    for (std::size_t i = 0; i < mesh.vertexCount(); ++i) {
        P3 p = mesh.points()[i];
        // Innermost bone first, then each parent, as the chain hangs from the root.
        for (int b = mesh.bones()[i]; b > Root; b = kParent[b])
            p = swingAbout(p, body.pivot(b), pose.swing[b]);
        out.push_back(p);
    }
    // Feet on the ground: the lowest point of every frame rests on y = 0, so the body rises and
    // falls with the stride as a walking body does.
    double lowest = 1e300;
    for (const P3& p : out)
        lowest = std::min(lowest, p.y);
    for (P3& p : out)
        p.y -= lowest;
    return out;
}

struct Outfit {
    Surface tunic, trousers, skin, hair, boots, belt;
    bool helmet = false, pouch = false, scabbard = false;
};

// The right hand first: an eight-sided fist whose vertex 1 is its lowest point, where a carried
// item's grip sits (kGuardHandVertex).
void addRightHand(Mesh& m, const Body& b, const Surface& skin) {
    P3 c = b.elbow(1) + P3{0, -33 * b.ys, 0};
    std::uint32_t top = m.vertex(c + P3{0, 7, 0}, ForeArmR), bottom = m.vertex(c + P3{0, -7, 0}, ForeArmR);
    std::uint32_t ring[4];
    const P3 around[4] = {{5, 0, 0}, {0, 0, 5}, {-5, 0, 0}, {0, 0, -5}};
    for (int i = 0; i < 4; ++i)
        ring[i] = m.vertex(c + around[i], ForeArmR);
    for (int i = 0; i < 4; ++i) {
        std::uint32_t a = ring[i], n = ring[(i + 1) % 4];
        P3 mid = (around[i] + around[(i + 1) % 4]) * 0.5;
        m.face({a, n, top}, skin, mid + P3{0, 3, 0});
        m.face({a, n, bottom}, skin, mid + P3{0, -3, 0});
    }
}

// The scabbard's hanger at the left hip: four ring vertices (6-9) and, below them, vertex 10
// where a sheathed item's grip sits (kGuardScabbardVertex = -10, as the shipped data's -10).
void addScabbard(Mesh& m, const Body& b, const Surface& leather) {
    const P3 c{-24, 100 * b.ys, 0};
    std::uint32_t ring[4];
    const P3 around[4] = {{3, 0, 0}, {0, 0, 3}, {-3, 0, 0}, {0, 0, -3}};
    for (int i = 0; i < 4; ++i)
        ring[i] = m.vertex(c + around[i], Root);
    const std::uint32_t tip = m.vertex(c + P3{0, -10, 0}, Root);
    for (int i = 0; i < 4; ++i) {
        const P3 mid = (around[i] + around[(i + 1) % 4]) * 0.5;
        m.face({ring[i], ring[(i + 1) % 4], tip}, leather, mid + P3{0, -3, 0});
    }
}

Mesh person(const Body& b, const Outfit& o) {
    Mesh m;
    const double y = b.ys;
    addRightHand(m, b, o.skin);
    if (o.scabbard) addScabbard(m, b, o.belt);
    // Left hand: a small block.
    P3 lh = b.elbow(-1) + P3{0, -33 * y, 0};
    m.box(lh - P3{4.5, 7, 4.5}, lh + P3{4.5, 7, 4.5}, o.skin, 1e9, ForeArmL);
    for (double side : {-1.0, 1.0}) {
        const int thigh = side < 0 ? ThighL : ThighR, shin = side < 0 ? ShinL : ShinR;
        const int upper = side < 0 ? UpperArmL : UpperArmR, fore = side < 0 ? ForeArmL : ForeArmR;
        double x = side * 10;
        m.box({x - 6, 0, -22}, {x + 6, 9 * y, 10}, o.boots, 12, shin);
        m.box({x - 6, 9 * y, -6}, {x + 6, 50 * y, 6}, o.trousers, 12, shin, false, 0x33);
        m.box({x - 7, 50 * y, -7}, {x + 7, 95 * y, 7}, o.trousers, 12, thigh, false, 0x33);
        double ax = side * 25;
        m.box({ax - 5, 118 * y, -5}, {ax + 5, 149 * y, 5}, o.tunic, 12, upper);
        m.box({ax - 4.5, 92 * y, -4.5}, {ax + 4.5, 118 * y, 4.5}, o.skin, 12, fore, false, 0x3B);
    }
    m.box({-18, 88 * y, -10}, {18, 105 * y, 10}, o.trousers, 12);
    m.box({-19, 103 * y, -11}, {19, 109 * y, 11}, o.belt, 1e9, Root, false, 0x33);
    m.box({-21, 109 * y, -11}, {21, 150 * y, 11}, o.tunic, 12);
    m.box({-5, 150 * y, -5}, {5, 158 * y, 5}, o.skin, 1e9, Root, false, 0x33);
    m.box({-10, 158 * y, -10}, {10, 178 * y, 10}, o.skin, 8);
    m.box({-11, 174 * y, -9}, {11, 180 * y, 11}, o.hair, 1e9); // hair over the back of the head
    for (double ex : {-5.0, 5.0})                              // eyes
        m.quad({ex - 2, 168 * y, -10.5}, {ex + 2, 168 * y, -10.5}, {ex + 2, 171 * y, -10.5},
               {ex - 2, 171 * y, -10.5}, Surface::colour(Ramp::Grey, 1), {0, 0, -1});
    if (o.helmet)
        m.cylinder({0, 176 * y, 0}, 13, 0, 14 * y, 8, 2, Surface::tex(Material::Metal, 32), true, false);
    if (o.pouch) m.box({-24, 88 * y, -6}, {-19, 101 * y, 6}, o.belt, 1e9);
    return m;
}

// A walk cycle at phase in [0, 2 pi): legs and arms swing in opposition, knees bend while the
// leg swings through. `armSwing` scales the arms (a guard holding
// a sword barely swings its right arm).
Pose walkPose(double phase, double armSwingL, double armSwingR, double rightElbow, double knee = 1) {
    Pose p;
    p.swing[ThighL] = deg(24) * std::sin(phase);
    p.swing[ThighR] = -deg(24) * std::sin(phase);
    p.swing[ShinL] = -deg(8 + 38 * knee * std::max(0.0, std::sin(phase + kPi * 0.6)));
    p.swing[ShinR] = -deg(8 + 38 * knee * std::max(0.0, std::sin(phase + kPi * 1.6)));
    p.swing[UpperArmL] = -deg(20) * armSwingL * std::sin(phase);
    p.swing[UpperArmR] = deg(20) * armSwingR * std::sin(phase);
    p.swing[ForeArmL] = deg(12 + 8 * std::sin(phase));
    p.swing[ForeArmR] = rightElbow;
    return p;
}

// frames[0] becomes the base geometry (frame 0), the rest frames 1.. of a type-2 .3DC.
loaders::Model animated(Mesh mesh, const std::vector<std::vector<P3>>& frames) {
    mesh.setPoints(frames[0]);
    loaders::Model model = mesh.toModel(loaders::ModelVersion::V40, false);
    std::vector<std::vector<loaders::Vec3i>> rest;
    for (std::size_t k = 1; k < frames.size(); ++k)
        rest.push_back(Mesh::rawPositions(frames[k]));
    loaders::setAnimationFrames(model, 2, rest);
    return model;
}

Outfit walkerOutfit(bool pouch) {
    return {Surface::tex(Material::Cloth, 48),
            Surface::colour(Ramp::Cloth, 5),
            Surface::tex(Material::Skin, 32),
            Surface::tex(Material::Hair, 32),
            Surface::colour(Ramp::Wood, 2),
            Surface::colour(Ramp::Wood, 5),
            false,
            pouch};
}

// Frames first..first+7 of the 16-frame walk.
loaders::Model walker(int first, bool pouch) {
    Body body;
    Mesh mesh = person(body, walkerOutfit(pouch));
    std::vector<std::vector<P3>> frames;
    for (int k = first; k < first + 8; ++k)
        frames.push_back(posePoints(mesh, body, walkPose(k * 2 * kPi / 16, 1, 1, deg(12))));
    return animated(std::move(mesh), frames);
}

loaders::Model guard() {
    Body body{190.0 / 180.0};
    Outfit o{Surface::tex(Material::Metal, 48),
             Surface::colour(Ramp::Cloth, 3),
             Surface::tex(Material::Skin, 32),
             Surface::tex(Material::Hair, 32),
             Surface::colour(Ramp::Wood, 2),
             Surface::colour(Ramp::Wood, 4),
             true,
             false,
             true};
    Mesh mesh = person(body, o);
    std::vector<std::vector<P3>> frames;
    // A slow patrol step: 8 frames, the sword arm held still with the forearm raised.
    for (int k = 0; k < 8; ++k)
        frames.push_back(posePoints(mesh, body, walkPose(k * 2 * kPi / 8, 0.8, 0.1, deg(30), 0.5)));
    return animated(std::move(mesh), frames);
}

loaders::Model sword() {
    Mesh m;
    m.box({-2.5, 0, -2.5}, {2.5, 4, 2.5}, Surface::colour(Ramp::Metal, 9)); // pommel
    m.tube({0, 4, 0}, {0, 20, 0}, 2, 2, 6, Surface::colour(Ramp::Wood, 3), false, false);
    m.box({-5.5, 20, -2.5}, {5.5, 23, 2.5}, Surface::colour(Ramp::Metal, 8)); // cross-guard
    m.tube({0, 23, 0}, {0, 100, 0}, 3, 0, 4, Surface::tex(Material::Metal, 24), true, false);
    return m.toModel(loaders::ModelVersion::V40, true);
}

// The sword sheathed: the grip and pommel above the origin, the cross-guard at it, and the
// scabbard hanging below it.
loaders::Model sheathedSword() {
    Mesh m;
    m.box({-2.5, 19, -2.5}, {2.5, 23, 2.5}, Surface::colour(Ramp::Metal, 9)); // pommel
    m.tube({0, 3, 0}, {0, 19, 0}, 2, 2, 6, Surface::colour(Ramp::Wood, 3), false, false);
    m.box({-5.5, 0, -2.5}, {5.5, 3, 2.5}, Surface::colour(Ramp::Metal, 8));                   // cross-guard
    m.tube({0, -85, 0}, {0, 0, 0}, 2.5, 4, 6, Surface::tex(Material::Wood, 24), true, false); // scabbard
    return m.toModel(loaders::ModelVersion::V40, true);
}

// The flag hangs from its hoist on x = 0 (the pole side) over x in [0, 200], y in [0, 150];
// a travelling wave grows towards the fly end. Both sides have their own vertices.
loaders::Model flag() {
    Mesh m;
    const Surface cloth = Surface::tex(Material::Cloth, 100);
    m.grid({0, 0, 0}, {200, 0, 0}, {0, 150, 0}, 10, 6, cloth, {0, 0, 1});
    m.grid({0, 0, 0}, {200, 0, 0}, {0, 150, 0}, 10, 6, cloth, {0, 0, -1});
    std::vector<std::vector<P3>> frames;
    for (int k = 0; k < 8; ++k) {
        double phase = k * 2 * kPi / 8;
        std::vector<P3> pts;
        for (const P3& p : m.points()) {
            double t = p.x / 200;
            pts.push_back({p.x - 4 * t * t, p.y - 6 * t * (0.5 - 0.5 * std::cos(phase)) * (p.y / 150),
                           5 * t * std::sin(2 * kPi * 1.2 * t - phase)});
        }
        frames.push_back(pts);
    }
    return animated(std::move(m), frames);
}

} // namespace

std::vector<DemoModelFile> actorFiles() {
    std::vector<DemoModelFile> out;
    out.push_back({std::string(kWalkerA.file), walker(0, false)});
    out.push_back({std::string(kWalkerB.file), walker(8, true)});
    out.push_back({std::string(kGuard.file), guard()});
    out.push_back({std::string(kSword.file), sword()});
    out.push_back({std::string(kSwordSheathed.file), sheathedSword()});
    out.push_back({std::string(kFlag.file), flag()});
    return out;
}

} // namespace rgx::demo

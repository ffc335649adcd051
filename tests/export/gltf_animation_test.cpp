// The actors' RAGR groups exported as glTF animations (export/gltf_actors.h): an actor's group as
// the frames `rgx anim-trace` prints; a held item's keys placing it where the renderers draw it; a
// group's keys the same whichever groups are exported before it; animations shared, deduplicated
// and held to their budget.

#include "export/gltf_actors.h"
#include "export/gltf_export.h"
#include "loaders/redguard/ragr.h"
#include "loaders/redguard/rgm.h"
#include "loaders/text.h"
#include "scene/model_mesh.h"
#include "scene/redguard/scene_builder.h"
#include "sim/anim_player.h"
#include "sim/scene_animation.h"
#include "tests/export/gltf_test_util.h"
#include "tests/support/demo_dir.h"
#include "tests/support/gltf_readback.h"

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <map>
#include <set>
#include <span>

namespace rgx::exporter {
namespace {

using namespace testing;

TEST(GltfExport, AnActorsGroupStepsThroughTheFramesAnimTracePrints) {
    const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    ASSERT_FALSE(s.redguard.actors.empty());
    const scene::SceneActor& actor = s.redguard.actors[0];
    const scene::ActorAnimation& anim = s.redguard.animations[static_cast<std::size_t>(actor.animation)];
    ASSERT_FALSE(anim.groups.groups.empty());
    const int group = anim.groups.groups.back().groupIndex;
    const fs::path file = scratch("groups.glb");
    ExportOptions options;
    options.groups = std::vector<int>{group};
    exportGltf(renderer::prepareWorld(s), nullptr, file, options);

    const tinygltf::Model model = loadGlb(file);
    ASSERT_FALSE(HasFailure()) << "the file reads back";
    const std::string nodeName = s.nodes[static_cast<std::size_t>(actor.node)].name;
    const std::string name = anim.script + " group " + std::to_string(group) + " (" + nodeName + ")";
    const tinygltf::Animation* a = nullptr;
    for (const tinygltf::Animation& candidate : model.animations) {
        EXPECT_NE(candidate.name.find(" group " + std::to_string(group) + " "), std::string::npos)
            << "--groups " << group << " wrote " << candidate.name;
        if (candidate.name == name) a = &candidate;
    }
    ASSERT_NE(a, nullptr) << name;

    // The glTF's answer per key: which mesh child is at scale 1, and its one weight at 1.
    std::vector<float> times;
    std::map<int, std::vector<float>> scales, weights; // per glTF node
    for (const tinygltf::AnimationChannel& c : a->channels) {
        const tinygltf::AnimationSampler& sampler = a->samplers[static_cast<std::size_t>(c.sampler)];
        EXPECT_EQ(sampler.interpolation, "STEP");
        times = floatsOf(model, sampler.input);
        if (c.target_path == "scale") scales[c.target_node] = floatsOf(model, sampler.output);
        if (c.target_path == "weights") weights[c.target_node] = floatsOf(model, sampler.output);
    }
    ASSERT_FALSE(times.empty());

    // What anim-trace prints for the same actor and group (sim::AnimPlayer, the group ending).
    sim::AnimClip clip;
    clip.actor = anim.script;
    for (const scene::ActorFile& f : anim.files) {
        clip.entryFrames.push_back(f.frameCount);
        clip.entryPaths.push_back(f.path);
    }
    clip.groups = &anim.groups;
    sim::AnimPlayer player(clip, group, {false, sim::OnEnd::Stop});
    std::size_t ticks = 0;
    bool ended = false;
    for (std::size_t t = 0; t < times.size(); ++t) {
        ++ticks;
        const sim::TickRecord rec = player.step();
        ASSERT_GE(rec.ref.entry, 0) << "tick " << t;
        const scene::ActorFile& file = anim.files[static_cast<std::size_t>(rec.ref.entry)];
        const std::string expectedMesh = s.meshes[static_cast<std::size_t>(file.mesh)].name;
        // The child at scale 1 is the shown file's mesh; its weights show the local frame.
        int shownNode = -1;
        for (const auto& [node, values] : scales)
            if (values[t * 3] == 1.0f) {
                EXPECT_EQ(shownNode, -1) << "two meshes shown at tick " << t;
                shownNode = node;
            }
        ASSERT_GE(shownNode, 0) << "tick " << t;
        const std::string& childName = model.nodes[static_cast<std::size_t>(shownNode)].name;
        EXPECT_TRUE(childName.ends_with(" mesh " + expectedMesh)) << "tick " << t << ": " << childName;
        const std::vector<float>& w = weights[shownNode];
        const std::size_t targets =
            model.meshes[static_cast<std::size_t>(model.nodes[static_cast<std::size_t>(shownNode)].mesh)]
                .weights.size();
        ASSERT_EQ(w.size(), times.size() * targets);
        int frame = 0;
        for (std::size_t k = 0; k < targets; ++k)
            if (w[t * targets + k] == 1.0f) frame = static_cast<int>(k) + 1;
        EXPECT_EQ(frame, rec.ref.localFrame) << "tick " << t;
        if (rec.ended) {
            ended = true;
            break;
        }
    }
    // The animation ends on the tick the group does, or at the cap for a group that loops on.
    EXPECT_EQ(ticks, times.size());
    if (!ended) {
        EXPECT_EQ(times.size(), static_cast<std::size_t>(kMaxGroupTicks));
    }
    EXPECT_NEAR(times[1] - times[0], 1.0 / 12.0, 1e-6) << "a key per game tick";
}

// The first actor that holds an item, with its groups.
std::size_t actorWithItem(const scene::Scene& s) {
    for (std::size_t i = 0; i < s.redguard.actors.size(); ++i)
        if (s.redguard.actors[i].itemNode >= 0 && s.redguard.actors[i].animation >= 0) return i;
    return s.redguard.actors.size();
}

TEST(GltfExport, AHeldItemsKeysPlaceItWhereTheRenderersDrawIt) {
    const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    const std::size_t ai = actorWithItem(s);
    ASSERT_LT(ai, s.redguard.actors.size()) << "the demo's world 0 has an actor holding an item";
    const scene::SceneActor& actor = s.redguard.actors[ai];
    const scene::ActorAnimation& anim = s.redguard.animations[static_cast<std::size_t>(actor.animation)];
    const fs::path file = scratch("held_item.glb");
    exportGltf(renderer::prepareWorld(s), nullptr, file, {});
    const tinygltf::Model model = loadGlb(file);
    const int itemNode = gltfNodeOf(model, static_cast<std::size_t>(actor.itemNode));
    ASSERT_GE(itemNode, 0);
    ASSERT_EQ(model.nodes[static_cast<std::size_t>(itemNode)].name,
              s.nodes[static_cast<std::size_t>(actor.itemNode)].name);
    const rgx::Mat4 parentWorld = gltfParentWorld(model, itemNode);

    // The same playback, run here: the renderers draw the item at node.world * pose.local.
    sim::AnimationSettings settings = sim::animationSettings(s);
    settings.onEnd = sim::OnEnd::Stop;
    settings.interpolate = false;
    sim::SceneAnimation animation(s, settings);
    std::size_t shownKeys = 0;
    for (const loaders::RgmAnimGroup& group : anim.groups.groups) {
        const std::string name = anim.script + " group " + std::to_string(group.groupIndex) + " (" +
                                 s.nodes[static_cast<std::size_t>(actor.node)].name + ")";
        const tinygltf::Animation* a = nullptr;
        for (const tinygltf::Animation& candidate : model.animations)
            if (candidate.name == name) a = &candidate;
        ASSERT_NE(a, nullptr) << name;
        std::map<std::string, std::vector<float>> item; // path -> output
        for (const tinygltf::AnimationChannel& c : a->channels)
            if (c.target_node == itemNode)
                item[c.target_path] =
                    floatsOf(model, a->samplers[static_cast<std::size_t>(c.sampler)].output);
        ASSERT_EQ(item.size(), 3u) << name << ": translation, rotation and scale";

        animation.player(ai).reset();
        ASSERT_TRUE(animation.playGroup(ai, group.groupIndex));
        const std::size_t keys = item["translation"].size() / 3;
        ASSERT_EQ(item["rotation"].size(), keys * 4);
        ASSERT_EQ(item["scale"].size(), keys * 3);
        for (std::size_t t = 0; t < keys; ++t) {
            animation.stepActor(ai);
            const sim::NodeState& pose = animation.state().nodes[static_cast<std::size_t>(actor.itemNode)];
            const auto at = [&](const char* path, std::size_t n) {
                const std::vector<float>& v = item[path];
                return std::vector<double>(v.begin() + static_cast<std::ptrdiff_t>(t * n),
                                           v.begin() + static_cast<std::ptrdiff_t>(t * n + n));
            };
            if (pose.hidden) {
                EXPECT_EQ(at("scale", 3), (std::vector<double>{0, 0, 0})) << name << " tick " << t;
                continue;
            }
            ++shownKeys;
            const rgx::Mat4 got =
                parentWorld * trsMatrix(at("translation", 3), at("rotation", 4), at("scale", 3));
            const rgx::Mat4 drawn = s.nodes[static_cast<std::size_t>(actor.itemNode)].world * pose.local;
            for (int r = 0; r < 3; ++r)
                for (int c = 0; c < 4; ++c) {
                    const double want = drawn.m[r][c] * (c == 3 ? kMetresPerUnit : 1.0);
                    EXPECT_NEAR(got.m[r][c], want, c == 3 ? 2e-3 : 1e-4)
                        << name << " tick " << t << " [" << r << "][" << c << "]";
                }
        }
    }
    EXPECT_GT(shownKeys, 0u) << "some key shows the item in a hand";
}

TEST(GltfExport, AGroupsKeysDoNotDependOnTheGroupsExportedBeforeIt) {
    scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    const std::size_t ai = actorWithItem(s);
    ASSERT_LT(ai, s.redguard.actors.size());
    scene::ActorAnimation& anim =
        s.redguard.animations[static_cast<std::size_t>(s.redguard.actors[ai].animation)];
    ASSERT_GE(anim.groups.groups.size(), 2u);
    // A group before the last one leaves state behind that the last would inherit if the player
    // were not reset between groups: a pose override (SetRotationXYZ, which moves the held item
    // too). Not the first group: the player starts in that one.
    loaders::RgmAnimList groups;
    int unused = 0;
    for (const loaders::RgmAnimGroup& g : anim.groups.groups)
        unused = std::max(unused, g.groupIndex + 1);
    for (std::size_t g = 0; g < anim.groups.groups.size(); ++g) {
        const loaders::RgmAnimGroup& old = anim.groups.groups[g];
        if (g + 1 == anim.groups.groups.size()) {
            const std::uint32_t leavesAnOverride[] = {loaders::encodeRagrCommand({6, {10, 20, 30}}),
                                                      loaders::encodeRagrCommand({0, {0, 1, 0}}),
                                                      loaders::encodeRagrCommand({1, {}})};
            loaders::addRgmAnimGroup(groups, static_cast<std::uint16_t>(unused), 0, 0, leavesAnOverride);
        }
        const std::span<const std::uint32_t> commands = loaders::rgmGroupCommands(anim.groups, old);
        loaders::addRgmAnimGroup(groups, old.groupIndex, old.animId, old.animType,
                                 std::vector<std::uint32_t>(commands.begin(), commands.end()));
    }
    anim.groups = groups;
    const fs::path allFile = scratch("all_groups.glb"), lastFile = scratch("last_group.glb");
    exportGltf(renderer::prepareWorld(s), nullptr, allFile, {});
    ExportOptions lastOnly;
    const int last = anim.groups.groups.back().groupIndex;
    lastOnly.groups = std::vector<int>{last};
    exportGltf(renderer::prepareWorld(s), nullptr, lastFile, lastOnly);
    const tinygltf::Model all = loadGlb(allFile), alone = loadGlb(lastFile);

    // Every animation of the group-only file, channel by channel, in the whole file too.
    std::size_t compared = 0;
    for (const tinygltf::Animation& a : alone.animations) {
        const tinygltf::Animation* b = nullptr;
        for (const tinygltf::Animation& candidate : all.animations)
            if (candidate.name == a.name) b = &candidate;
        ASSERT_NE(b, nullptr) << a.name;
        ASSERT_EQ(a.channels.size(), b->channels.size()) << a.name;
        for (std::size_t c = 0; c < a.channels.size(); ++c) {
            const tinygltf::AnimationSampler& sa =
                a.samplers[static_cast<std::size_t>(a.channels[c].sampler)];
            const tinygltf::AnimationSampler& sb =
                b->samplers[static_cast<std::size_t>(b->channels[c].sampler)];
            EXPECT_EQ(a.channels[c].target_path, b->channels[c].target_path);
            EXPECT_EQ(floatsOf(alone, sa.input), floatsOf(all, sb.input)) << a.name << " channel " << c;
            EXPECT_EQ(floatsOf(alone, sa.output), floatsOf(all, sb.output)) << a.name << " channel " << c;
            ++compared;
        }
    }
    EXPECT_GT(compared, 0u);
}

// The group animations cost bounded work and space: a group_index listed twice plays once, the
// actors playing the same group share its key data, and the ticks played in all have a budget.
TEST(GltfExport, GroupAnimationsAreSharedDeduplicatedAndBudgeted) {
    scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    const std::size_t ai = actorWithItem(s);
    ASSERT_LT(ai, s.redguard.actors.size());
    const int animIndex = s.redguard.actors[ai].animation;
    scene::ActorAnimation& anim = s.redguard.animations[static_cast<std::size_t>(animIndex)];
    const std::size_t distinct = anim.groups.groups.size();
    loaders::RgmAnimList twice = anim.groups;
    for (const loaders::RgmAnimGroup& g : anim.groups.groups) {
        const std::span<const std::uint32_t> commands = loaders::rgmGroupCommands(anim.groups, g);
        loaders::addRgmAnimGroup(twice, g.groupIndex, g.animId, g.animType,
                                 std::vector<std::uint32_t>(commands.begin(), commands.end()));
    }
    anim.groups = twice;
    std::vector<std::size_t> players;
    for (std::size_t i = 0; i < s.redguard.actors.size(); ++i)
        if (s.redguard.actors[i].animation == animIndex) players.push_back(i);
    ASSERT_GE(players.size(), 2u) << "two actors play the same animation";

    const fs::path file = scratch("shared.glb");
    const ExportStats stats = exportGltf(renderer::prepareWorld(s), nullptr, file, {});
    EXPECT_TRUE(stats.notes.empty());
    const tinygltf::Model model = loadGlb(file);
    // Per actor of that animation: one animation per distinct group_index.
    std::map<std::string, std::vector<const tinygltf::Animation*>> byGroup; // " group N " -> animations
    for (std::size_t i : players) {
        const std::string suffix =
            " (" + s.nodes[static_cast<std::size_t>(s.redguard.actors[i].node)].name + ")";
        std::size_t mine = 0;
        for (const tinygltf::Animation& a : model.animations)
            if (a.name.ends_with(suffix)) {
                ++mine;
                byGroup[a.name.substr(0, a.name.size() - suffix.size())].push_back(&a);
            }
        EXPECT_EQ(mine, distinct) << suffix;
    }
    // Two actors' animations of one group read the same accessors, channel by channel.
    for (const auto& [group, animations] : byGroup) {
        ASSERT_EQ(animations.size(), players.size()) << group;
        const tinygltf::Animation& first = *animations[0];
        for (const tinygltf::Animation* other : animations) {
            ASSERT_EQ(other->channels.size(), first.channels.size()) << group;
            for (std::size_t c = 0; c < first.channels.size(); ++c) {
                const auto& sa = first.samplers[static_cast<std::size_t>(first.channels[c].sampler)];
                const auto& sb = other->samplers[static_cast<std::size_t>(other->channels[c].sampler)];
                EXPECT_EQ(sa.input, sb.input) << group << " channel " << c;
                EXPECT_EQ(sa.output, sb.output) << group << " channel " << c;
            }
        }
    }

    // Under a budget of ticks the keys written add up to at most it, and the notes say what is
    // left out: 100 ticks of every group; 10 ticks of the groups that end within a tick or two
    // (every actor's group 1), which pay for the tick they end in.
    const auto keysUnder = [&](std::int64_t ticks, std::optional<std::vector<int>> groups) {
        ExportOptions options;
        options.maxAnimationTicks = ticks;
        options.groups = std::move(groups);
        const fs::path out = scratch("budget_" + std::to_string(ticks) + ".glb");
        const ExportStats st = exportGltf(renderer::prepareWorld(s), nullptr, out, options);
        EXPECT_EQ(st.notes.size(), 1u);
        if (!st.notes.empty()) {
            EXPECT_NE(st.notes[0].find("not exported"), std::string::npos) << st.notes[0];
            EXPECT_NE(st.notes[0].find("at most " + std::to_string(ticks) + " ticks"), std::string::npos)
                << st.notes[0];
        }
        const tinygltf::Model m = loadGlb(out);
        std::size_t keys = 0;
        for (const tinygltf::Animation& a : m.animations)
            keys += m.accessors[static_cast<std::size_t>(a.samplers.at(0).input)].count;
        return keys;
    };
    const std::size_t all = keysUnder(100, std::nullopt);
    EXPECT_GT(all, 0u);
    EXPECT_LE(all, 100u);
    const std::size_t endings = keysUnder(10, std::vector<int>{1});
    EXPECT_GT(endings, 0u);
    EXPECT_LE(endings, 10u);
}

} // namespace
} // namespace rgx::exporter

#include "scene/redguard/scene_builder.h"

#include "base/error.h"
#include "loaders/file_io.h"
#include "loaders/redguard/col.h"
#include "loaders/redguard/item_ini.h"
#include "loaders/redguard/rgm.h"
#include "loaders/redguard/rob.h"
#include "loaders/redguard/soup_bytecode.h"
#include "loaders/redguard/wld.h"
#include "scene/model_mesh.h"
#include "scene/redguard/actor_builder.h"
#include "scene/redguard/model_resolver.h"
#include "scene/redguard/terrain.h"
#include "scene/scene_limits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <set>

namespace rgx::scene {

namespace {

std::string padded(std::size_t index, int width) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%0*zu", width, index);
    return buf;
}

void say(const Progress& progress, const std::string& line) {
    if (progress) progress(line);
}

loaders::Palette256 loadPalette(const GameFs& fs, const std::optional<std::string>& path, Scene& scene) {
    if (!path || path->empty()) {
        scene.warnings.push_back("world names no palette (world_palette); a grey ramp is used");
        return loaders::greyPalette();
    }
    if (!fs.exists(*path)) {
        scene.warnings.push_back(*path + ": palette not found; a grey ramp is used");
        return loaders::greyPalette();
    }
    try {
        loaders::Warnings read;
        const loaders::Palette256 colors = fs.decode(*path, [&](const loaders::Bytes& b) {
                                                 return loaders::readCol(b, *path, &read);
                                             }).colors;
        appendWarningTexts(scene.warnings, read);
        scene.colPalette = true;
        return colors;
    } catch (const Error& e) {
        scene.warnings.push_back(std::string(e.what()) + " (a grey ramp is used)");
        return loaders::greyPalette();
    }
}

// Turns record model names into scene meshes, each (name, skin override) built once.
class MeshCache {
public:
    MeshCache(const GameFs& fs, Scene& scene, MaterialLibrary& materials, const Progress& progress)
        : resolver_(fs), scene_(scene), materials_(materials), progress_(progress) {}

    // The mesh index for `name`; a placeholder (and one warning per name) when it cannot be found.
    // *found tells whether real geometry came back.
    int mesh(const std::string& name, int textureOverride, const std::string& usedBy, bool* found = nullptr) {
        const LocatedModel& loc = resolver_.locate(name);
        if (found) *found = loc.found();
        const std::string key =
            normalizeModelName(name) + (loc.found() ? "#" + std::to_string(textureOverride) : "");
        if (auto it = meshes_.find(key); it != meshes_.end()) return it->second;
        int index;
        if (loc.found()) {
            scene_.meshes.push_back(buildModelMesh(*loc.model, normalizeModelName(name), loc.source,
                                                   loc.renderMode, textureOverride, materials_));
            if (scene_.meshes.back().animated) scene_.meshes.back().animation = loc.model;
            if (++scene_.stats.modelsBuilt % 25 == 0) {
                say(progress_, "models: " + std::to_string(scene_.stats.modelsBuilt) + " built");
            }
        } else {
            scene_.warnings.push_back("model " + normalizeModelName(name) + " (first used by " + usedBy +
                                      "): " + loc.problem + "; a magenta placeholder stands in");
            scene_.meshes.push_back(placeholderMesh(normalizeModelName(name), materials_));
            ++scene_.stats.placeholders;
        }
        index = static_cast<int>(scene_.meshes.size()) - 1;
        meshes_.emplace(key, index);
        return index;
    }
    bool exists(const std::string& name) { return resolver_.locate(name).found(); }
    // The readers' warnings for every model file and ROB parsed, into scene.warnings.
    void reportReadWarnings() { appendWarningTexts(scene_.warnings, resolver_.readWarnings()); }
    int flat(int texture) {
        if (auto it = flats_.find(texture); it != flats_.end()) return it->second;
        scene_.meshes.push_back(flatMesh(texture, materials_));
        const int index = static_cast<int>(scene_.meshes.size()) - 1;
        flats_.emplace(texture, index);
        return index;
    }

private:
    ModelResolver resolver_;
    Scene& scene_;
    MaterialLibrary& materials_;
    const Progress& progress_;
    std::map<std::string, int> meshes_;
    std::map<int, int> flats_;
};

// RAEX texture_id (i16 at +0x0A) of the RAHD actor running `script`, or -1.
std::map<std::string, int> actorTextureOverrides(const loaders::Rgm& rgm) {
    std::map<std::string, int> out;
    for (const loaders::RgmActor& actor : rgm.rahd.actors) {
        const std::uint32_t offset = actor.raexOffset;
        if (offset % 30 != 0 || offset / 30 >= rgm.raex.size()) continue;
        const std::int16_t textureId = rgm.raex[offset / 30][5];
        if (textureId > 0) out.emplace(loaders::rgmName(actor.scriptName), textureId);
    }
    return out;
}

SceneNode makeNode(std::string name, NodeKind kind, std::string model, int mesh, const Mat4& world,
                   std::size_t source) {
    SceneNode n;
    n.name = std::move(name);
    n.kind = kind;
    n.model = std::move(model);
    n.mesh = mesh;
    n.world = world;
    n.source = static_cast<std::uint32_t>(source);
    return n;
}

// The scripts of every RAHD actor, and one ScriptObject per MPOB running one (mpobNodes: each
// MPOB's node).
void placeScriptObjects(const loaders::Rgm& rgm, const std::vector<int>& mpobNodes, Scene& scene) {
    loaders::Warnings read;
    scene.redguard.scripts = loaders::soupActorScripts(rgm, scene.redguard.mapPath, &read);
    appendWarningTexts(scene.warnings, read);
    for (const loaders::SoupPlacement& placed : loaders::soupPlacements(rgm, scene.redguard.scripts)) {
        ScriptObject o;
        o.node = mpobNodes[placed.mpob];
        o.script = placed.script;
        o.mpob = placed.mpob;
        o.name = scene.redguard.scripts[placed.script].name;
        o.enginePosition = placed.position;
        o.angles = placed.angles;
        scene.redguard.scriptObjects.push_back(std::move(o));
    }
}

void placeRecords(const loaders::Rgm& rgm, MeshCache& cache, MaterialLibrary& materials, Scene& scene,
                  const Progress& progress) {
    // MPOB: objects, actors, and transform-only triggers.
    say(progress, "placing " + std::to_string(rgm.mpob.size()) + " objects (MPOB)");
    const std::vector<std::string> names = loaders::resolveMpobModels(rgm);
    const std::map<std::string, int> overrides = actorTextureOverrides(rgm);
    const ActorMeshSource meshSource{[&](const std::string& name, int skin, const std::string& usedBy) {
                                         return cache.mesh(name, skin, usedBy);
                                     },
                                     [&](const std::string& name) { return cache.exists(name); }};
    ActorBuild animations;
    std::vector<int> mpobNodes; // each MPOB's node (held items come between them)
    for (std::size_t i = 0; i < rgm.mpob.size(); ++i) {
        const loaders::RgmMpob& ob = rgm.mpob[i];
        mpobNodes.push_back(static_cast<int>(scene.nodes.size()));
        const std::string script = loaders::rgmName(ob.scriptName);
        const std::string nodeName = "B_" + padded(i, 3) + "_" + script;
        const bool explicitModel = !loaders::rgmName(ob.modelName).empty();
        const bool fromScript = !explicitModel && names[i] == script;
        // Sound triggers, doors, entrances: no model of their own, only the script name to go by.
        if (names[i].empty() || (fromScript && !cache.exists(names[i]))) {
            scene.nodes.push_back(makeNode(nodeName, NodeKind::Trigger, "", -1, mpobTransform(ob), i));
            continue;
        }
        auto ov = overrides.find(script);
        const int textureOverride = ov == overrides.end() ? -1 : ov->second;
        SceneNode node =
            makeNode(nodeName, NodeKind::Object, normalizeModelName(names[i]),
                     cache.mesh(names[i], textureOverride, "MPOB " + std::to_string(i) + " " + script),
                     mpobTransform(ob), i);
        node.textureOverride = textureOverride;
        scene.nodes.push_back(std::move(node));
        if (!explicitModel) {
            const int anim = actorAnimation(rgm, script, textureOverride, meshSource, scene, animations);
            if (anim >= 0) addSceneActor(scene, static_cast<int>(scene.nodes.size()) - 1, anim);
        }
    }
    finishActors(scene, animations);
    placeScriptObjects(rgm, mpobNodes, scene);
    say(progress, "placing " + std::to_string(rgm.mpso.size()) + " statics (MPSO)");
    for (std::size_t i = 0; i < rgm.mpso.size(); ++i) {
        const std::string model = normalizeModelName(loaders::rgmName(rgm.mpso[i].modelName));
        scene.nodes.push_back(makeNode("S" + padded(i, 3) + "_" + model, NodeKind::Static, model,
                                       cache.mesh(model, -1, "MPSO " + std::to_string(i)),
                                       mpsoTransform(rgm.mpso[i]), i));
    }
    say(progress, "placing " + std::to_string(rgm.mprp.size()) + " ropes (MPRP)");
    int linkBudget = kMaxSceneRopeLinks;
    std::string firstCut;                   // the first rope the budget cut
    std::size_t ropesCut = 0, linksCut = 0; // one warning for them all
    for (std::size_t i = 0; i < rgm.mprp.size(); ++i) {
        const loaders::RgmMprp& rope = rgm.mprp[i];
        const std::string link = normalizeModelName(loaders::rgmName(rope.ropeModel));
        const std::string end = normalizeModelName(loaders::rgmName(rope.staticModel));
        const std::string base = "R" + padded(i, 3) + "_" + link;
        const int root = static_cast<int>(scene.nodes.size());
        scene.nodes.push_back(makeNode(base, NodeKind::Rope, "", -1, mprpBaseTransform(rope), i));
        scene.nodes.back().rope = RopeInfo{rope.swing, rope.speed};
        int linkMesh = -1;
        const double pitch = kRopeLinkSpacing; // the reference's spacing, whatever the link model's size
        if (!link.empty() && rope.length > 0) linkMesh = cache.mesh(link, -1, "MPRP " + std::to_string(i));
        const int asked = linkMesh >= 0 ? std::max<int>(rope.length, 0) : 0;
        const int links = std::min(asked, linkBudget);
        linkBudget -= links;
        if (links < asked) {
            if (ropesCut++ == 0)
                firstCut = "MPRP " + std::to_string(i) + " (" + base + ", " + std::to_string(asked) +
                           " links asked, " + std::to_string(links) + " placed)";
            linksCut += static_cast<std::size_t>(asked - links);
        }
        for (int k = 0; k < links; ++k) {
            SceneNode n = makeNode(base + "_L" + std::to_string(k), NodeKind::RopeLink, link, linkMesh,
                                   mprpLinkTransform(rope, k, pitch), i);
            n.parent = root;
            scene.nodes.push_back(std::move(n));
        }
        if (!end.empty()) {
            SceneNode n = makeNode(base + "_END", NodeKind::RopeEnd, end,
                                   cache.mesh(end, -1, "MPRP " + std::to_string(i)),
                                   mprpLinkTransform(rope, links, pitch), i);
            n.parent = root;
            scene.nodes.push_back(std::move(n));
        }
    }
    if (ropesCut > 0)
        scene.warnings.push_back(std::to_string(ropesCut) + " ropes cut short, " + std::to_string(linksCut) +
                                 " links left out, from " + firstCut + " on: a scene places at most " +
                                 std::to_string(kMaxSceneRopeLinks) + " rope links");
    say(progress, "placing " + std::to_string(rgm.mpsf.size()) + " flats (MPSF)");
    for (std::size_t i = 0; i < rgm.mpsf.size(); ++i) {
        const loaders::RgmMpsf& f = rgm.mpsf[i];
        const int tid = loaders::rgmFlatTextureId(f), iid = loaders::rgmFlatImageId(f);
        const int texture = materials.texture(tid, iid);
        SceneNode n = makeNode("F" + padded(i, 3) + "_" + std::to_string(tid) + "/" + std::to_string(iid),
                               NodeKind::Flat, "", cache.flat(texture), mpsfTransform(f), i);
        n.flatTexture = texture;
        scene.nodes.push_back(std::move(n));
    }
    for (std::size_t i = 0; i < rgm.mpsl.size(); ++i) {
        const loaders::RgmMpsl& l = rgm.mpsl[i];
        SceneNode n = makeNode("L" + padded(i, 3), NodeKind::Light, "", -1, mpslTransform(l), i);
        n.light = LightInfo{
            {l.rgb[0], l.rgb[1], l.rgb[2]}, l.lightType, l.lightParam, l.param0, l.param1, l.direction,
            loaders::rgmMpslActive(l)};
        scene.nodes.push_back(std::move(n));
    }
    for (std::size_t i = 0; i < rgm.mpmk.size(); ++i) {
        scene.nodes.push_back(
            makeNode("M" + padded(i, 3), NodeKind::Marker, "", -1, mpmkTransform(rgm.mpmk[i]), i));
    }
}

} // namespace

Scene buildWorldScene(const GameFs& fs, std::int64_t worldId, const Progress& progress) {
    say(progress, "reading the world catalog");
    return buildWorldScene(fs, loadWorldCatalog(fs), worldId, progress);
}

// soup386/SOUP386.DEF when the game has one; a file that cannot be read is a warning.
std::optional<loaders::SoupDef> loadSoupDef(const GameFs& fs, Scene& scene) {
    static constexpr std::string_view kPath = "soup386/SOUP386.DEF";
    if (!fs.exists(kPath)) return std::nullopt;
    try {
        const loaders::SoupDefReadResult r = fs.decode(kPath, [&](const loaders::Bytes& b) {
            return loaders::readSoupDefWithWarnings(b, std::string(kPath));
        });
        appendWarningTexts(scene.warnings, r.warnings);
        return r.def;
    } catch (const Error& e) {
        scene.warnings.push_back(std::string(e.what()) + " (scripts use the game's own table)");
        return std::nullopt;
    }
}

// The ids HandItem is called with (a number as its first argument) in the scripts of `script`.
std::set<std::int32_t> handedItems(const Scene& scene, std::size_t script) {
    std::set<std::int32_t> out;
    const loaders::SoupDef& def = scene.redguard.soupDef ? *scene.redguard.soupDef : loaders::gameSoupDef();
    const auto handItem = loaders::findSoupFunction(def, "HandItem");
    if (!handItem) return out;
    const loaders::SoupActorScript& s = scene.redguard.scripts[script];
    // Read as the VM reads it by default (the count after function id 0 as the bytes decide).
    const loaders::SoupListing l = loaders::decodeSoupScript(
        s.code, s.name, scene.redguard.mapPath, s.codeOffset, {loaders::SoupId0Reading::Auto, s.scriptPc});
    for (const loaders::SoupExpr& x : l.code.exprs) {
        if (!x.isCall() || x.function != *handItem || x.count == 0) continue;
        const loaders::SoupExpr& a = l.code.exprs[x.first];
        if (a.op == loaders::SoupOp::Numeric || a.op == loaders::SoupOp::NumericAlt) out.insert(a.value);
    }
    return out;
}

// ITEM.INI's models for the items the scripts hand their actors (docs/scripts.md "Held items"), and
// an item node for each scripted actor that is handed one and has none from its RAAN entries.
void placeHeldItems(const GameFs& fs, const loaders::SystemIni& system, MeshCache& cache, Scene& scene) {
    std::map<std::size_t, std::set<std::int32_t>> byScript;
    std::set<std::int32_t> all;
    for (const ScriptObject& o : scene.redguard.scriptObjects) {
        if (byScript.count(o.script)) continue;
        byScript[o.script] = handedItems(scene, o.script);
        all.insert(byScript[o.script].begin(), byScript[o.script].end());
    }
    if (all.empty() || !fs.exists(system.itemIni)) return;
    std::vector<loaders::IniIssue> issues;
    const loaders::ItemIni items = fs.decode(system.itemIni, [&](const loaders::Bytes& b) {
        return loaders::parseItemIni(loaders::readIni(b, system.itemIni), &issues);
    });
    for (const loaders::IniIssue& i : issues)
        scene.warnings.push_back(system.itemIni + ": line " + std::to_string(i.line) + ": " + i.reason);
    for (std::int32_t id : all) {
        const auto it = items.items.find(id);
        if (it == items.items.end()) continue;
        HeldItemModels m;
        const std::string usedBy = "ITEM.INI item " + std::to_string(id);
        if (!it->second.handObjectFile.empty())
            m.hand = cache.mesh(loaders::rgmModelStem(it->second.handObjectFile), -1, usedBy);
        if (!it->second.hiltObjectFile.empty())
            m.hilt = cache.mesh(loaders::rgmModelStem(it->second.hiltObjectFile), -1, usedBy);
        if (m.hand >= 0 || m.hilt >= 0) scene.redguard.items.emplace(id, m);
    }
    // Actors handed an item and without an item node of their own get one.
    for (const ScriptObject& o : scene.redguard.scriptObjects) {
        const int actor = scene.nodes[static_cast<std::size_t>(o.node)].actor;
        if (actor < 0 || scene.redguard.actors[static_cast<std::size_t>(actor)].itemNode >= 0) continue;
        int mesh = -1;
        for (std::int32_t id : byScript[o.script]) {
            if (const auto it = scene.redguard.items.find(id); it != scene.redguard.items.end() && mesh < 0)
                mesh = it->second.hand >= 0 ? it->second.hand : it->second.hilt;
        }
        if (mesh < 0) continue;
        addItemNode(scene, actor, mesh);
    }
}

Scene buildWorldScene(const GameFs& fs, const WorldCatalog& catalog, std::int64_t worldId,
                      const Progress& progress) {
    const loaders::WorldEntry& entry = catalog.world(worldId);
    Scene scene;
    scene.redguard.world = entry;
    if (!entry.map || entry.map->empty()) {
        throw Error(catalog.worldIniPath, Error::kNoOffset, "world_map[" + std::to_string(worldId) + "]",
                    "world has no map");
    }
    scene.title = "world " + std::to_string(worldId) + " (" + *entry.map + ")";
    const std::size_t filesBefore = fs.filesRead(), bytesBefore = fs.bytesRead();
    scene.palette = loadPalette(fs, entry.palette, scene);
    MaterialLibrary materials(&fs, scene);
    MeshCache cache(fs, scene, materials, progress);

    if (entry.world && !entry.world->empty()) {
        say(progress, "terrain " + *entry.world);
        if (!fs.exists(*entry.world)) {
            scene.warnings.push_back(*entry.world + ": terrain not found; the world has no ground");
        } else {
            try {
                loaders::Warnings read;
                const loaders::Wld wld = fs.decode(*entry.world, [&](const loaders::Bytes& b) {
                    return loaders::readWld(b, *entry.world, &read);
                });
                appendWarningTexts(scene.warnings, read);
                // TEXBSI.302 as the engine hard-wires it; the sections' texbsi_file is not read.
                scene.terrain = terrainGrid(loaders::wldGrids(wld), kTerrainTextureBank);
                scene.meshes.push_back(terrainMesh(*scene.terrain, materials));
                scene.nodes.push_back(makeNode("terrain", NodeKind::Terrain, "", 0, Mat4::identity(), 0));
                scene.nodes.back().mesh = static_cast<int>(scene.meshes.size()) - 1;
            } catch (const Error& e) {
                scene.warnings.push_back(std::string(e.what()) + " (the world has no ground)");
            }
        }
    }

    say(progress, "map " + *entry.map);
    const loaders::RgmReadResult read = fs.decode(
        *entry.map, [&](const loaders::Bytes& b) { return loaders::readRgmWithWarnings(b, *entry.map); });
    appendWarningTexts(scene.warnings, read.warnings);
    scene.redguard.mapPath = *entry.map;
    placeRecords(read.rgm, cache, materials, scene, progress);
    scene.redguard.soupDef = loadSoupDef(fs, scene);
    placeHeldItems(fs, catalog.system, cache, scene);
    cache.reportReadWarnings();

    say(progress, "environment (SYSTEM.INI, fog, PVO, sky)");
    PvoIdCounts pvoIds;
    pvoIds.mpso = read.rgm.mpso.size();
    for (const loaders::RgmMpob& m : read.rgm.mpob)
        pvoIds.mpobStatic.push_back(m.isStatic != 0);
    pvoIds.ropes = read.rgm.mprp.size();
    scene.redguard.environment = loadWorldEnvironment(fs, catalog, entry, std::move(pvoIds));

    scene.stats.filesRead = fs.filesRead() - filesBefore;
    scene.stats.bytesRead = fs.bytesRead() - bytesBefore;
    say(progress, std::to_string(scene.stats.filesRead) + " files read, " +
                      std::to_string(scene.stats.modelsBuilt) + " models built, " +
                      std::to_string(scene.nodes.size()) + " nodes");
    return scene;
}

Scene buildModelScene(const std::filesystem::path& file, const GameFs* game, const std::string& segment,
                      const Progress& progress) {
    Scene scene;
    scene.title = file.string();
    scene.palette = loaders::greyPalette();
    if (game) {
        try {
            const WorldCatalog catalog = loadWorldCatalog(*game);
            // The game's planes and fog; a model has no world, so no PVO or sky.
            scene.redguard.environment.system = catalog.system;
            scene.redguard.environment.fog = catalog.fog;
            const auto ids = catalog.ids();
            if (!ids.empty()) scene.palette = loadPalette(*game, catalog.world(ids.front()).palette, scene);
        } catch (const Error& e) {
            scene.warnings.push_back(std::string(e.what()) + " (a grey ramp is used)");
        }
    }
    MaterialLibrary materials(game, scene);
    const std::string path = file.string();
    say(progress, "reading " + path);
    const loaders::Bytes bytes = loaders::readFile(file);
    const std::string upper = upperAscii(path);
    struct Item {
        std::string name, source;
        std::shared_ptr<const loaders::Model> model;
        RenderMode mode;
        std::size_t index;
        SegmentKind kind = SegmentKind::Model3d;
    };
    std::vector<Item> items;
    std::size_t externals = 0;
    // A ROB opened whole lists its segments (Scene::catalog); one --segment is just that model.
    bool rob = false;
    loaders::Warnings readWarnings;
    if (upper.ends_with(".ROB")) {
        rob = segment.empty();
        const auto rob = std::make_shared<const loaders::Rob>(loaders::readRob(bytes, path, &readWarnings));
        const GameFs robDir(file.parent_path().empty() ? std::filesystem::path(".") : file.parent_path());
        bool matched = false;
        for (std::size_t s = 0; s < rob->segments.size(); ++s) {
            const loaders::RobSegment& seg = rob->segments[s];
            if (!segment.empty() && upperAscii(seg.name) != upperAscii(segment)) continue;
            matched = true;
            const std::string where = path + ":" + seg.name;
            if (seg.model) {
                items.push_back(
                    {seg.name, where, std::shared_ptr<const loaders::Model>(rob, &*seg.model),
                     renderModeFromRob(loaders::robRenderMode(seg)), s,
                     seg.type == loaders::kRobMenuEmbedded ? SegmentKind::Menu3d : SegmentKind::Model3d});
                continue;
            }
            if (!seg.isExternal()) { // an embedded model the reader could not read (its warning says why)
                scene.warnings.push_back("model " + seg.name + ": segment " + where +
                                         " holds no readable model; a magenta placeholder stands in");
                items.push_back({seg.name, where, nullptr, renderModeFromRob(loaders::robRenderMode(seg)), s,
                                 SegmentKind::Placeholder});
                continue;
            }
            // A type-512 segment: its 3DC sits next to the ROB (or in the game's fxart/).
            std::optional<std::filesystem::path> external = robDir.find(seg.name + ".3DC");
            if (!external && game) external = game->find("fxart/" + seg.name + ".3DC");
            if (external) {
                try {
                    auto model = std::make_shared<const loaders::Model>(
                        loaders::readModel(loaders::readFile(*external), external->string(), &readWarnings));
                    ++externals;
                    items.push_back({seg.name, external->string(), std::move(model),
                                     renderModeFromRob(loaders::robRenderMode(seg)), s,
                                     SegmentKind::External3dc});
                    continue;
                } catch (const Error& e) {
                    scene.warnings.push_back(std::string(e.what()) + "; a magenta placeholder stands in");
                }
            } else {
                scene.warnings.push_back("model " + seg.name + ": type-512 segment " + where + " names " +
                                         seg.name +
                                         ".3DC, which is missing; a magenta placeholder stands in");
            }
            items.push_back({seg.name, where, nullptr, renderModeFromRob(loaders::robRenderMode(seg)), s,
                             SegmentKind::Placeholder});
        }
        if (!segment.empty() && !matched) {
            throw Error(path, Error::kNoOffset, "segment", "no segment named " + segment + " in the ROB");
        }
    } else {
        items.push_back(
            {normalizeModelName(path), path,
             std::make_shared<const loaders::Model>(loaders::readModel(bytes, path, &readWarnings)),
             RenderMode::Standard, 0});
    }
    appendWarningTexts(scene.warnings, readWarnings);

    for (const Item& item : items) {
        if (item.model) {
            scene.meshes.push_back(
                buildModelMesh(*item.model, item.name, item.source, item.mode, -1, materials));
            if (scene.meshes.back().animated) scene.meshes.back().animation = item.model;
            ++scene.stats.modelsBuilt;
        } else {
            scene.meshes.push_back(placeholderMesh(item.name, materials));
            ++scene.stats.placeholders;
        }
    }
    // Grid: columns = ceil(sqrt(n)), cell = the largest x/z footprint + 25 %.
    double cell = kPlaceholderSize;
    for (const Mesh& m : scene.meshes) {
        if (!m.bounds.empty())
            cell = std::max({cell, m.bounds.max.x - m.bounds.min.x, m.bounds.max.z - m.bounds.min.z});
    }
    cell *= 1.25;
    const auto columns = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(items.size()))));
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Vec3 at{static_cast<double>(i % std::max<std::size_t>(columns, 1)) * cell, 0,
                      static_cast<double>(i / std::max<std::size_t>(columns, 1)) * cell};
        scene.nodes.push_back(makeNode(items[i].name, NodeKind::Model, items[i].name, static_cast<int>(i),
                                       Mat4::translation(at), items[i].index));
        if (rob)
            scene.catalog.push_back({items[i].name, items[i].kind,
                                     items[i].model ? items[i].model->faces.size() : 0,
                                     static_cast<int>(scene.nodes.size() - 1)});
    }
    scene.stats.filesRead = 1 + externals;
    scene.stats.bytesRead = bytes.size();
    say(progress, std::to_string(scene.stats.modelsBuilt) + " models built");
    return scene;
}

} // namespace rgx::scene

#include "scene/daggerfall/df_blocks.h"

#include "scene/model_mesh.h"

namespace rgx::scene::daggerfall {

namespace ldf = loaders::daggerfall;

namespace {

Mat4 translationUnity(double x, double y, double z) {
    return Mat4::translation({x, y, z});
}

std::string str(std::int64_t v) {
    return std::to_string(v);
}

// Adds a node (placement in Unity's frame) with its record; returns its index.
int addNode(Scene& scene, NodeKind kind, std::string name, int mesh, const Mat4& unity, SourceRecord record) {
    SceneNode n;
    n.kind = kind;
    n.name = std::move(name);
    n.mesh = mesh;
    n.world = unityToScene(unity);
    n.source = static_cast<std::uint32_t>(record.index);
    n.record = static_cast<int>(scene.records.size());
    scene.records.push_back(std::move(record));
    scene.nodes.push_back(std::move(n));
    return static_cast<int>(scene.nodes.size()) - 1;
}

std::vector<std::pair<std::string, std::string>> positionFields(std::int32_t x, std::int32_t y,
                                                                std::int32_t z) {
    return {{"x", str(x)}, {"y", str(y)}, {"z", str(z)}};
}

// A flat or a person: a billboard, or a marker for the editor's archive.
void addFlat(Scene& scene, DaggerfallMedia& media, const Mat4& unity, const std::string& file,
             const std::string& section, int index, const ldf::RmbFlat& f, const std::string& name) {
    const int archive = ldf::rmbTextureArchive(f.textureBits), record = ldf::rmbTextureRecord(f.textureBits);
    SourceRecord r{file, section, index, positionFields(f.x, f.y, f.z)};
    r.fields.insert(r.fields.end(), {{"texture archive", str(archive)},
                                     {"texture record", str(record)},
                                     {"faction / npc type", str(f.factionId)},
                                     {"flags", str(f.flags)}});
    const Mat4 at = unity * translationUnity(f.x, -f.y, f.z);
    if (archive == kEditorFlatArchive) {
        addNode(scene, NodeKind::Marker, name + " marker " + str(record), -1, at, std::move(r));
        return;
    }
    const int node = addNode(scene, NodeKind::Flat, name + " " + str(archive) + "/" + str(record),
                             media.flat(archive, record), at, std::move(r));
    scene.nodes[static_cast<std::size_t>(node)].flatTexture = media.texture(archive, record);
}

void addModel(Scene& scene, DaggerfallMedia& media, const Mat4& unity, const std::string& file,
              const std::string& section, int index, const ldf::RmbModel& m, const std::string& name) {
    const std::int32_t id = ldf::rmbModelId(m);
    SourceRecord r{file, section, index, {{"model id", str(id)}}};
    const auto pos = positionFields(m.x, m.y, m.z);
    r.fields.insert(r.fields.end(), pos.begin(), pos.end());
    r.fields.insert(r.fields.end(), {{"y rotation", str(m.yRotation)}, {"object type", str(m.objectType)}});
    const Mat4 at = unity * translationUnity(m.x, -m.y, m.z) *
                    Mat4::fromRotation(daggerfallEulerUnity(0, m.yRotation, 0));
    const int node = addNode(scene, NodeKind::Static, name + " " + str(id),
                             media.model(static_cast<std::uint32_t>(id)), at, std::move(r));
    scene.nodes[static_cast<std::size_t>(node)].model = str(id);
}

// One section (exterior or interior) of a subrecord.
void addSection(Scene& scene, DaggerfallMedia& media, const Mat4& unity, const std::string& file,
                const ldf::RmbSection& s, const std::string& what) {
    for (std::size_t i = 0; i < s.models.size(); ++i)
        addModel(scene, media, unity, file, "RMB " + what + " 3D object", static_cast<int>(i), s.models[i],
                 what + " object " + str(static_cast<std::int64_t>(i)));
    for (std::size_t i = 0; i < s.flats.size(); ++i)
        addFlat(scene, media, unity, file, "RMB " + what + " flat", static_cast<int>(i), s.flats[i],
                what + " flat");
    for (std::size_t i = 0; i < s.people.size(); ++i)
        addFlat(scene, media, unity, file, "RMB " + what + " person", static_cast<int>(i), s.people[i],
                what + " person");
    for (std::size_t i = 0; i < s.doors.size(); ++i) {
        const ldf::RmbDoor& d = s.doors[i];
        SourceRecord r{file, "RMB " + what + " door", static_cast<int>(i), positionFields(d.x, d.y, d.z)};
        r.fields.insert(r.fields.end(), {{"y rotation", str(d.yRotation)},
                                         {"open rotation", str(d.openRotation)},
                                         {"door model index", str(d.doorModelIndex)}});
        addNode(scene, NodeKind::Marker, what + " door " + str(static_cast<std::int64_t>(i)), -1,
                unity * translationUnity(d.x, -d.y, d.z), std::move(r));
    }
}

Mesh groundMesh(DaggerfallMedia& media, const ldf::RmbSmallMaps& maps, int archive, const std::string& name) {
    Mesh mesh;
    mesh.name = "ground " + name;
    mesh.source = name + " small map";
    std::map<std::uint32_t, std::vector<std::uint32_t>> bySubmesh;
    for (int n = 0; n < 16; ++n)
        for (int x = 0; x < 16; ++x) {
            const ldf::RmbGroundTile tile = ldf::rmbGroundTile(maps, x, 15 - n);
            const std::uint32_t mat = media.textured(archive, tile.textureIndex);
            const auto uvs = groundTileUvs(tile.rotate, tile.flip);
            // South-west, south-east, north-east, north-west corners (Unity's z is north).
            const double x0 = x * kGroundTile, x1 = x0 + kGroundTile, z0 = n * kGroundTile,
                         z1 = z0 + kGroundTile;
            const std::array<std::array<double, 2>, 4> corners{{{x0, z0}, {x1, z0}, {x1, z1}, {x0, z1}}};
            const auto first = static_cast<std::uint32_t>(mesh.vertices.size());
            for (int c = 0; c < 4; ++c) {
                const Vec3 p = daggerfallToScene(corners[c][0], 0, corners[c][1]);
                mesh.vertices.push_back(
                    makeVertex(p, {0, 1, 0}, static_cast<float>(uvs[c][0]), static_cast<float>(uvs[c][1])));
                mesh.bounds.add(p);
            }
            // Counter-clockwise seen from above (scene z is south: north-east is (x1, -z1)).
            bySubmesh[mat].insert(bySubmesh[mat].end(),
                                  {first, first + 1, first + 2, first, first + 2, first + 3});
        }
    for (const auto& [mat, indices] : bySubmesh) {
        mesh.submeshes.push_back({mat, static_cast<std::uint32_t>(mesh.indices.size()),
                                  static_cast<std::uint32_t>(indices.size())});
        mesh.indices.insert(mesh.indices.end(), indices.begin(), indices.end());
    }
    return mesh;
}

} // namespace

std::array<std::array<double, 2>, 4> groundTileUvs(bool rotate, bool flip) {
    // Unturned: u east along a row, v south down the rows (row 0 the north edge).
    std::array<std::array<double, 2>, 4> uv{{{0, 1}, {1, 1}, {1, 0}, {0, 0}}};
    for (auto& c : uv) {
        if (rotate) c = {1 - c[1], c[0]}; // a quarter turn: the image's width becomes its height
        if (flip) c = {1 - c[0], 1 - c[1]};
    }
    return uv;
}

std::size_t addRmbBlock(Scene& scene, DaggerfallMedia& media, const ldf::RmbBlock& block,
                        const std::string& file, const Mat4& blockUnity, int groundArchive) {
    const std::size_t before = scene.nodes.size();
    const std::string& name = block.fld.blockName.empty() ? file : block.fld.blockName;
    scene.meshes.push_back(groundMesh(media, block.fld.smallMaps, groundArchive, name));
    SourceRecord ground{file, "RMB ground", 0, {{"texture archive", str(groundArchive)}}};
    addNode(scene, NodeKind::Static, name + " ground", static_cast<int>(scene.meshes.size()) - 1, blockUnity,
            std::move(ground));
    for (std::size_t i = 0; i < block.subrecords.size(); ++i) {
        const ldf::RmbBlockPosition& p = block.fld.positions[i];
        const Mat4 sub = translationUnity(p.x, 0, kRmbSide - p.z) *
                         Mat4::fromRotation(daggerfallEulerUnity(0, p.yRotation, 0));
        addSection(scene, media, blockUnity * sub, file, block.subrecords[i].exterior, "exterior");
        addSection(scene, media, blockUnity * translationUnity(0, -kInteriorDrop, 0) * sub, file,
                   block.subrecords[i].interior, "interior");
    }
    const Mat4 misc = blockUnity * translationUnity(0, 0, kRmbSide);
    for (std::size_t i = 0; i < block.models.size(); ++i)
        addModel(scene, media, misc, file, "RMB block 3D object", static_cast<int>(i), block.models[i],
                 name + " object " + str(static_cast<std::int64_t>(i)));
    for (std::size_t i = 0; i < block.flats.size(); ++i)
        addFlat(scene, media, misc, file, "RMB block flat", static_cast<int>(i), block.flats[i],
                name + " flat");
    return scene.nodes.size() - before;
}

std::size_t addRdbBlock(Scene& scene, DaggerfallMedia& media, const ldf::RdbBlock& block,
                        const std::string& file, const Mat4& blockUnity) {
    const std::size_t before = scene.nodes.size();
    int index = 0;
    for (const ldf::RdbObjectList& list : block.roots)
        for (const ldf::RdbObject& o : list.objects) {
            const Mat4 at = blockUnity * translationUnity(o.x, -o.y, o.z);
            SourceRecord r{file, "", index++, positionFields(o.x, o.y, o.z)};
            r.fields.push_back({"offset", str(o.offset)});
            if (const auto* m = std::get_if<ldf::RdbModelPost>(&o.post)) {
                r.section = "RDB 3D object";
                const ldf::RdbModelReference* ref =
                    m->modelIndex < block.modelRefs.size() ? &block.modelRefs[m->modelIndex] : nullptr;
                const std::int64_t id =
                    ref ? static_cast<std::int64_t>(ldf::rdbModelIdNumber(*ref).value_or(0)) : 0;
                r.fields.insert(r.fields.end(), {{"model index", str(m->modelIndex)},
                                                 {"model id", ref ? ref->modelId : ""},
                                                 {"model type", ref ? ref->type : ""},
                                                 {"x angle", str(m->xAngle)},
                                                 {"y angle", str(m->yAngle)},
                                                 {"z angle", str(m->zAngle)}});
                if (m->action) {
                    r.fields.insert(r.fields.end(), {{"action type", str(m->action->type)},
                                                     {"action axis", str(m->action->axis)},
                                                     {"action duration", str(m->action->duration)},
                                                     {"action magnitude", str(m->action->magnitude)},
                                                     {"action target", str(m->action->targetOffset)}});
                }
                const Mat4 turned =
                    at * Mat4::fromRotation(daggerfallEulerUnity(m->xAngle, m->yAngle, m->zAngle));
                const int node =
                    addNode(scene, NodeKind::Static, "object " + (ref ? ref->modelId : std::string("?")),
                            id > 0 ? media.model(static_cast<std::uint32_t>(id)) : -1, turned, std::move(r));
                if (id > 0) scene.nodes[static_cast<std::size_t>(node)].model = str(id);
                if (!id)
                    scene.warnings.push_back(file + ": object at offset " + str(o.offset) +
                                             " names no model");
            } else if (const auto* f = std::get_if<ldf::RdbFlatPost>(&o.post)) {
                r.section = "RDB flat";
                const int archive = ldf::rmbTextureArchive(f->textureBits),
                          record = ldf::rmbTextureRecord(f->textureBits);
                r.fields.insert(r.fields.end(), {{"texture archive", str(archive)},
                                                 {"texture record", str(record)},
                                                 {"flags", str(f->flags)},
                                                 {"faction / mobile", str(f->factionOrMobileId)}});
                if (archive == kEditorFlatArchive) {
                    addNode(scene, NodeKind::Marker, "marker " + str(record), -1, at, std::move(r));
                    continue;
                }
                // Dungeon flats (torches on walls) stand centred on their position.
                const int mesh = media.flat(archive, record);
                const double h = scene.meshes[static_cast<std::size_t>(mesh)].bounds.max.y;
                const int node = addNode(scene, NodeKind::Flat, "flat " + str(archive) + "/" + str(record),
                                         mesh, at * translationUnity(0, -h / 2, 0), std::move(r));
                scene.nodes[static_cast<std::size_t>(node)].flatTexture = media.texture(archive, record);
            } else if (const auto* l = std::get_if<ldf::RdbLightPost>(&o.post)) {
                r.section = "RDB light";
                r.fields.push_back({"radius", str(l->radius)});
                const int node = addNode(scene, NodeKind::Light, "light", -1, at, std::move(r));
                LightInfo info;
                info.color = {255, 224, 160};
                info.param = l->radius;
                scene.nodes[static_cast<std::size_t>(node)].light = info;
            } else {
                r.section = "RDB object of type " + str(o.type);
                addNode(scene, NodeKind::Marker, "object type " + str(o.type), -1, at, std::move(r));
            }
        }
    return scene.nodes.size() - before;
}

} // namespace rgx::scene::daggerfall

#include "scene/systemshock/ss_engine.h"

#include "base/error.h"
#include "scene/systemshock/ss_media.h"
#include "scene/systemshock/tile_geometry.h"

#include <cmath>
#include <cstdio>
#include <map>

namespace rgx::scene::systemshock {

namespace lss = loaders::systemshock;

namespace {

std::string hex(std::uint32_t v, int digits) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%0*X", digits, v);
    return buf;
}

class SystemShockEngine final : public Engine {
public:
    const char* name() const override { return "systemshock"; }
    const char* title() const override { return "System Shock (1994)"; }
    const char* needs() const override {
        return "ARCHIVE.DAT, in DATA/, RES/DATA/ (the Enhanced Edition), CDROM/DATA/ (a CD) or at the top";
    }
    std::int64_t firstWorldId() const override { return kFirstSystemShockWorld; }
    bool recognises(const GameFs& fs) const override { return findDataFile(fs, "ARCHIVE.DAT").has_value(); }
    std::unique_ptr<EngineGame> open(const GameFs& fs) const override {
        return std::make_unique<SystemShockGame>(fs);
    }
    LookRules lookRules() const override {
        return {"GAMEPAL.RES, one palette for the whole game (rgx's stand-in palette without it)",
                "light shades through the palette's nearest colours; no distance fog",
                "none: the background is black (the game draws no sky in its levels)",
                "Glide: the same textures filtered in true colour"};
    }
};

// The face normal of a triangle, unit (zero for a degenerate one).
Vec3 faceNormal(const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 u = b - a, v = c - a;
    const Vec3 n{u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
    const double length = std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
    return length > 0 ? Vec3{n.x / length, n.y / length, n.z / length} : Vec3{};
}

MeshVertex meshVertex(const TileVertex& v, const Vec3& normal) {
    MeshVertex m{};
    m.position[0] = static_cast<float>(v.position.x);
    m.position[1] = static_cast<float>(v.position.y);
    m.position[2] = static_cast<float>(v.position.z);
    m.normal[0] = static_cast<float>(normal.x);
    m.normal[1] = static_cast<float>(normal.y);
    m.normal[2] = static_cast<float>(normal.z);
    m.uv[0] = v.u;
    m.uv[1] = v.v;
    m.light = v.light; // the tile's shadow at its grid point
    return m;
}

// The level's materials: one a texture list index in the real world (its texture from TEXTURE.RES,
// else a magenta stand-in), one a palette index in cyberspace.
class Materials {
public:
    Materials(Scene& scene, SystemShockMedia& media, const lss::TextureList& list, bool cyberspace)
        : scene_(scene), media_(media), list_(list), cyberspace_(cyberspace) {}

    // The material of a triangle of `tile` on `surface` (texture: its list index).
    std::uint32_t of(const lss::Tile& tile, Surface surface, int texture) {
        if (cyberspace_) {
            // Cyberspace's texture bits are palette indices: 0-7 the floor's, 8-15 the ceiling's
            // (inkyblackness); its walls take the floor's.
            const int index = surface == Surface::Ceiling ? tile.textures >> 8 : tile.textures & 0xFF;
            return solid(static_cast<std::uint8_t>(index));
        }
        return textured(texture);
    }

private:
    std::uint32_t solid(std::uint8_t index) {
        const auto key = std::pair{0, static_cast<int>(index)};
        if (auto it = materials_.find(key); it != materials_.end()) return it->second;
        Material m;
        m.solid = true;
        m.colorIndex = index;
        m.color = scene_.palette[index];
        return add(key, m);
    }
    std::uint32_t textured(int listIndex) {
        const auto key = std::pair{1, listIndex};
        if (auto it = materials_.find(key); it != materials_.end()) return it->second;
        Material m;
        m.solid = false;
        const auto i = static_cast<std::size_t>(listIndex);
        m.texture = i < list_.ids.size() ? media_.texture(list_.ids[i]) : -1;
        m.placeholder = m.texture < 0; // magenta, as a missing asset
        return add(key, m);
    }
    std::uint32_t add(std::pair<int, int> key, const Material& m) {
        scene_.materials.push_back(m);
        const auto index = static_cast<std::uint32_t>(scene_.materials.size() - 1);
        materials_.emplace(key, index);
        return index;
    }

    Scene& scene_;
    SystemShockMedia& media_;
    const lss::TextureList& list_;
    bool cyberspace_;
    std::map<std::pair<int, int>, std::uint32_t> materials_;
};

// The mesh of one tile's triangles [first, last) of the level's geometry, its ceiling's alone or
// the rest (floor and walls), a submesh a material.
Mesh tileMesh(const TileGeometry& g, std::size_t first, std::size_t last, const lss::Tile& tile,
              Materials& materials, bool ceiling) {
    Mesh mesh;
    std::map<std::uint32_t, std::vector<std::uint32_t>> byMaterial;
    for (std::size_t i = first; i < last; ++i) {
        const TileTriangle& t = g.triangles[i];
        if ((t.surface == Surface::Ceiling) != ceiling) continue;
        const Vec3 n = faceNormal(g.vertices[t.vertex[0]].position, g.vertices[t.vertex[1]].position,
                                  g.vertices[t.vertex[2]].position);
        std::vector<std::uint32_t>& indices = byMaterial[materials.of(tile, t.surface, t.texture)];
        for (const std::uint32_t v : t.vertex) {
            indices.push_back(static_cast<std::uint32_t>(mesh.vertices.size()));
            mesh.vertices.push_back(meshVertex(g.vertices[v], n));
            mesh.bounds.add(g.vertices[v].position);
        }
    }
    for (const auto& [material, indices] : byMaterial) {
        mesh.submeshes.push_back({material, static_cast<std::uint32_t>(mesh.indices.size()),
                                  static_cast<std::uint32_t>(indices.size())});
        mesh.indices.insert(mesh.indices.end(), indices.begin(), indices.end());
    }
    return mesh;
}

} // namespace

const Engine& systemShockEngine() {
    static const SystemShockEngine engine;
    return engine;
}

std::string levelName(int level) {
    switch (level) {
    case 0:
        return "Reactor";
    case 10:
        return "SHODAN's cyberspace";
    case 11:
        return "Delta grove";
    case 12:
        return "Alpha grove";
    case 13:
        return "Beta grove";
    case 14:
        return "Cyberspace (levels 1-2)";
    case 15:
        return "Cyberspace";
    default:
        return "Level " + std::to_string(level);
    }
}

std::vector<std::pair<std::string, std::string>> tileFields(const lss::Tile& tile,
                                                            const lss::TextureList& textures) {
    const auto str = [](auto v) { return std::to_string(v); };
    const auto texture = [&](int index) {
        const auto i = static_cast<std::size_t>(index);
        return str(index) +
               (i < textures.ids.size() ? " (texture " + str(textures.ids[i]) + ")" : " (not in the list)");
    };
    static const char* const kSlopeControl[] = {"floor and ceiling", "ceiling opposite", "floor only",
                                                "ceiling only"};
    return {{"type", str(tile.type) + " (" + std::string(lss::tileTypeName(tile.type)) + ")"},
            {"floor height", str(tile.floorHeight())},
            {"ceiling height", str(tile.ceilingHeight()) + " (down from the top)"},
            {"steepness", str(tile.steepness)},
            {"slope control", str(static_cast<int>(tile.slopeControl())) + " (" +
                                  kSlopeControl[static_cast<int>(tile.slopeControl())] + ")"},
            {"floor texture", texture(tile.floorTexture())},
            {"ceiling texture", texture(tile.ceilingTexture())},
            {"wall texture", texture(tile.wallTexture())},
            {"floor orientation", str(tile.floorOrientation())},
            {"ceiling orientation", str(tile.ceilingOrientation())},
            {"floor hazard", tile.floorHazard() ? "yes" : "no"},
            {"ceiling hazard", tile.ceilingHazard() ? "yes" : "no"},
            {"floor shadow", str(tile.floorShadow())},
            {"ceiling shadow", str(tile.ceilingShadow())},
            {"wall texture offset", str(tile.wallTextureOffset())},
            {"adjacent wall texture", tile.useAdjacentWallTexture() ? "yes" : "no"},
            {"flags", hex(tile.flags, 8)},
            {"first object", str(tile.firstObject)}};
}

SystemShockGame::SystemShockGame(const GameFs& fs) : fs_(fs) {
    archivePath_ = findDataFile(fs, "ARCHIVE.DAT").value_or("ARCHIVE.DAT");
    archive_ = fs.read(archivePath_);
    loaders::Warnings read;
    directory_ = lss::readResDirectory(archive_, archivePath_, &read);
    appendWarningTexts(notes_, read);
    for (int level = 0; level < lss::kMaxLevels; ++level) {
        const auto has = [&](int part) {
            return lss::findResEntry(directory_, lss::levelChunkId(level, part)) != nullptr;
        };
        if (!has(lss::kLevelInfoPart) || !has(lss::kTileMapPart)) continue;
        std::string kind = "level";
        try {
            loaders::Warnings infoRead;
            if (const std::optional<loaders::Bytes> info =
                    chunk(lss::levelChunkId(level, lss::kLevelInfoPart), &infoRead))
                if (lss::readLevelInfo(*info, archivePath_, &infoRead).cyberspace != 0) kind = "cyberspace";
        } catch (const Error&) {
            // Building the level says what is wrong with it.
        }
        worlds_.push_back({kFirstSystemShockWorld + level,
                           levelName(level) + " (map " + std::to_string(level) + ")", kind});
        levels_.push_back(level);
    }
}

std::optional<loaders::Bytes> SystemShockGame::chunk(std::uint16_t id, loaders::Warnings* warnings) const {
    const lss::ResDirEntry* e = lss::findResEntry(directory_, id);
    if (!e) return std::nullopt;
    return lss::resChunkContents(lss::readResChunk(archive_, *e, archivePath_, warnings));
}

Scene SystemShockGame::build(std::int64_t id, const Progress& progress) const {
    std::size_t which = levels_.size();
    for (std::size_t i = 0; i < levels_.size(); ++i)
        if (kFirstSystemShockWorld + levels_[i] == id) which = i;
    if (which == levels_.size()) {
        std::string ids;
        for (const EngineWorld& w : worlds_)
            ids += (ids.empty() ? "" : ", ") + std::to_string(w.id);
        throw Error(fs_.root().string(), Error::kNoOffset, "world",
                    "no System Shock world " + std::to_string(id) +
                        " (its worlds: " + (ids.empty() ? "none" : ids) + ")");
    }
    const int level = levels_[which];
    const std::size_t filesBefore = fs_.filesRead(), bytesBefore = fs_.bytesRead();
    Scene scene;
    scene.engine = systemShockEngine().name();
    scene.title = "world " + std::to_string(id) + " (System Shock " + worlds_[which].name + ")";
    scene.warnings = notes_;
    if (progress) progress("building System Shock " + worlds_[which].name);

    SystemShockMedia media(fs_, scene); // the palette now, the textures as materials ask

    loaders::Warnings read;
    const std::string infoPath =
        archivePath_ + ":" + std::to_string(lss::levelChunkId(level, lss::kLevelInfoPart));
    const lss::LevelInfo info =
        lss::readLevelInfo(*chunk(lss::levelChunkId(level, lss::kLevelInfoPart), &read), infoPath, &read);
    int width = info.width, height = info.height;
    if (width < 1 || height < 1 || width > lss::kMaxMapSide || height > lss::kMaxMapSide) {
        scene.warnings.push_back(infoPath + ": a map of " + std::to_string(width) + " x " +
                                 std::to_string(height) + " tiles cannot be; read as the game's 64 x 64");
        width = height = 64;
    }
    const std::uint16_t mapId = lss::levelChunkId(level, lss::kTileMapPart);
    const std::string mapPath = archivePath_ + ":" + std::to_string(mapId);
    const lss::TileMap map = lss::readTileMap(*chunk(mapId, &read), width, height, mapPath, &read);
    lss::TextureList textures;
    if (const std::optional<loaders::Bytes> list =
            chunk(lss::levelChunkId(level, lss::kTextureListPart), &read))
        textures = lss::readTextureList(
            *list, archivePath_ + ":" + std::to_string(lss::levelChunkId(level, lss::kTextureListPart)),
            &read);

    // The tiles: a node each, its mesh its floor, ceiling and walls, its record its fields.
    const TileGeometry geometry = buildTileGeometry(map, info);
    Materials materials(scene, media, textures, info.cyberspace != 0);
    std::size_t first = 0;
    while (first < geometry.triangles.size()) {
        const int x = geometry.triangles[first].tileX, y = geometry.triangles[first].tileY;
        std::size_t last = first;
        while (last < geometry.triangles.size() && geometry.triangles[last].tileX == x &&
               geometry.triangles[last].tileY == y)
            ++last;
        const lss::Tile& tile = map.at(x, y);
        const std::string name = "tile " + std::to_string(x) + "," + std::to_string(y);
        const int record = static_cast<int>(scene.records.size());
        scene.records.push_back({mapPath, "tile", y * map.width + x, tileFields(tile, textures)});
        // Its floor and walls, then its ceiling apart (the ceilings layer: maps leave it out).
        for (const bool ceiling : {false, true}) {
            Mesh mesh = tileMesh(geometry, first, last, tile, materials, ceiling);
            if (mesh.indices.empty()) continue;
            mesh.name = ceiling ? name + " ceiling" : name;
            mesh.source = mapPath;
            scene.meshes.push_back(std::move(mesh));
            SceneNode node;
            node.kind = ceiling ? NodeKind::Ceiling : NodeKind::Tile;
            node.name = ceiling ? name + " ceiling" : name;
            node.mesh = static_cast<int>(scene.meshes.size()) - 1;
            node.world = Mat4::identity();
            node.source = static_cast<std::uint32_t>(y * map.width + x);
            node.record = record;
            scene.nodes.push_back(std::move(node));
        }
        first = last;
    }

    // The objects in use, as markers where the master object table puts them: x and y in 256ths
    // of a tile (the high byte the tile), z over the level's height (a byte: 256 steps of the 32
    // height units, an assumption).
    const std::uint16_t objectsId = lss::levelChunkId(level, lss::kObjectTablePart);
    if (const std::optional<loaders::Bytes> table = chunk(objectsId, &read)) {
        const std::string objectsPath = archivePath_ + ":" + std::to_string(objectsId);
        const std::vector<lss::MasterObject> objects = lss::readMasterObjects(*table, objectsPath, &read);
        const double unit = kTileUnits / std::ldexp(1.0, std::clamp(info.zShift, 0, 16));
        for (std::size_t i = 0; i < objects.size(); ++i) {
            const lss::MasterObject& o = objects[i];
            if (o.inUse == 0) continue;
            SceneNode node;
            node.kind = NodeKind::Marker;
            node.name = "object " + std::to_string(i) + " (" + std::to_string(o.objectClass) + "/" +
                        std::to_string(o.subclass) + "/" + std::to_string(o.type) + ")";
            node.world = Mat4::translation(
                {o.x / 256.0 * kTileUnits, o.z / 256.0 * 32.0 * unit, -(o.y / 256.0) * kTileUnits});
            node.source = static_cast<std::uint32_t>(i);
            node.record = static_cast<int>(scene.records.size());
            scene.records.push_back({objectsPath,
                                     "object",
                                     static_cast<int>(i),
                                     {{"class", std::to_string(o.objectClass)},
                                      {"subclass", std::to_string(o.subclass)},
                                      {"type", std::to_string(o.type)},
                                      {"class index", std::to_string(o.classIndex)},
                                      {"x", hex(o.x, 4)},
                                      {"y", hex(o.y, 4)},
                                      {"z", std::to_string(o.z)},
                                      {"hit points", std::to_string(o.hitPoints)}}});
            scene.nodes.push_back(std::move(node));
        }
    }
    appendWarningTexts(scene.warnings, read);

    // No fog, a black background (the game's levels are indoors and draw no sky).
    LookEnvironment look;
    look.clear = {0, 0, 0};
    scene.look = look;

    scene.stats.filesRead = fs_.filesRead() - filesBefore;
    scene.stats.bytesRead = fs_.bytesRead() - bytesBefore;
    return scene;
}

} // namespace rgx::scene::systemshock

#include "scene/drakan/dk_engine.h"

#include "base/error.h"
#include "loaders/drakan/level.h"
#include "scene/drakan/dk_assets.h"
#include "scene/drakan/dk_layer_mesh.h"
#include "scene/drakan/dk_records.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rgx::scene::drakan {

namespace dk = loaders::drakan;

namespace {

class DrakanEngine final : public Engine {
public:
    const char* name() const override { return "drakan"; }
    const char* title() const override { return "Drakan: Order of the Flame (1999)"; }
    const char* needs() const override {
        return "Dragon.rrc at the top or in Drakan/, and levels (.lvl) in Levels/";
    }
    std::int64_t firstWorldId() const override { return kFirstDrakanWorld; }
    bool recognises(const GameFs& fs) const override { return riotTop(fs).has_value(); }
    std::unique_ptr<EngineGame> open(const GameFs& fs) const override {
        return std::make_unique<DrakanGame>(fs);
    }
    LookRules lookRules() const override {
        return {
            "the first palette record (0x0030) of the level's texture databases; true-colour textures "
            "quantised to it (nearest colour)",
            "rgx's light and a linear fog towards the background (the level's own fog lives in its objects' "
            "classes, not read)",
            "none: a plain background (Drakan's skies are objects: not drawn)",
            "Glide: true-colour textures as stored, filtered"};
    }
};

// Every .lvl under dir (three folders deep at most), as game-relative paths under `prefix`.
void findLevels(const std::filesystem::path& dir, const std::string& prefix, int depth,
                std::vector<std::string>& out) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (entry.is_directory(ec)) {
            if (depth < 3) findLevels(entry.path(), prefix + name + "/", depth + 1, out);
        } else if (upperAscii(entry.path().extension().string()) == ".LVL") {
            out.push_back(prefix + name);
        }
    }
}

std::string directoryOf(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

// A float from the file rgx can place: finite and within `limit`; else `fallback` (and `bad` set).
float placeable(float v, float limit, float fallback, bool& bad) {
    if (std::isfinite(v) && std::fabs(v) <= limit) return v;
    bad = true;
    return fallback;
}

// An object's world matrix: its position in world units, its rotation R = Rz Ry Rx with the y
// angle less 90 degrees (OpenDrakan's reading, found by experiment: low confidence), its scale. A
// position or scale that is not finite or past reason (a billion world units, a scale of ten
// thousand) is read as 0 or 1 and `bad` set.
Mat4 objectTransform(const dk::LevelObject& o, bool& bad) {
    const auto rad = [](double degrees) { return degrees * std::numbers::pi / 180; };
    const Mat3 r =
        rotationZ(rad(o.rotation[2])) * rotationY(rad(o.rotation[1] - 90.0)) * rotationX(rad(o.rotation[0]));
    Mat3 rs = r;
    if (o.flags & dk::kObjectScaled)
        for (std::size_t row = 0; row < 3; ++row)
            for (std::size_t col = 0; col < 3; ++col)
                rs[row][col] = r[row][col] * placeable(o.scale[col], 1e4f, 1, bad);
    Vec3 at;
    at.x = placeable(o.position[0], 1e9f, 0, bad) / kWorldUnitsPerSceneUnit;
    at.y = placeable(o.position[1], 1e9f, 0, bad) / kWorldUnitsPerSceneUnit;
    at.z = placeable(o.position[2], 1e9f, 0, bad) / kWorldUnitsPerSceneUnit;
    return Mat4::fromRotation(rs, at);
}

} // namespace

const Engine& drakanEngine() {
    static const DrakanEngine engine;
    return engine;
}

std::optional<std::string> riotTop(const GameFs& fs) {
    if (fs.exists("Dragon.rrc")) return std::string();
    if (fs.exists("Drakan/Dragon.rrc")) return std::string("Drakan/");
    return std::nullopt;
}

DrakanGame::DrakanGame(const GameFs& fs) : fs_(fs) {
    const std::optional<std::string> top = riotTop(fs);
    if (!top)
        throw Error(fs.root().string(), Error::kNoOffset, "Dragon.rrc",
                    "no Dragon.rrc at the top or in Drakan/");
    if (const std::optional<std::filesystem::path> dir = fs.find(*top + "Levels")) {
        // The on-disk folder name, so that paths read back whatever its case.
        findLevels(*dir, *top + dir->filename().string() + "/", 1, levels_);
    }
    std::sort(levels_.begin(), levels_.end(),
              [](const std::string& a, const std::string& b) { return upperAscii(a) < upperAscii(b); });
    for (std::size_t i = 0; i < levels_.size(); ++i) {
        const std::string& path = levels_[i];
        worlds_.push_back(
            {kFirstDrakanWorld + static_cast<std::int64_t>(i), path.substr(top->size()), "level"});
    }
}

Scene DrakanGame::build(std::int64_t id, const Progress& progress) const {
    const std::int64_t index = id - kFirstDrakanWorld;
    if (index < 0 || index >= static_cast<std::int64_t>(levels_.size())) {
        std::string ids;
        for (const EngineWorld& w : worlds_)
            ids += (ids.empty() ? "" : ", ") + std::to_string(w.id);
        throw Error(fs_.root().string(), Error::kNoOffset, "world",
                    "no Drakan world " + std::to_string(id) +
                        " (its worlds: " + (ids.empty() ? "none" : ids) + ")");
    }
    const std::string& path = levels_[static_cast<std::size_t>(index)];
    const std::size_t filesBefore = fs_.filesRead(), bytesBefore = fs_.bytesRead();
    Scene scene;
    scene.engine = drakanEngine().name();
    if (progress) progress("building Drakan level " + path);
    loaders::Warnings read;
    const dk::Level level =
        fs_.decode(path, [&](const loaders::Bytes& b) { return dk::readLevel(b, path, &read); });
    appendWarningTexts(scene.warnings, read);
    scene.title = "world " + std::to_string(id) + " (Drakan " +
                  worlds_[static_cast<std::size_t>(index)].name + ": " + level.info.name + ")";

    RiotAssets assets(fs_, scene);
    std::map<std::uint16_t, std::string> dependencies;
    for (const dk::LevelDatabase& d : level.info.databases)
        dependencies[d.index] = directoryOf(path) + d.path;
    const std::string levelBase = path.substr(0, path.size() - 4);
    const int levelDb = assets.databaseWithDependencies(levelBase, dependencies);
    std::vector<int> listed;
    for (const auto& [i, dep] : dependencies)
        if (const std::optional<int> d = assets.resolve(levelDb, i)) listed.push_back(*d);
    assets.choosePalette(listed);

    // The layers: a node each at its north-west corner and world height, up to a budget of cells
    // (a few kilobytes of zlib can hold a million cells a layer).
    std::uint64_t cells = 0;
    for (std::size_t i = 0; i < level.layers.size(); ++i) {
        const dk::Layer& layer = level.layers[i];
        cells += std::uint64_t{layer.width} * layer.height;
        if (cells > kMaxLevelCells) {
            scene.warnings.push_back(path + ": layer " + std::to_string(layer.id) + " (" + layer.name +
                                     ") passes rgx's budget of " + std::to_string(kMaxLevelCells) +
                                     " cells a level; it and the layers after it are not drawn");
            for (std::size_t rest = i; rest < level.layers.size(); ++rest)
                scene.records.push_back(
                    {path, "layer", static_cast<int>(rest), layerFields(level.layers[rest])});
            break;
        }
        Mesh mesh = layerMesh(
            layer, [&](dk::RecordRef ref) { return assets.material(levelDb, ref); },
            path + ":layer " + std::to_string(i));
        const bool ceiling = layer.type == dk::LayerType::Ceiling;
        const int record = static_cast<int>(scene.records.size());
        scene.records.push_back({path, "layer", static_cast<int>(i), layerFields(layer)});
        if (mesh.indices.empty()) continue;
        scene.meshes.push_back(std::move(mesh));
        SceneNode node;
        node.kind = ceiling ? NodeKind::Ceiling : NodeKind::Terrain;
        node.name = "layer " + std::to_string(layer.id) + " " + layer.name;
        node.mesh = static_cast<int>(scene.meshes.size()) - 1;
        node.world =
            Mat4::translation({layer.originX * kCellUnits, layer.worldHeight / kWorldUnitsPerSceneUnit,
                               layer.originZ * kCellUnits});
        node.source = static_cast<std::uint32_t>(i);
        node.record = record;
        scene.nodes.push_back(std::move(node));
    }
    if (progress) progress(std::to_string(level.layers.size()) + " layers built");

    // The objects: class -> model, each through its database's dependencies.
    std::size_t badObjects = 0;
    for (std::size_t i = 0; i < level.objects.size(); ++i) {
        const dk::LevelObject& o = level.objects[i];
        const std::optional<int> classDb = assets.resolve(levelDb, o.classRef.database);
        const dk::ClassRecord* cls = classDb ? assets.classRecord(*classDb, o.classRef.id) : nullptr;
        int mesh = -1;
        std::string modelName;
        std::optional<int> modelDb;
        if (cls && cls->model.id != 0) {
            modelDb = assets.resolve(*classDb, cls->model.database);
            if (modelDb) {
                mesh = assets.modelMesh(*modelDb, cls->model.id);
                modelName = assets.modelName(*modelDb, cls->model.id);
            }
        }
        SceneNode node;
        node.kind = mesh >= 0 ? NodeKind::Object : NodeKind::Marker;
        node.name = "object " + std::to_string(o.id) + " " +
                    (cls ? cls->name : "class " + std::to_string(o.classRef.id));
        node.model = modelName;
        node.mesh = mesh;
        bool bad = false;
        node.world = objectTransform(o, bad);
        badObjects += bad;
        node.source = static_cast<std::uint32_t>(i);
        node.record = static_cast<int>(scene.records.size());
        ObjectContext context;
        context.className = cls ? cls->name : "";
        context.classFile = classDb ? assets.filePath(*classDb, ".odb") : "";
        context.modelName = modelName;
        context.modelFile = modelDb ? assets.filePath(*modelDb, ".mod") : "";
        scene.records.push_back({path, "object", static_cast<int>(i), objectFields(o, cls, context)});
        scene.nodes.push_back(std::move(node));
    }
    if (badObjects)
        scene.warnings.push_back(
            path + ": " + std::to_string(badObjects) +
            " objects have a position or scale that is not finite or past reason; read as 0 "
            "or 1");
    if (progress) progress(std::to_string(level.objects.size()) + " objects placed");

    // rgx's look: a pale blue background the fog fades to, from 24 to 64 cells away.
    LookEnvironment look;
    look.clear = {104, 136, 176};
    look.fog = {24 * kCellUnits, 64 * kCellUnits, look.clear};
    scene.look = look;

    scene.stats.filesRead = fs_.filesRead() - filesBefore;
    scene.stats.bytesRead = fs_.bytesRead() - bytesBefore;
    return scene;
}

} // namespace rgx::scene::drakan

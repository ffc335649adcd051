// A Riot model database (.mod) opened as a file: the model viewer's catalogue (dk_engine.h).
#include "base/error.h"
#include "loaders/file_io.h"
#include "scene/drakan/dk_assets.h"
#include "scene/drakan/dk_engine.h"
#include "scene/drakan/dk_records.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace rgx::scene::drakan {

namespace dk = loaders::drakan;

namespace {

// The game's top for a file: the nearest directory above holding Dragon.rrc (any case), else the
// file's grandparent (where a database's "..\\" dependencies still resolve).
std::filesystem::path topFor(const std::filesystem::path& file) {
    const std::filesystem::path start = std::filesystem::absolute(file).lexically_normal().parent_path();
    std::filesystem::path dir = start;
    for (int up = 0; up < 4 && !dir.empty(); ++up) {
        if (GameFs(dir).exists("Dragon.rrc")) return dir;
        if (dir == dir.parent_path()) break;
        dir = dir.parent_path();
    }
    return start.has_parent_path() ? start.parent_path() : start;
}

ModelSummary summarise(const dk::SrscFile& mod, std::uint16_t id, const std::string& path, RiotAssets& assets,
                       int db) {
    ModelSummary m;
    m.id = id;
    const auto find = [&](std::uint16_t type) { return dk::findSrscRecord(mod, type, id); };
    try {
        if (const dk::SrscRecord* r = find(dk::kModelNameRecord)) {
            m.name = dk::readModelName(r->body, path);
            m.group = r->group;
        }
        if (const dk::SrscRecord* r = find(dk::kVerticesRecord))
            m.vertices = dk::readVertices(r->body, path).size();
        if (const dk::SrscRecord* r = find(dk::kPolygonsRecord))
            m.polygons = dk::readPolygons(r->body, path).size();
        if (const dk::SrscRecord* r = find(dk::kTextureListRecord))
            m.textures = dk::readTextureList(r->body, path);
        if (const dk::SrscRecord* r = find(dk::kLodRecord)) {
            m.lod = dk::readModelLod(r->body, path);
            m.lodName = assets.modelName(db, m.lod->model);
        }
        if (const dk::SrscRecord* r = find(dk::kBoundsRecord)) m.bounds = dk::readModelBounds(r->body, path);
        m.character = find(dk::kCharacterRecord) != nullptr;
    } catch (const Error&) {
        // Building its mesh says what is wrong.
    }
    return m;
}

} // namespace

bool isRiotModelFile(const std::filesystem::path& file) {
    return upperAscii(file.extension().string()) == ".MOD";
}

Scene buildRiotModelScene(const std::filesystem::path& file, const std::string& model,
                          const Progress& progress) {
    const std::filesystem::path top = topFor(file);
    const GameFs fs(top);
    const std::string relative =
        std::filesystem::absolute(file).lexically_normal().lexically_relative(top).generic_string();
    const std::string path = relative.substr(0, relative.size() - file.extension().string().size());
    Scene scene;
    scene.engine = drakanEngine().name();
    scene.title = file.string();
    if (progress) progress("reading " + file.string());
    // The file itself must read: a catalogue of nothing helps no one.
    loaders::Warnings read;
    const dk::SrscFile mod = dk::readSrsc(loaders::readFile(file), file.string(), &read);
    appendWarningTexts(scene.warnings, read);

    RiotAssets assets(fs, scene);
    const int db = assets.database(path);
    assets.choosePalette({db});

    std::vector<std::uint16_t> ids = assets.modelIds(db);
    const std::string modPath = assets.filePath(db, ".mod");
    // Each model's catalogue name: its own, or "model N" without one; "NAME #N" where two share a
    // name, so that every entry opens again by its name.
    std::map<std::string, int> uses;
    for (const std::uint16_t id : ids)
        ++uses[upperAscii(assets.modelName(db, id))];
    std::map<std::uint16_t, std::string> names;
    for (const std::uint16_t id : ids) {
        const std::string name = assets.modelName(db, id);
        names[id] = uses[upperAscii(name)] > 1 ? name + " #" + std::to_string(id) : name;
    }
    if (!model.empty()) {
        // A catalogue name (any case), else "#N" or N: the model with id N.
        std::vector<std::uint16_t> match;
        for (const std::uint16_t id : ids)
            if (upperAscii(names[id]) == upperAscii(model)) match.push_back(id);
        if (match.empty())
            for (const std::uint16_t id : ids)
                if ("#" + std::to_string(id) == model || std::to_string(id) == model) match.push_back(id);
        if (match.empty())
            throw Error(file.string(), Error::kNoOffset, "model",
                        "no model named " + model + " in the database (a name the catalogue lists, or #ID)");
        ids = {match.front()};
    }

    struct Item {
        std::uint16_t id;
        int mesh;
        ModelSummary summary;
    };
    std::vector<Item> items;
    for (const std::uint16_t id : ids) {
        const int mesh = assets.modelMesh(db, id);
        items.push_back({id, mesh, summarise(mod, id, modPath, assets, db)});
    }
    // Grid: columns = ceil(sqrt(n)), cell = the largest x/z footprint + 25 % (as a ROB's).
    double cell = kCellUnits / 2;
    for (const Item& item : items)
        if (item.mesh >= 0) {
            const Bounds& b = scene.meshes[static_cast<std::size_t>(item.mesh)].bounds;
            if (!b.empty()) cell = std::max({cell, b.max.x - b.min.x, b.max.z - b.min.z});
        }
    cell *= 1.25;
    const auto columns = std::max<std::size_t>(
        1, static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(items.size())))));
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Item& item = items[i];
        SceneNode node;
        node.name =
            item.summary.name.name.empty() ? "model " + std::to_string(item.id) : item.summary.name.name;
        node.kind = item.mesh >= 0 ? NodeKind::Model : NodeKind::Marker;
        node.model = node.name;
        node.mesh = item.mesh;
        node.world = Mat4::translation(
            {static_cast<double>(i % columns) * cell, 0, static_cast<double>(i / columns) * cell});
        node.source = item.id;
        node.record = static_cast<int>(scene.records.size());
        scene.records.push_back({modPath, "model", item.id, modelFields(item.summary)});
        scene.nodes.push_back(std::move(node));
        if (model.empty())
            scene.catalog.push_back({scene.nodes.back().name, SegmentKind::RiotModel, item.summary.polygons,
                                     static_cast<int>(scene.nodes.size() - 1)});
        if (item.mesh < 0) ++scene.stats.placeholders;
    }
    scene.stats.filesRead = fs.filesRead() + 1;
    scene.stats.bytesRead = fs.bytesRead();
    if (progress) progress(std::to_string(scene.stats.modelsBuilt) + " models built");
    return scene;
}

} // namespace rgx::scene::drakan

// The Drakan demo's files: its databases' definitions and SRSC files, its level and Dragon.rrc.
#include "demo/drakan/data.h"

#include "demo/drakan/parts.h"
#include "loaders/drakan/db_definition.h"
#include "loaders/file_io.h"

namespace rgx::demo::drakan {

namespace dk = loaders::drakan;

namespace {

loaders::Bytes definition(std::vector<dk::DbDependency> dependencies) {
    dk::DbDefinition db;
    db.version = 1;
    db.dependencies = std::move(dependencies);
    return dk::writeDbDefinition(db);
}

// Dragon.rrc: the engine's top-level resources; the demo's holds one plaintext string (0x0401),
// enough to mark the directory as a Riot game's.
loaders::Bytes dragonRrc() {
    dk::SrscFile file;
    const std::string text = "rgx demo: Drakan's formats, not its data";
    file.records.push_back({0x0401, 1, 0, loaders::Bytes(text.begin(), text.end())});
    return dk::writeSrsc(file);
}

} // namespace

DrakanTree buildDrakanDemo() {
    DrakanTree tree;
    tree["Dragon.rrc"] = dragonRrc();
    tree["Common/Textures.db"] = definition({});
    tree["Common/Textures.txd"] = dk::writeSrsc(demoTextureDatabase());
    tree["Common/Models.db"] = definition({{1, "Textures"}});
    tree["Common/Models.mod"] = dk::writeSrsc(demoModelDatabase());
    tree["Common/Classes.db"] = definition({{1, "Models"}, {2, "Textures"}});
    tree["Common/Classes.odb"] = dk::writeSrsc(demoClassDatabase());
    tree[kDemoLevel] = dk::writeLevel(demoLevel());
    return tree;
}

void writeDrakanDemo(const std::filesystem::path& dir) {
    for (const auto& [name, bytes] : buildDrakanDemo()) {
        const std::filesystem::path path = dir / name;
        std::filesystem::create_directories(path.parent_path());
        loaders::writeFile(path, bytes);
    }
}

} // namespace rgx::demo::drakan

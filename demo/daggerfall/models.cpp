// ARCH3D.BSA: every model, numbered, in id order (a 0x0200 directory, as the game's).
#include "demo/daggerfall/mesh.h"
#include "demo/daggerfall/parts.h"
#include "loaders/daggerfall/bsa.h"

namespace rgx::demo::daggerfall {

namespace ld = rgx::loaders::daggerfall;

rgx::loaders::Bytes arch3dBsa() {
    std::map<std::uint32_t, ld::Arch3dObject> models = townModels();
    models.merge(dungeonModels());
    ld::BsaArchive archive;
    archive.type = ld::BsaDirectoryType::Numbers;
    for (auto& [id, object] : models) {
        // An empty object data list still stores an offset: where the list would start, the end.
        object.emptyObjectDataOffset = static_cast<std::uint32_t>(ld::writeArch3d(object).size());
        archive.entries.push_back({"", "", id, ld::writeArch3d(object)});
    }
    return ld::writeBsa(archive);
}

} // namespace rgx::demo::daggerfall

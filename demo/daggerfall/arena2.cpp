// Assembles the ARENA2 directory from its parts and writes it.
#include "demo/daggerfall/arena2.h"

#include "demo/daggerfall/parts.h"
#include "loaders/daggerfall/bsa.h"
#include "loaders/file_io.h"

namespace rgx::demo::daggerfall {

namespace ld = rgx::loaders::daggerfall;

Arena2Tree buildDaggerfallDemo() {
    Arena2Tree tree;
    addPalettes(tree);
    addTextures(tree);
    tree["ARCH3D.BSA"] = arch3dBsa();
    ld::BsaArchive blocks; // named records, as the game's BLOCKS.BSA
    blocks.type = ld::BsaDirectoryType::Names;
    for (std::vector<NamedBlock> part : {townBlocks(), dungeonBlocks()})
        for (NamedBlock& b : part)
            blocks.entries.push_back({std::move(b.name), "", 0, std::move(b.bytes)});
    tree["BLOCKS.BSA"] = ld::writeBsa(blocks);
    tree["MAPS.BSA"] = mapsBsa();
    tree["CLIMATE.PAK"] = climatePak();
    return tree;
}

void writeDaggerfallDemo(const std::filesystem::path& arena2Dir) {
    for (const auto& [name, bytes] : buildDaggerfallDemo())
        loaders::writeFile(arena2Dir / name, bytes);
}

} // namespace rgx::demo::daggerfall

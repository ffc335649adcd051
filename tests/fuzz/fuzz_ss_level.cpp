// System Shock level chunks on arbitrary bytes, each read as every chunk kind: the level
// information, a tile map (4 x 4, then as many whole rows of 4 as the bytes hold), the texture
// list and both object tables. Read without warnings: written back byte for byte; with warnings
// the rewrite reads back to the same records.
#include "loaders/systemshock/level.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(ss_level) {
    namespace ss = rgx::loaders::systemshock;
    rgx::Warnings warnings;
    const std::size_t rows = data.size() / (4 * ss::kTileSize);
    if (rows >= 1 && rows <= ss::kMaxMapSide) {
        const ss::TileMap map = ss::readTileMap(data, 4, static_cast<int>(rows), "fuzz.tiles", &warnings);
        const rgx::loaders::Bytes again = RGX_FUZZ_MUST(ss::writeTileMap(map));
        rgx::fuzz::require(RGX_FUZZ_MUST(ss::readTileMap(again, 4, static_cast<int>(rows), "fuzz-rewrite")) ==
                               map,
                           "tile map read(write(x)) != x");
        if (warnings.empty())
            rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "tile map write(read(b)) != b");
    }
    const ss::TextureList textures = ss::readTextureList(data, "fuzz.textures");
    rgx::fuzz::require(RGX_FUZZ_MUST(ss::readTextureList(ss::writeTextureList(textures), "fuzz-rewrite")) ==
                           textures,
                       "texture list read(write(x)) != x");
    const std::vector<ss::MasterObject> objects = ss::readMasterObjects(data, "fuzz.objects");
    rgx::fuzz::require(
        RGX_FUZZ_MUST(ss::readMasterObjects(ss::writeMasterObjects(objects), "fuzz-rewrite")) == objects,
        "master objects read(write(x)) != x");
    const std::vector<ss::CrossRef> refs = ss::readCrossRefs(data, "fuzz.xref");
    rgx::fuzz::require(RGX_FUZZ_MUST(ss::readCrossRefs(ss::writeCrossRefs(refs), "fuzz-rewrite")) == refs,
                       "cross-references read(write(x)) != x");
    const ss::LevelInfo info = ss::readLevelInfo(data, "fuzz.info");
    rgx::fuzz::require(RGX_FUZZ_MUST(ss::readLevelInfo(ss::writeLevelInfo(info), "fuzz-rewrite")) == info,
                       "level information read(write(x)) != x");
}

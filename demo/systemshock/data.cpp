// Assembles the DATA directory from its parts and writes it.
#include "demo/systemshock/data.h"

#include "demo/systemshock/parts.h"
#include "loaders/file_io.h"
#include "loaders/systemshock/bitmap.h"
#include "loaders/systemshock/palette.h"
#include "loaders/systemshock/res_file.h"

#include <string_view>

namespace rgx::demo::systemshock {

namespace {

namespace ss = loaders::systemshock;
using loaders::Bytes;

constexpr std::uint8_t kMapContent = 0x30; // every chunk of the game's archive.dat
constexpr std::uint8_t kBitmapContent = 0x02;

ss::ResChunk plainChunk(std::uint16_t id, std::uint8_t flags, std::uint8_t contentType, Bytes data) {
    ss::ResChunk c;
    c.id = id;
    c.flags = flags;
    c.contentType = contentType;
    c.data = std::move(data);
    return c;
}

Bytes u32Bytes(std::uint32_t v) {
    return {static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(v >> 8),
            static_cast<std::uint8_t>(v >> 16), static_cast<std::uint8_t>(v >> 24)};
}

// A level's chunks 4L02..4L09. Compressed as the game's archive.dat has them (inkyblackness's
// editor: information, tile map and both object tables compressed; the rest plain).
void addLevel(ss::ResFile& archive, const DemoLevel& level) {
    const int l = level.number;
    const std::uint8_t packed = ss::kResFlagCompressed;
    archive.chunks.push_back(plainChunk(ss::levelChunkId(l, 2), 0, kMapContent, u32Bytes(0x0B)));
    archive.chunks.push_back(plainChunk(ss::levelChunkId(l, 3), 0, kMapContent, u32Bytes(0x1B)));
    archive.chunks.push_back(plainChunk(ss::levelChunkId(l, ss::kLevelInfoPart), packed, kMapContent,
                                        ss::writeLevelInfo(level.info)));
    archive.chunks.push_back(
        plainChunk(ss::levelChunkId(l, ss::kTileMapPart), packed, kMapContent, ss::writeTileMap(level.map)));
    // The level timer: its one dummy entry (inkyblackness archives/levelTimer.md).
    archive.chunks.push_back(plainChunk(ss::levelChunkId(l, 6), 0, kMapContent, Bytes(8, 0)));
    archive.chunks.push_back(plainChunk(ss::levelChunkId(l, ss::kTextureListPart), 0, kMapContent,
                                        ss::writeTextureList(level.textures)));
    // Empty object tables: entry 0 alone, the game's list head.
    archive.chunks.push_back(plainChunk(ss::levelChunkId(l, ss::kObjectTablePart), packed, kMapContent,
                                        ss::writeMasterObjects({ss::MasterObject{}})));
    archive.chunks.push_back(plainChunk(ss::levelChunkId(l, ss::kCrossRefPart), packed, kMapContent,
                                        ss::writeCrossRefs({ss::CrossRef{}})));
}

Bytes archiveDat() {
    ss::ResFile archive;
    // 4000: the archive's name, a C string in 128 bytes (the game's is "Start game" and junk).
    Bytes name(128, 0);
    constexpr std::string_view kName = "rgx demo";
    std::copy(kName.begin(), kName.end(), name.begin());
    archive.chunks.push_back(plainChunk(ss::kLevelChunkBase, 0, kMapContent, std::move(name)));
    addLevel(archive, demoLevel1());
    addLevel(archive, demoLevel2());
    return ss::writeResFile(archive);
}

ss::ResChunk bitmapChunk(std::uint16_t id, std::vector<Bytes> blocks) {
    ss::ResChunk c;
    c.id = id;
    c.flags = ss::kResFlagSubdivided; // every bitmap is a block (spec §2.1.2)
    c.contentType = kBitmapContent;
    c.blocks = std::move(blocks);
    return c;
}

Bytes textureBitmap(int id, int side) {
    return ss::writeBitmap(ss::makeBitmap(side, side, demoTexture(id, side), demoTextureIsRle(id)));
}

// Each texture id at its four places (ss::textureChunks): chunks 76 and 77 hold the small sizes as
// blocks 0..9, chunks 707 + id and 1000 + id the large ones. Chunks in id order.
Bytes textureRes() {
    ss::ResFile res;
    for (const int side : {16, 32}) {
        std::vector<Bytes> blocks;
        for (int id = 0; id < kDemoTextureCount; ++id)
            blocks.push_back(textureBitmap(id, side));
        res.chunks.push_back(
            bitmapChunk(side == 16 ? ss::kTextureChunk16 : ss::kTextureChunk32, std::move(blocks)));
    }
    for (const int side : {64, 128})
        for (int id = 0; id < kDemoTextureCount; ++id)
            res.chunks.push_back(
                bitmapChunk(ss::textureChunks(id)[side == 128 ? 0 : 1].chunk, {textureBitmap(id, side)}));
    return ss::writeResFile(res);
}

} // namespace

DataTree buildSystemShockDemo() {
    DataTree tree;
    tree["ARCHIVE.DAT"] = archiveDat();
    tree["TEXTURE.RES"] = textureRes();
    tree["GAMEPAL.RES"] = ss::writeGamePalette(demoPalette());
    return tree;
}

void writeSystemShockDemo(const std::filesystem::path& dataDir) {
    for (const auto& [name, bytes] : buildSystemShockDemo())
        loaders::writeFile(dataDir / name, bytes);
}

} // namespace rgx::demo::systemshock

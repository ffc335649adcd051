// `rgx info` for System Shock's resource files (*.RES, ARCHIVE.DAT): the directory, and per chunk
// its id, flags, content type, sizes and block count; a bitmap chunk's bitmaps (size, type,
// compression, private palette) and a palette chunk's colours. Keys:
// docs/formats/systemshock_res.md, docs/formats/systemshock_media.md.
#include "app/info/info_registry.h"
#include "app/info/systemshock/info_levels.h"
#include "base/error.h"
#include "loaders/systemshock/bitmap.h"
#include "loaders/systemshock/palette.h"
#include "loaders/systemshock/res_file.h"

#include <algorithm>

namespace rgx::app {

namespace {

namespace ss = loaders::systemshock;

// The 16-byte signature "LG Res File v2\r\n": a strong magic, checked with the other magics.
bool detectRes(loaders::ByteSpan bytes, std::string_view) {
    return ss::looksLikeResFile(bytes);
}

// How many pixels `rgx info` unpacks from one file's bitmaps at most: a few bytes of RLE can claim
// 16 million pixels (kBitmapMaxPixels), and a chunk can hold 65,535 blocks. The game's texture.res
// holds about 6 million pixels in all.
constexpr std::uint64_t kInfoPixelBudget = 4 * ss::kBitmapMaxPixels;

// One block read as a bitmap; a block that is not one says why (a chunk typed bitmap that holds
// something else must not hide the rest of the file). `budget`: the pixels left to unpack.
nlohmann::json describeBitmap(loaders::ByteSpan block, std::size_t index, const std::string& path,
                              std::uint64_t base, Warnings& warnings, std::uint64_t& budget) {
    if (const std::optional<ss::BitmapSize> size = ss::bitmapHeaderSize(block)) {
        const std::uint64_t pixels = static_cast<std::uint64_t>(std::max(0, size->width)) *
                                     static_cast<std::uint64_t>(std::max(0, size->height));
        if (pixels > budget)
            return {{"block", index},
                    {"error", "not unpacked: past the " + std::to_string(kInfoPixelBudget) +
                                  " pixels rgx info unpacks from one file"}};
        budget -= pixels;
    }
    try {
        const ss::Bitmap b = ss::readBitmap(block, path, &warnings, base);
        return {{"block", index},
                {"width", b.width},
                {"height", b.height},
                {"type", b.type},
                {"type_name", ss::bitmapTypeName(b.type)},
                {"compressed", b.compressed()},
                {"stored_size", block.size()},
                {"private_palette", b.palette.has_value()}};
    } catch (const Error& e) {
        return {{"block", index}, {"error", e.what()}};
    }
}

// Bitmaps (content type 2) per block; a palette chunk (content type 0) its colours.
void describeContents(nlohmann::json& out, const ss::ResDirEntry& e, const ss::ResChunk& c,
                      const std::string& path, Warnings& warnings, std::uint64_t& budget) {
    // Absolute offsets only where the chunk is stored as it is.
    const std::uint64_t base = e.compressed() ? 0 : e.offset;
    if (e.contentType == 2) {
        nlohmann::json bitmaps = nlohmann::json::array();
        if (c.subdivided()) {
            std::uint64_t at = 2 + 4 * (c.blocks.size() + 1) + c.blockGap.size();
            for (std::size_t i = 0; i < c.blocks.size(); ++i) {
                bitmaps.push_back(describeBitmap(c.blocks[i], i, path, base + at, warnings, budget));
                at += c.blocks[i].size();
            }
        } else {
            bitmaps.push_back(describeBitmap(c.data, 0, path, base, warnings, budget));
        }
        out["bitmaps"] = std::move(bitmaps);
    } else if (e.contentType == 0 && !c.subdivided() && c.data.size() == ss::kPaletteChunkSize) {
        const loaders::Palette256 p = ss::readPaletteChunk(c.data, path, &warnings, base);
        nlohmann::json colors = nlohmann::json::array();
        for (const loaders::ColorRgb& rgb : p)
            colors.push_back({rgb.r, rgb.g, rgb.b});
        out["colors"] = std::move(colors);
    }
}

nlohmann::json describeRes(loaders::ByteSpan bytes, const std::string& path, Warnings& warnings) {
    const ss::ResDirectory dir = ss::readResDirectory(bytes, path);
    // Every chunk is unpacked (and its block table read), so a bad stream is reported here;
    // the directory's warnings come once, from readResFile.
    const ss::ResFile file = ss::readResFile(bytes, path, &warnings);
    nlohmann::json chunks = nlohmann::json::array();
    std::uint64_t budget = kInfoPixelBudget;
    for (std::size_t i = 0; i < dir.entries.size(); ++i) {
        const ss::ResDirEntry& e = dir.entries[i];
        const ss::ResChunk& c = file.chunks[i];
        nlohmann::json chunk = {
            {"id", e.id},
            {"flags", e.flags},
            {"compressed", e.compressed()},
            {"subdivided", e.subdivided()},
            {"content_type", e.contentType},
            {"content_type_name", ss::resContentTypeName(e.contentType)},
            {"unpacked_size", e.unpackedSize},
            {"packed_size", e.packedSize},
            {"offset", e.offset},
            {"block_count", e.subdivided() ? c.blocks.size() : std::size_t{1}},
        };
        describeContents(chunk, e, c, path, warnings, budget);
        chunks.push_back(std::move(chunk));
    }
    nlohmann::json out = {
        {"format", "systemshock-res"},
        {"comment", dir.comment},
        {"directory_offset", dir.directoryOffset},
        {"first_chunk_offset", dir.firstChunkOffset},
        {"chunk_count", dir.entries.size()},
        {"chunks", std::move(chunks)},
    };
    // ARCHIVE.DAT: its levels (info_levels.h).
    if (nlohmann::json levels = describeLevels(file, path, warnings); !levels.empty())
        out["levels"] = std::move(levels);
    return out;
}

} // namespace

RGX_REGISTER_INFO_FORMAT("systemshock-res", 10, detectRes, describeRes, "res");

} // namespace rgx::app

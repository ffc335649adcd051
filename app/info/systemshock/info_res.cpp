// `rgx info` for System Shock's resource files (*.RES, ARCHIVE.DAT): the directory, and per chunk
// its id, flags, content type, sizes and block count. Keys: docs/formats/systemshock_res.md.
#include "app/info/info_registry.h"
#include "loaders/systemshock/res_file.h"

namespace rgx::app {

namespace {

namespace ss = loaders::systemshock;

// The 16-byte signature "LG Res File v2\r\n": a strong magic, checked with the other magics.
bool detectRes(loaders::ByteSpan bytes, std::string_view) {
    return ss::looksLikeResFile(bytes);
}

nlohmann::json describeRes(loaders::ByteSpan bytes, const std::string& path, Warnings& warnings) {
    const ss::ResDirectory dir = ss::readResDirectory(bytes, path);
    // Every chunk is unpacked (and its block table read), so a bad stream is reported here;
    // the directory's warnings come once, from readResFile.
    const ss::ResFile file = ss::readResFile(bytes, path, &warnings);
    nlohmann::json chunks = nlohmann::json::array();
    for (std::size_t i = 0; i < dir.entries.size(); ++i) {
        const ss::ResDirEntry& e = dir.entries[i];
        const ss::ResChunk& c = file.chunks[i];
        chunks.push_back({
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
        });
    }
    return {
        {"format", "systemshock-res"},
        {"comment", dir.comment},
        {"directory_offset", dir.directoryOffset},
        {"first_chunk_offset", dir.firstChunkOffset},
        {"chunk_count", dir.entries.size()},
        {"chunks", std::move(chunks)},
    };
}

} // namespace

RGX_REGISTER_INFO_FORMAT("systemshock-res", 10, detectRes, describeRes, "res");

} // namespace rgx::app

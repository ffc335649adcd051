// `rgx info` for PVO visibility octrees: the keys of issue 3 (docs/formats/pvo.md).
#include "app/info/info_registry.h"
#include "loaders/redguard/pvo.h"

#include <algorithm>

namespace rgx::app {

namespace {

bool detectPvo(loaders::ByteSpan bytes, std::string_view) {
    return bytes.size() >= 4 && std::equal(bytes.begin(), bytes.begin() + 4, "OCTH");
}

nlohmann::json describePvo(loaders::ByteSpan bytes, const std::string& path,
                           rgx::loaders::Warnings& warnings) {
    loaders::Pvo pvo = loaders::readPvo(bytes, path, &warnings);
    const loaders::PvoHeader& h = pvo.header;
    std::vector<std::uint16_t> ids = pvo.mlst;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return {
        {"format", "pvo"},
        {"depth", h.depth},
        {"total_nodes", h.totalNodes},
        {"leaf_nodes", h.leafNodes},
        {"mlst_entries", h.mlstCount},
        {"cell_size", h.cellSize},
        {"center", {h.center[0], h.center[1], h.center[2]}},
        {"leaf_records", pvo.leaves.size()},
        {"distinct_ids", ids.size()},
    };
}

} // namespace

RGX_REGISTER_INFO_FORMAT("pvo", 10, detectPvo, describePvo, "pvo");

} // namespace rgx::app

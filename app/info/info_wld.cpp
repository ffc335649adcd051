// `rgx info` for WLD terrain: the keys of issue 3 (docs/formats/wld.md).
#include "app/info/info_registry.h"
#include "loaders/redguard/wld.h"

#include <algorithm>
#include <bitset>

namespace rgx::app {

namespace {

// WLD has no magic: accept files large enough for the header and four sections whose header
// carries the values the engine checks (2x2 sections, 0x14 == 1, 22-byte section headers).
bool detectWld(loaders::ByteSpan bytes, std::string_view) {
    if (bytes.size() < loaders::kWldHeaderSize + 4 * loaders::kWldSectionSize) return false;
    auto dword = [&](std::size_t i) {
        return std::uint32_t{bytes[i * 4]} | (std::uint32_t{bytes[i * 4 + 1]} << 8) |
               (std::uint32_t{bytes[i * 4 + 2]} << 16) | (std::uint32_t{bytes[i * 4 + 3]} << 24);
    };
    return dword(1) == 2 && dword(2) == 2 && dword(5) == 1 && dword(6) == loaders::kWldSectionHeaderSize;
}

nlohmann::json describeWld(loaders::ByteSpan bytes, const std::string& path,
                           rgx::loaders::Warnings& warnings) {
    loaders::Wld wld = loaders::readWld(bytes, path, &warnings);
    loaders::WldGrids grids = loaders::wldGrids(wld);
    auto [minIt, maxIt] = std::minmax_element(grids.heightIndex.begin(), grids.heightIndex.end());
    std::bitset<64> textures;
    for (std::uint8_t t : grids.textureIndex)
        textures.set(t);
    nlohmann::json sectionTexbsi = nlohmann::json::array();
    for (const loaders::WldSection& s : wld.sections)
        sectionTexbsi.push_back(s.header[3]);
    return {
        {"format", "wld"},
        {"size", {loaders::kWldGridSize, loaders::kWldGridSize}},
        {"height_index_min", *minIt},
        {"height_index_max", *maxIt},
        {"water_cells", loaders::wldWaterCells(grids)},
        {"distinct_texture_indices", textures.count()},
        {"section_texbsi", sectionTexbsi},
        {"footer_bytes", wld.footer.size()},
    };
}

} // namespace

RGX_REGISTER_INFO_FORMAT("wld", 30, detectWld, describeWld, "wld");

} // namespace rgx::app

// `rgx info` for Daggerfall's PAK files (CLIMATE.PAK, POLITIC.PAK): the picture's size, each
// value with how many pixels have it (with CLIMATE.PAK's names), and each row's run count.
// Keys: docs/formats/daggerfall_archives.md ("CLIMATE.PAK").
#include "app/info/info_registry.h"
#include "loaders/daggerfall/pak.h"

#include <array>

namespace rgx::app {

namespace {

namespace df = loaders::daggerfall;

// No magic: the writer's layout (looksLikePak); anything else is read by the .pak extension.
bool detectPak(loaders::ByteSpan bytes, std::string_view) {
    return df::looksLikePak(bytes);
}

nlohmann::json describePak(loaders::ByteSpan bytes, const std::string& path, Warnings& warnings) {
    const df::PakFile pak = df::readPak(bytes, path, &warnings);
    std::array<std::size_t, 256> counts{};
    for (const std::uint8_t v : df::pakValues(pak))
        ++counts[v];
    nlohmann::json values = nlohmann::json::array();
    for (std::size_t v = 0; v < counts.size(); ++v)
        if (counts[v])
            values.push_back(
                {{"value", v}, {"climate", df::climateName(static_cast<int>(v))}, {"pixels", counts[v]}});
    nlohmann::json rowRuns = nlohmann::json::array();
    std::size_t runs = 0;
    for (const std::vector<df::PakRun>& row : pak.rows) {
        rowRuns.push_back(row.size());
        runs += row.size();
    }
    return {{"format", "daggerfall-pak"}, {"width", df::kPakWidth},
            {"height", df::kPakHeight},   {"runs", runs},
            {"values", values},           {"row_runs", rowRuns}};
}

} // namespace

RGX_REGISTER_INFO_FORMAT("daggerfall-pak", 85, detectPak, describePak, "pak");

} // namespace rgx::app

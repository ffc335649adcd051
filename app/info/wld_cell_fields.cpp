#include "app/info/wld_cell_fields.h"

#include <stdexcept>

namespace rgx::app {

std::vector<RecordField> wldCellFields(const loaders::WldGrids& grids, int row, int column) {
    constexpr int n = static_cast<int>(loaders::kWldGridSize);
    if (row < 0 || column < 0 || row >= n - 1 || column >= n - 1)
        throw std::out_of_range("terrain cell outside the grid");
    const std::size_t v = static_cast<std::size_t>(row) * n + static_cast<std::size_t>(column);
    if (grids.heightIndex.size() != loaders::kWldGridCells ||
        grids.textureIndex.size() != loaders::kWldGridCells ||
        grids.rotation.size() != loaders::kWldGridCells)
        throw std::out_of_range("terrain grids smaller than the WLD's");
    using nlohmann::json;
    std::vector<RecordField> f;
    f.push_back({"row", row, row});
    f.push_back({"column", column, column});
    f.push_back({"vertex", json::array({row, column}), json::array({row, column})});
    const int h = grids.heightIndex[v];
    if (h >= static_cast<int>(loaders::kWldHeightTable.size()))
        throw std::out_of_range("height index past the height table (the loader masks it to 7 bits)");
    // Engine y points down: the table's height is -y (docs/coordinates.md).
    f.push_back({"height_index", h, -loaders::kWldHeightTable[static_cast<std::size_t>(h)]});
    f.push_back({"height", h, loaders::kWldHeightTable[static_cast<std::size_t>(h)]});
    f.push_back({"texture_index", grids.textureIndex[v], grids.textureIndex[v]});
    f.push_back({"rotation", grids.rotation[v], grids.rotation[v] * 90});
    const bool water =
        loaders::wldWaterCell(grids, static_cast<std::size_t>(row), static_cast<std::size_t>(column));
    f.push_back({"water", water ? 1 : 0, water});
    return f;
}

} // namespace rgx::app

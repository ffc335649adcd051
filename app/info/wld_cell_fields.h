#pragma once
// One WLD terrain cell, field by field: what `rgx info FILE.WLD --cell ROW,COL --json` prints as
// "cell" and the explorer's Inspector shows for a picked cell, from this one function.

#include "app/info/rgm_record_fields.h"
#include "loaders/redguard/wld.h"

#include <vector>

namespace rgx::app {

// The WLD's values at cell (row, column)'s top-left vertex, the one whose texture and rotation the
// cell draws with (scene/redguard/terrain.h): row, column, vertex, height_index (raw; decoded, its height as
// engine y, which points down), height (scene y), texture_index, rotation (quarter turns; in
// degrees) and water (all four corners water textures: loaders::wldWaterCell). Throws
// std::out_of_range outside the 255 x 255 cells.
std::vector<RecordField> wldCellFields(const loaders::WldGrids& grids, int row, int column);

} // namespace rgx::app

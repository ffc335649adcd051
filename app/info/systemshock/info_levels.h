#pragma once
// `rgx info` on ARCHIVE.DAT: each level's chunks read through loaders/systemshock/level.h (the
// level information, the tile map with its tile types counted, the texture list, the master
// object table), for the resource-file summary (info_res.cpp).

#include "base/error.h"
#include "loaders/systemshock/res_file.h"

#include <nlohmann/json.hpp>

#include <string>

namespace rgx::app {

// One entry a level whose level information chunk (4004 + 100 L) the file holds: "level",
// "width", "height", "z_shift", "cyberspace", "tile_types" (name -> count, from the tile map
// when present), "textures" (the texture list's ids), "objects_in_use" (of "object_slots").
// Empty when there is none. A level whose chunks do not read is {"level", "error"}, the others
// described all the same.
nlohmann::json describeLevels(const loaders::systemshock::ResFile& file, const std::string& path,
                              Warnings& warnings);

} // namespace rgx::app

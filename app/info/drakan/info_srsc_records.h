#pragma once
// `rgx info` on an SRSC record's body beyond the mesh's (info_srsc.cpp lists every record): the
// class database's records (class_record.h) and a model's group count, bounds, character data and
// lower LOD (model.h), as docs/formats/drakan_srsc.md "rgx info --json" lays them out.

#include "loaders/drakan/srsc.h"

#include <nlohmann/json.hpp>

#include <string>

namespace rgx::app {

// Adds to `rec` what the body holds when its type is 0x0100 ("rfl"), a group name (0x0101, 0x0201,
// 0x0301, 0x0312, 0x0313: "group_name"), 0x0102 ("class"), 0x0202 ("group_count"), 0x0207
// ("bounds"), 0x0208 ("character") or 0x0209 ("lod"); returns false (nothing added) for another
// type. Throws rgx::Error when the body does not read.
bool describeClassOrModelRecord(nlohmann::json& rec, const loaders::drakan::SrscRecord& record,
                                const std::string& path);

} // namespace rgx::app

#pragma once
// Every field of one RGM placement record (MPOB, MPSO, MPRP, MPSF, MPSL, MPMK) by name, with the
// value as stored and the value decoded: positions in engine units (and in the scene frame),
// angles in degrees, packed ids split. `rgx info --json` prints these as "records" and the
// explorer's inspector shows the same rows, so the two cannot disagree (docs/formats/rgm.md).

#include "loaders/redguard/rgm.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace rgx::app {

enum class RgmSection { Mpob, Mpso, Mprp, Mpsf, Mpsl, Mpmk };
inline constexpr RgmSection kRgmPlacementSections[] = {RgmSection::Mpob, RgmSection::Mpso, RgmSection::Mprp,
                                                       RgmSection::Mpsf, RgmSection::Mpsl, RgmSection::Mpmk};
const char* rgmSectionTag(RgmSection section); // "MPOB", ...
std::size_t rgmSectionCount(const loaders::Rgm& rgm, RgmSection section);

// One field: raw is the stored value (numbers, arrays of numbers, Latin-1 names), decoded what it
// means; the two are equal where there is nothing to decode.
struct RecordField {
    std::string name;
    nlohmann::json raw;
    nlohmann::json decoded;
};

// Record `index` of `section`, field by field in file order, then the derived rows
// (scene_position, and for MPOB resolved_model). Throws std::out_of_range past the last record.
std::vector<RecordField> rgmRecordFields(const loaders::Rgm& rgm, RgmSection section, std::size_t index);

// [{"field", "raw", "decoded"}, ...]
nlohmann::json recordFieldsJson(const std::vector<RecordField>& fields);

// Every placement record: {"MPOB": [fields of record 0, ...], "MPSO": [...], ...}.
nlohmann::json rgmRecordsJson(const loaders::Rgm& rgm);

} // namespace rgx::app

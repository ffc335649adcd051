// `rgx info` for REDGUARD.CHT (docs/formats/cht.md).
#include "app/info/info_registry.h"
#include "loaders/redguard/cht.h"

namespace rgx::app {

namespace {

// No magic: exactly 256 bytes of 0/1 toggles and zero slots. Weak, so it runs late (92, after
// COL's size check).
bool detectCht(loaders::ByteSpan bytes, std::string_view) {
    return loaders::looksLikeCht(bytes);
}

// Keys: format "cht", cheats {name: state} for the 13 cheats, cheats_on [names in slot order],
// other_slots {"slot": value} for the non-zero slots past the cheats.
nlohmann::json describeCht(loaders::ByteSpan bytes, const std::string& path, loaders::Warnings& warnings) {
    const loaders::ChtFile f = loaders::readCht(bytes, path, &warnings);
    nlohmann::json cheats = nlohmann::json::object();
    nlohmann::json on = nlohmann::json::array();
    nlohmann::json others = nlohmann::json::object();
    for (std::size_t i = 0; i < loaders::kChtSlots; ++i) {
        if (i < loaders::kCheatCount) {
            const std::string name(loaders::kCheatNames.names[i]);
            cheats[name] = f.slots[i];
            if (f.slots[i] != 0) on.push_back(name);
        } else if (f.slots[i] != 0) {
            others[std::to_string(i)] = f.slots[i];
        }
    }
    return {{"format", "cht"}, {"cheats", cheats}, {"cheats_on", on}, {"other_slots", others}};
}

} // namespace

RGX_REGISTER_INFO_FORMAT("cht", 92, detectCht, describeCht, "cht");

} // namespace rgx::app

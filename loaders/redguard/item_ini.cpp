#include "loaders/redguard/item_ini.h"

namespace rgx::loaders {

namespace {

bool equalsNoCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

} // namespace

ItemIni parseItemIni(const IniFile& ini, std::vector<IniIssue>* issues) {
    ItemIni out;
    for (const IniLine& l : ini.lines) {
        if (l.kind != IniLineKind::KeyValue || !l.hasIndex || !equalsNoCase(l.section, "items")) continue;
        if (l.index < 0) {
            if (issues) issues->push_back({l.number, l.raw, "item index below 0"});
            continue;
        }
        ItemEntry& e = out.items[l.index];
        if (equalsNoCase(l.key, "type")) {
            if (const auto v = parseIniInt(l.value)) {
                e.type = *v;
            } else if (issues) {
                issues->push_back({l.number, l.raw, "type does not parse; 0 is used"});
            }
        } else if (equalsNoCase(l.key, "name")) {
            e.name = l.value;
        } else if (equalsNoCase(l.key, "hand_object_file")) {
            e.handObjectFile = l.value;
        } else if (equalsNoCase(l.key, "hilt_object_file")) {
            e.hiltObjectFile = l.value;
        } else if (equalsNoCase(l.key, "game_object_file")) {
            e.gameObjectFile = l.value;
        } else if (equalsNoCase(l.key, "inventory_object_file")) {
            e.inventoryObjectFile = l.value;
        }
    }
    return out;
}

IniFile buildItemIni(const ItemIni& items) {
    IniFile ini;
    addIniSection(ini, "items");
    for (const auto& [id, e] : items.items) {
        addIniIndexedValue(ini, "type", id, std::to_string(e.type));
        if (!e.name.empty()) addIniIndexedValue(ini, "name", id, e.name);
        if (!e.handObjectFile.empty()) addIniIndexedValue(ini, "hand_object_file", id, e.handObjectFile);
        if (!e.hiltObjectFile.empty()) addIniIndexedValue(ini, "hilt_object_file", id, e.hiltObjectFile);
        if (!e.gameObjectFile.empty()) addIniIndexedValue(ini, "game_object_file", id, e.gameObjectFile);
        if (!e.inventoryObjectFile.empty())
            addIniIndexedValue(ini, "inventory_object_file", id, e.inventoryObjectFile);
    }
    return ini;
}

} // namespace rgx::loaders

#pragma once
// ITEM.INI (the reference's "ITEM.INI"): one [items] section of per-item fields `field[x]`, x the
// item id scripts use (HandItem(x)). rgx reads what drawing a held item needs: the type, the
// names and the 3D object files (hand, hilt, game, inventory). Every other field stays reachable
// through the IniFile (loaders/redguard/ini.h), whose exact bytes round-trip.

#include "loaders/redguard/ini.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rgx::loaders {

struct ItemEntry {
    std::int64_t type = 0;           // 0 general, 1 sword/weapon (drawn and sheathed), 2 hand object
    std::string name;                // an RTX label (?xsw)
    std::string handObjectFile;      // hand_object_file[x]: held in hand (3DART\ paths as written)
    std::string hiltObjectFile;      // hilt_object_file[x]: sheathed
    std::string gameObjectFile;      // game_object_file[x]
    std::string inventoryObjectFile; // inventory_object_file[x]
    bool operator==(const ItemEntry&) const = default;
};

struct ItemIni {
    std::map<std::int64_t, ItemEntry> items; // by item id
    bool operator==(const ItemIni&) const = default;
};

// Fields of [items] with an index; a type that does not parse, or an index below 0, is an issue.
ItemIni parseItemIni(const IniFile& ini, std::vector<IniIssue>* issues = nullptr);
// The canonical file: [items], then each item's fields in id order.
IniFile buildItemIni(const ItemIni& items);

} // namespace rgx::loaders

#pragma once
// Internal to the game's SOUP386.DEF tables (loaders/redguard/soup_game_tables.cpp): the flags' table lives
// in a file of its own, soup_game_flags.cpp.

#include "loaders/redguard/soup_def.h"

namespace rgx::loaders {

// Appends the game's 369 flags, in index order, with their types, defaults and comments.
void addGameSoupFlags(SoupDef& def);

} // namespace rgx::loaders

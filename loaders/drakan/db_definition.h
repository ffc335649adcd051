#pragma once
// A Riot database's definition, its .db file (../shared/spec/riot-engine-srsc.txt "Database
// definition"; docs/formats/drakan_srsc.md): plain text
//   version <n>
//   dependencies <count>
//   <index> <path>      (count lines: 1-based indices, not necessarily consecutive; paths relative
//                        to the .db's directory, without ".db")
// Records are referenced across databases by (id, dependency index): index 0 is this database,
// any other the dependency with that index (`recordFile`).
//
// Reading policy: a missing version or dependencies line, a number that does not parse, fewer
// dependency lines than the count, an index of 0 or below or above 65,535, an index listed twice,
// a line without a path are errors. Warnings: lines after the dependencies (dropped). Lines may end
// in CR LF (kept for writing back); blank lines and spaces around fields are tolerated.

#include "loaders/bytes.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::loaders::drakan {

struct DbDependency {
    std::uint16_t index = 0; // 1..65,535
    std::string path;        // as written ("..\\common\\textures")
    bool operator==(const DbDependency&) const = default;
};

struct DbDefinition {
    int version = 1;
    std::vector<DbDependency> dependencies; // in file order
    bool crlf = true;                       // the file's line ends (the game's are DOS text)
    bool operator==(const DbDefinition&) const = default;
};

// A reference to a record (the text's `ref`: u16 id, u16 database index).
struct RecordRef {
    std::uint16_t id = 0;
    std::uint16_t database = 0; // 0: this database; else a dependency's index
    bool operator==(const RecordRef&) const = default;
};

DbDefinition readDbDefinition(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);
// "version N", "dependencies N", "<index> <path>" lines, each ended as `crlf` says.
Bytes writeDbDefinition(const DbDefinition& db);

// The file that holds a referenced record of an asset type (extension ".txd", ".mod", ...), as a
// path relative to the game directory: `self` is this database's path without ".db"
// ("Dragon/models"); index 0 gives self + extension, another index its dependency's path, resolved
// against self's directory, backslashes turned to slashes ("Dragon/../common/textures.txd").
// Throws rgx::Error naming `dbPath` for an index the definition does not list.
std::string recordFile(const DbDefinition& db, const std::string& dbPath, std::string_view self,
                       RecordRef ref, std::string_view extension);

} // namespace rgx::loaders::drakan

#pragma once
// SOUP386.DEF: the definition file the SOUP script VM resolves indices with (the reference's
// "SOUP386.DEF"). Plain text in four parts:
//   [functions]  one line each: `<task|function|multitask> <name> parms <count>`
//   [refs]       one object-property (reference) name per line; bytecode refs index this list
//   [equates]    `auto` ... `endauto` blocks; the first block's names are the RAAT attribute
//                slots (one byte each); `name = value` lines are equates
//   [flags]      one line each: `<BOOL|NUMBER|FLIPFLOP> <name> <default> [;comment]`
// Comments start with ';' or '//'. Function index 0 is the synthetic NullFunction: it is not in
// the file, and SoupDef::functions[0] holds it so bytecode ids index the vector directly.
//
// The reader accepts what it can name and reports the rest (lines it cannot parse, unknown
// function types) as warnings naming the line; it throws only for input it cannot read safely
// (over kMaxSoupDefBytes). writeSoupDef writes the canonical layout; readSoupDef(writeSoupDef(d))
// == d for every SoupDef whose strings hold no whitespace, ';' or line breaks.

#include "base/error.h"
#include "loaders/bytes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::loaders {

inline constexpr std::size_t kMaxSoupDefBytes = 4u << 20;

enum class SoupCallType : std::uint8_t { Task, Function, Multitask };

struct SoupFunction {
    SoupCallType type = SoupCallType::Function;
    std::string name;
    std::uint32_t params = 0;
    bool operator==(const SoupFunction&) const = default;
};

enum class SoupFlagType : std::uint8_t { Bool, Number, FlipFlop };

struct SoupFlag {
    SoupFlagType type = SoupFlagType::Bool;
    std::string name;
    std::int32_t value = 0; // the default a world starts with
    std::string comment;    // text after ';' (trimmed), "" when none
    bool operator==(const SoupFlag&) const = default;
};

struct SoupEquate {
    std::string name;
    std::int64_t value = 0;
    bool operator==(const SoupEquate&) const = default;
};

struct SoupDef {
    std::vector<SoupFunction> functions; // [0] = NullFunction (params 0, type Function)
    std::vector<std::string> refs;       // index = the low byte of a bytecode reference id
    std::vector<std::string> attributes; // index = the RAAT byte slot
    std::vector<SoupEquate> equates;     // `name = value` lines of [equates]
    std::vector<SoupFlag> flags;         // index = the bytecode flag id
    bool operator==(const SoupDef&) const = default;
};

struct SoupDefReadResult {
    SoupDef def;
    Warnings warnings; // offset = the line's first byte; field = the section ("[flags]", ...)
};

SoupDefReadResult readSoupDefWithWarnings(ByteSpan bytes, const std::string& path);
SoupDef readSoupDef(ByteSpan bytes, const std::string& path);
Bytes writeSoupDef(const SoupDef& def);

// The index of the function named `name` (case-insensitive, as the game's names vary in case),
// or nullopt. Linear; callers resolve once and keep the index.
std::optional<std::uint16_t> findSoupFunction(const SoupDef& def, const std::string& name);
std::optional<std::uint16_t> findSoupFlag(const SoupDef& def, const std::string& name);
std::optional<std::uint16_t> findSoupRef(const SoupDef& def, const std::string& name);

const char* soupCallTypeName(SoupCallType type); // "task", "function", "multitask"
const char* soupFlagTypeName(SoupFlagType type); // "BOOL", "NUMBER", "FLIPFLOP"

// The game's own tables, as public fact (docs/scripts.md names the sources): the 366 functions in
// the game's index order (with NullFunction at 0: 367 entries) and the 369 flags with their
// types and defaults. refs and attributes are rgx's own names for what scripts use (the game's
// lists are not public). The demo writes this definition; a bare RGM is run with it.
const SoupDef& gameSoupDef();

} // namespace rgx::loaders

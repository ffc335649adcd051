#pragma once
// Text from game files. Names and strings in Redguard's files are Latin-1 bytes, kept as they are
// in the plain records (so files write back unchanged); they become UTF-8 only where they leave
// the program (JSON, text output), and error messages show them escaped so that an error stays
// one printable line. See docs/formats.md, "Text".

#include <string>
#include <string_view>

namespace rgx::loaders {

// Every byte as the Latin-1 character of the same number, encoded as UTF-8.
std::string latin1ToUtf8(std::string_view bytes);

// True when the bytes are well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF).
bool isValidUtf8(std::string_view bytes);

// The output rule: a string that is valid UTF-8 stays as it is (ASCII, paths from the file
// system, text already converted), anything else is read as Latin-1 and converted. A Latin-1 name
// whose bytes happen to form valid UTF-8 (e.g. "Ã©") would show as that UTF-8 text: no shipped
// name is known to, and paths must survive.
std::string toUtf8(std::string_view text);

// Printable ASCII (0x20..0x7E, backslash doubled) as is, every other byte as \xNN: for tags and
// names inside error messages and warnings.
std::string escapeBytes(std::string_view bytes);

// One output line: toUtf8, then control characters (below 0x20 and 0x7F) as \xNN, so a message
// holding a file's bytes can never break a line or a terminal.
std::string printableLine(std::string_view text);

} // namespace rgx::loaders

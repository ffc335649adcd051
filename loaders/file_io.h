#pragma once
// Whole-file reading and writing with errors that name the path.

#include "loaders/bytes.h"

#include <filesystem>

namespace rgx::loaders {

// Reads the whole file. Throws rgx::Error (no offset) when it cannot be opened or read.
Bytes readFile(const std::filesystem::path& path);

// Writes bytes to path, creating parent directories. Throws rgx::Error on failure.
void writeFile(const std::filesystem::path& path, ByteSpan bytes);

} // namespace rgx::loaders

#pragma once
// Whole-file reading and writing with errors that name the path.

#include "loaders/bytes.h"

#include <filesystem>
#include <optional>

namespace rgx::loaders {

// Reads the whole file. Throws rgx::Error (no offset) when it cannot be opened or read.
Bytes readFile(const std::filesystem::path& path);

// Writes bytes to path, creating parent directories. Throws rgx::Error on failure.
void writeFile(const std::filesystem::path& path, ByteSpan bytes);

// Writes bytes to a temporary file beside path, then renames it over path, so a reader sees the
// old file or the new one, never half of one (another process may be reading it). Creates the
// parent directories. Throws rgx::Error on failure, leaving no temporary file behind.
void writeFileAtomically(const std::filesystem::path& path, ByteSpan bytes);

// rgx's folder in the user's cache: $XDG_CACHE_HOME/rgx, else $HOME/.cache/rgx; nothing when
// neither variable is set. The demo world and the pipeline cache live under it.
std::optional<std::filesystem::path> userCacheDir();

} // namespace rgx::loaders

#include "loaders/file_io.h"

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>

namespace rgx::loaders {

Bytes readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw Error(path.string(), Error::kNoOffset, "", std::string("cannot open: ") + std::strerror(errno));
    }
    in.seekg(0, std::ios::end);
    std::streamoff size = in.tellg();
    if (size < 0) throw Error(path.string(), Error::kNoOffset, "", "cannot determine the file size");
    in.seekg(0, std::ios::beg);
    Bytes data(static_cast<std::size_t>(size));
    if (size > 0 && !in.read(reinterpret_cast<char*>(data.data()), size)) {
        throw Error(path.string(), Error::kNoOffset, "", "read failed");
    }
    return data;
}

void writeFile(const std::filesystem::path& path, ByteSpan bytes) {
    std::error_code ec;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) {
        throw Error(path.string(), Error::kNoOffset, "",
                    std::string("cannot create: ") + std::strerror(errno));
    }
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    // Closed here so that a failure to flush the last bytes (a full disk) is seen too.
    out.close();
    if (!out) throw Error(path.string(), Error::kNoOffset, "", "write failed");
}

void writeFileAtomically(const std::filesystem::path& path, ByteSpan bytes) {
    // A name no other writer uses at the same time: this process's id and a counter.
    static std::atomic<unsigned> counter{0};
    std::filesystem::path temp = path;
    temp += ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    try {
        writeFile(temp, bytes);
    } catch (...) {
        std::error_code ec;
        std::filesystem::remove(temp, ec);
        throw;
    }
    std::error_code ec;
    std::filesystem::rename(temp, path, ec);
    if (ec) {
        std::error_code ignored;
        std::filesystem::remove(temp, ignored);
        throw Error(path.string(), Error::kNoOffset, "",
                    "cannot rename the new file into place: " + ec.message());
    }
}

std::optional<std::filesystem::path> userCacheDir() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return std::filesystem::path(xdg) / "rgx";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".cache" / "rgx";
    return std::nullopt;
}

} // namespace rgx::loaders

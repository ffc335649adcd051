#include "loaders/file_io.h"

#include <cerrno>
#include <cstring>
#include <fstream>

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
    if (!out) throw Error(path.string(), Error::kNoOffset, "", "write failed");
}

} // namespace rgx::loaders

// A real System Shock resource file: RGX_REAL_SS=DIR names a directory holding ARCHIVE.DAT (any
// case; ../shared/tools/ss-samples.sh extracts a fan level's, never committed). Every chunk
// reads, every compressed one unpacks, and writing the file back reads again to the same chunks.
// Skipped, visibly, without it.

#include "loaders/file_io.h"
#include "loaders/systemshock/res_file.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

namespace rgx {
namespace {

namespace fs = std::filesystem;
namespace ss = loaders::systemshock;

std::optional<fs::path> sampleDir() {
    const char* dir = std::getenv("RGX_REAL_SS");
    if (!dir || !*dir) return std::nullopt;
    return fs::path(dir);
}

// `name` in dir, whatever the case of its letters.
std::optional<fs::path> findAnyCase(const fs::path& dir, std::string_view name) {
    for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
        const std::string file = e.path().filename().string();
        if (file.size() == name.size() &&
            std::equal(file.begin(), file.end(), name.begin(),
                       [](char a, char b) { return std::toupper(static_cast<unsigned char>(a)) == b; }))
            return e.path();
    }
    return std::nullopt;
}

TEST(RealSystemShock, ArchiveReadsAndWritesBack) {
    if (!sampleDir()) {
        GTEST_SKIP() << "RGX_REAL_SS is not set: real-System-Shock test skipped (point it at a directory "
                        "holding ARCHIVE.DAT, e.g. from ../shared/tools/ss-samples.sh)";
    }
    const std::optional<fs::path> path = findAnyCase(*sampleDir(), "ARCHIVE.DAT");
    ASSERT_TRUE(path) << "no ARCHIVE.DAT in " << sampleDir()->string();
    const loaders::Bytes bytes = loaders::readFile(*path);
    loaders::Warnings warnings;
    const ss::ResDirectory dir = ss::readResDirectory(bytes, path->string(), &warnings);
    ss::ResFile file;
    ASSERT_NO_THROW(file = ss::readResFile(bytes, path->string(), &warnings));
    for (const Warning& w : warnings)
        std::cout << "warning: " << w.text() << "\n";
    ASSERT_EQ(file.chunks.size(), dir.entries.size());
    ASSERT_FALSE(file.chunks.empty());
    std::size_t compressed = 0;
    std::cout << path->filename().string() << ": " << file.chunks.size() << " chunks\n";
    for (std::size_t i = 0; i < file.chunks.size(); ++i) {
        const ss::ResDirEntry& e = dir.entries[i];
        const ss::ResChunk& c = file.chunks[i];
        EXPECT_EQ(c.id, e.id);
        const std::size_t size = ss::resChunkContents(c).size();
        EXPECT_EQ(size, e.unpackedSize) << "chunk " << i;
        compressed += e.compressed();
        std::cout << "  0x" << std::hex << e.id << std::dec << " flags " << int(e.flags) << " type 0x"
                  << std::hex << int(e.contentType) << std::dec << " ("
                  << ss::resContentTypeName(e.contentType) << ") " << e.unpackedSize << "/" << e.packedSize
                  << " bytes" << (e.subdivided() ? ", " + std::to_string(c.blocks.size()) + " blocks" : "")
                  << "\n";
    }
    std::cout << compressed << " compressed chunks unpacked\n";

    const loaders::Bytes written = ss::writeResFile(file);
    loaders::Warnings again;
    EXPECT_EQ(ss::readResFile(written, "rewritten", &again), file);
    EXPECT_TRUE(again.empty());
    // Read without warnings, the rewrite is the file byte for byte: the same greedy LZW made it.
    if (warnings.empty()) {
        EXPECT_EQ(written, bytes);
    }
}

} // namespace
} // namespace rgx

// System Shock resource files and their LZW streams on arbitrary bytes.
// Input starting with "LG Res File v2\r\n": a resource file. Read without warnings: written back
// byte for byte. Read with warnings: the rewrite reads back to the same chunks. Every directory
// entry's chunk lies inside the input.
// Any other input: a u24 unpacked size (little-endian, as in the directory) then an LZW stream.
// What decompress accepts has exactly that size, and compress() of it unpacks back to it
// without warnings.
#include "loaders/systemshock/res_compression.h"
#include "loaders/systemshock/res_file.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(ss_res) {
    namespace ss = rgx::loaders::systemshock;
    using rgx::loaders::Bytes;
    if (!ss::looksLikeResFile(data)) {
        if (data.size() < 3) return;
        const std::size_t size = data[0] | (std::size_t{data[1]} << 8) | (std::size_t{data[2]} << 16);
        rgx::Warnings warnings;
        const Bytes out = ss::decompress(data.subspan(3), size, "fuzz.lzw", 3, &warnings);
        rgx::fuzz::require(out.size() == size, "LZW output has another size than expected");
        const Bytes packed = RGX_FUZZ_MUST(ss::compress(out));
        rgx::Warnings again;
        rgx::fuzz::require(RGX_FUZZ_MUST(ss::decompress(packed, out.size(), "fuzz-rewrite.lzw", 0, &again)) ==
                               out,
                           "LZW decompress(compress(x)) != x");
        rgx::fuzz::require(again.empty(), "LZW compress() output reads with warnings");
        return;
    }
    rgx::Warnings warnings;
    const ss::ResFile file = ss::readResFile(data, "fuzz.res", &warnings);
    const ss::ResDirectory dir = RGX_FUZZ_MUST(ss::readResDirectory(data, "fuzz.res"));
    rgx::fuzz::require(dir.entries.size() == file.chunks.size(), "RES directory and chunks differ in count");
    for (const ss::ResDirEntry& e : dir.entries)
        rgx::fuzz::require(e.offset + e.packedSize <= data.size(), "RES chunk outside the input");
    const Bytes written = RGX_FUZZ_MUST(ss::writeResFile(file));
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(written, data), "RES write(read(bytes)) != bytes");
        return;
    }
    rgx::fuzz::require(RGX_FUZZ_MUST(ss::readResFile(written, "fuzz-rewrite.res")) == file,
                       "RES read(write(x)) != x after a read with warnings");
}

// Daggerfall PAK reader (CLIMATE.PAK, POLITIC.PAK) on arbitrary bytes. Read without warnings:
// written back byte for byte. Read with warnings (rows laid out otherwise, runs past a row, bytes
// after the last row): the rewrite reads back to the same rows. What is written is detected. The
// picture and a climate lookup never read outside it.
#include "loaders/daggerfall/pak.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(df_pak) {
    namespace df = rgx::loaders::daggerfall;
    const bool detected = df::looksLikePak(data);
    rgx::Warnings warnings;
    const df::PakFile pak = df::readPak(data, "fuzz.pak", &warnings);
    const std::vector<std::uint8_t> values = df::pakValues(pak);
    rgx::fuzz::require(values.size() == std::size_t{df::kPakWidth} * df::kPakHeight, "PAK picture size");
    df::climateAt(values, {999, 499});
    df::climateAt(values, {-1, 0});
    const rgx::loaders::Bytes again = RGX_FUZZ_MUST(df::writePak(pak));
    rgx::fuzz::require(df::looksLikePak(again), "a written PAK is not detected");
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "PAK write(read(bytes)) != bytes");
        rgx::fuzz::require(detected, "a PAK read without warnings is not detected");
        return;
    }
    rgx::fuzz::require(RGX_FUZZ_MUST(df::readPak(again, "fuzz-rewrite.pak")) == pak,
                       "PAK read(write(x)) != x after a read with warnings");
}

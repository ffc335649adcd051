#include "loaders/daggerfall/pak.h"

#include <algorithm>
#include <array>
#include <numeric>

namespace rgx::loaders::daggerfall {

namespace {

std::size_t rowBytes(const std::vector<PakRun>& row) {
    return row.size() * kPakRunSize;
}

} // namespace

PakFile readPak(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    std::array<std::uint32_t, kPakHeight> offsets{};
    for (std::uint32_t& o : offsets)
        o = r.u32("PAK row offset");
    for (std::size_t row = 0; row < offsets.size(); ++row) {
        if (offsets[row] < kPakOffsetTableSize)
            r.failAt(row * 4, "PAK row offset",
                     "row " + std::to_string(row) + " starts at " + std::to_string(offsets[row]) +
                         ", inside the offset table");
        if (offsets[row] >= bytes.size())
            r.failAt(row * 4, "PAK row offset",
                     "row " + std::to_string(row) + " starts at " + std::to_string(offsets[row]) +
                         ", past the end (size " + std::to_string(bytes.size()) + ")");
    }
    // Rows are read in the order they lie in the file, so a row that starts inside the one before
    // it is found: rows sharing bytes could repeat one long row 500 times.
    std::array<std::size_t, kPakHeight> order{};
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return offsets[a] < offsets[b]; });
    PakFile pak;
    pak.rows.resize(kPakHeight);
    std::size_t end = kPakOffsetTableSize;
    for (const std::size_t row : order) {
        if (offsets[row] < end)
            r.failAt(row * 4, "PAK row offset",
                     "row " + std::to_string(row) + " starts at " + std::to_string(offsets[row]) +
                         ", inside the row before it (rows do not share bytes)");
        r.seek(offsets[row], "PAK row offset");
        std::vector<PakRun>& runs = pak.rows[row];
        std::size_t values = 0;
        while (values < static_cast<std::size_t>(kPakWidth)) {
            const std::size_t at = r.pos();
            PakRun run;
            run.count = r.u16("PAK run count");
            run.value = r.u8("PAK run value");
            values += run.count;
            if (values > static_cast<std::size_t>(kPakWidth))
                r.warnAt(at, "PAK run count",
                         "row " + std::to_string(row) + "'s runs make " + std::to_string(values) +
                             " values, past the row's " + std::to_string(kPakWidth) +
                             "; the rest is dropped");
            runs.push_back(run);
        }
        end = r.pos();
    }
    // The writer's layout: row after row in row order, right after the offsets.
    std::size_t expected = kPakOffsetTableSize;
    for (std::size_t row = 0; row < offsets.size(); ++row) {
        if (offsets[row] != expected) {
            r.warnAt(row * 4, "PAK row offset",
                     "rows are not laid out one after another in row order; written back so");
            break;
        }
        expected += rowBytes(pak.rows[row]);
    }
    if (end < bytes.size())
        r.warnAt(end, "PAK size",
                 std::to_string(bytes.size() - end) + " bytes after the last row are ignored");
    return pak;
}

Bytes writePak(const PakFile& pak) {
    if (pak.rows.size() != static_cast<std::size_t>(kPakHeight))
        throw Error("<memory>", Error::kNoOffset, "PAK rows",
                    "a PAK file has " + std::to_string(kPakHeight) + " rows, not " +
                        std::to_string(pak.rows.size()));
    ByteWriter w;
    std::size_t offset = kPakOffsetTableSize;
    for (const std::vector<PakRun>& row : pak.rows) {
        w.u32(static_cast<std::uint32_t>(offset));
        offset += rowBytes(row);
    }
    w.reserve(offset);
    for (const std::vector<PakRun>& row : pak.rows)
        for (const PakRun& run : row) {
            w.u16(run.count);
            w.u8(run.value);
        }
    return w.take();
}

PakFile makePak(std::span<const std::uint8_t> values) {
    constexpr std::size_t kValues = static_cast<std::size_t>(kPakWidth) * kPakHeight;
    if (values.size() != kValues)
        throw Error("<memory>", Error::kNoOffset, "PAK values",
                    "a PAK picture is " + std::to_string(kPakWidth) + " x " + std::to_string(kPakHeight) +
                        " values, not " + std::to_string(values.size()));
    PakFile pak;
    pak.rows.resize(kPakHeight);
    for (int y = 0; y < kPakHeight; ++y) {
        const std::uint8_t* row = values.data() + static_cast<std::size_t>(y) * kPakWidth;
        for (int x = 0; x < kPakWidth;) {
            int n = 1;
            while (x + n < kPakWidth && row[x + n] == row[x] && n < 0xFFFF)
                ++n;
            pak.rows[static_cast<std::size_t>(y)].push_back({static_cast<std::uint16_t>(n), row[x]});
            x += n;
        }
    }
    return pak;
}

bool looksLikePak(ByteSpan bytes) {
    if (bytes.size() <= kPakOffsetTableSize) return false;
    ByteReader r(bytes, "");
    std::uint32_t previous = kPakOffsetTableSize;
    for (int row = 0; row < kPakHeight; ++row) {
        const std::uint32_t o = r.u32("PAK row offset");
        // Rows after the first start past the one before: readPak refuses rows sharing bytes.
        if ((row > 0 && o <= previous) || o >= bytes.size() || (row == 0 && o != kPakOffsetTableSize))
            return false;
        previous = o;
    }
    return true;
}

std::vector<std::uint8_t> pakValues(const PakFile& pak) {
    std::vector<std::uint8_t> values(static_cast<std::size_t>(kPakWidth) * kPakHeight, 0);
    for (std::size_t y = 0; y < pak.rows.size() && y < static_cast<std::size_t>(kPakHeight); ++y) {
        std::size_t x = 0;
        for (const PakRun& run : pak.rows[y]) {
            const std::size_t n = std::min<std::size_t>(run.count, kPakWidth - x);
            std::fill_n(values.begin() + static_cast<std::ptrdiff_t>(y * kPakWidth + x), n, run.value);
            x += n;
        }
    }
    return values;
}

std::string_view climateName(int value) {
    static constexpr std::array<std::string_view, 10> kNames{
        "ocean", "desert",      "desert2",        "mountain",  "rainforest",
        "swamp", "subtropical", "mountain_woods", "woodlands", "haunted_woodlands"};
    const int i = value - static_cast<int>(Climate::Ocean);
    return i >= 0 && i < static_cast<int>(kNames.size()) ? kNames[static_cast<std::size_t>(i)] : "unknown";
}

int climateAt(std::span<const std::uint8_t> values, MapsPixel pixel) {
    const int x = pixel.x + 1, y = pixel.y; // DFU: +1 "to line up with the height map"
    if (x < 0 || y < 0 || x >= kPakWidth || y >= kPakHeight ||
        values.size() != static_cast<std::size_t>(kPakWidth) * kPakHeight)
        return -1;
    return values[static_cast<std::size_t>(y) * kPakWidth + static_cast<std::size_t>(x)];
}

} // namespace rgx::loaders::daggerfall

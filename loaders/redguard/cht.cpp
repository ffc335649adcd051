#include "loaders/redguard/cht.h"

namespace rgx::loaders {

ChtFile readCht(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    ChtFile f;
    for (std::size_t i = 0; i < kChtSlots; ++i) {
        const std::string field =
            i < kCheatCount ? "CHT " + std::string(kCheatNames.names[i]) : "CHT slot " + std::to_string(i);
        f.slots[i] = r.u32(field);
        if (i >= kCheatCount && f.slots[i] != 0) {
            r.warnAt(i * 4, field,
                     std::to_string(f.slots[i]) + " in a slot past the 13 cheats (0 in practice); kept");
        }
    }
    if (!r.atEnd()) {
        r.warnAt(kChtFileSize, "CHT size",
                 std::to_string(r.remaining()) + " bytes after the 256 of the 64 slots ignored");
    }
    return f;
}

Bytes writeCht(const ChtFile& file) {
    ByteWriter w;
    for (std::uint32_t v : file.slots)
        w.u32(v);
    return w.take();
}

bool looksLikeCht(ByteSpan bytes) {
    if (bytes.size() != kChtFileSize) return false;
    for (std::size_t i = 0; i < kChtSlots; ++i) {
        const std::uint32_t v = std::uint32_t{bytes[4 * i]} | (std::uint32_t{bytes[4 * i + 1]} << 8) |
                                (std::uint32_t{bytes[4 * i + 2]} << 16) |
                                (std::uint32_t{bytes[4 * i + 3]} << 24);
        if (v > (i < kCheatCount ? 1u : 0u)) return false;
    }
    return true;
}

} // namespace rgx::loaders

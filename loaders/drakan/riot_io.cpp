#include "loaders/drakan/riot_io.h"

#include "base/error.h"

#include <zlib.h>

namespace rgx::loaders::drakan {

std::string readRiotString(ByteReader& r, const char* field) {
    const std::size_t at = r.pos();
    const std::uint16_t length = r.u16(field);
    if (length % 2 != 0)
        r.warnAt(at, field, "odd length " + std::to_string(length) + " (the text: always even)");
    return r.fixedString(length, field);
}

void writeRiotString(ByteWriter& w, const std::string& s) {
    const std::size_t padded = s.size() + (s.size() % 2);
    w.u16(static_cast<std::uint16_t>(padded));
    w.fixedString(s, padded);
}

RecordRef readRecordRef(ByteReader& r, const char* field) {
    RecordRef ref;
    ref.id = r.u16(field);
    ref.database = r.u16(field);
    return ref;
}

void writeRecordRef(ByteWriter& w, const RecordRef& ref) {
    w.u16(ref.id);
    w.u16(ref.database);
}

void warnTrailing(const ByteReader& r, const char* field) {
    if (!r.atEnd())
        r.warnAt(r.pos(), field, std::to_string(r.remaining()) + " bytes after the fields (dropped)");
}

Bytes deflateZlib(ByteSpan data, int level) {
    uLongf size = compressBound(static_cast<uLong>(data.size()));
    Bytes out(size);
    if (compress2(out.data(), &size, data.data(), static_cast<uLong>(data.size()), level) != Z_OK)
        throw Error("<memory>", Error::kNoOffset, "zlib", "zlib could not compress the data");
    out.resize(size);
    return out;
}

Bytes inflateZlib(ByteSpan stream, std::size_t expected, const std::string& path, std::size_t offset,
                  const char* field) {
    Bytes out(expected);
    uLongf size = static_cast<uLongf>(expected);
    // zlib writes nothing into a null buffer, so an empty expectation still gets a valid pointer.
    std::uint8_t none = 0;
    const int rc =
        uncompress(expected ? out.data() : &none, &size, stream.data(), static_cast<uLong>(stream.size()));
    if (rc != Z_OK || size != expected)
        throw Error(path, offset, field,
                    rc == Z_OK ? "the stream inflates to " + std::to_string(size) + " bytes, not " +
                                     std::to_string(expected)
                               : std::string("zlib: ") + (rc == Z_BUF_ERROR ? "the stream inflates past " +
                                                                                  std::to_string(expected) +
                                                                                  " bytes, or ends early"
                                                                            : "not a zlib stream"));
    return out;
}

} // namespace rgx::loaders::drakan

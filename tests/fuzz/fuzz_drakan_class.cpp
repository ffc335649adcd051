// The Riot Engine's class records on arbitrary bytes, read as each kind (a kind that rejects the
// bytes does not stop the others): what a reader accepts is written, and the rewrite reads back to
// the same bytes; every field of an accepted class is described (a slot, string or array past the
// data must say so, never read outside it).
#include "loaders/drakan/class_record.h"
#include "tests/fuzz/fuzz_target.h"

namespace {

// read(data) -> bytes; then write(read(bytes)) must be those bytes. A rejection of `data` is fine.
template <class Read, class Write>
void roundTrip(rgx::loaders::ByteSpan data, Read read, Write write, const char* what) {
    rgx::loaders::Bytes once;
    try {
        once = write(read(data));
    } catch (const rgx::Error&) {
        return;
    }
    rgx::fuzz::require(rgx::fuzz::sameBytes(RGX_FUZZ_MUST(write(read(once))), once), what);
}

} // namespace

RGX_FUZZ_TARGET(drakan_class) {
    namespace dk = rgx::loaders::drakan;
    roundTrip(
        data,
        [](rgx::loaders::ByteSpan b) {
            dk::ClassRecord c = dk::readClassRecord(b, "fuzz.odb");
            for (std::size_t i = 0; i < c.fields.size(); ++i)
                rgx::fuzz::require(!dk::describeFieldValue(c.fields[i], c.data, i).empty(),
                                   "empty description");
            return c;
        },
        [](const dk::ClassRecord& c) { return dk::writeClassRecord(c); }, "class rewrite differs");
    roundTrip(
        data, [](rgx::loaders::ByteSpan b) { return dk::readRflReference(b, "fuzz.odb"); },
        [](const dk::RflReference& r) { return dk::writeRflReference(r); }, "rfl reference rewrite differs");
    roundTrip(
        data, [](rgx::loaders::ByteSpan b) { return dk::readGroupName(b, "fuzz.odb"); },
        [](const std::string& n) { return dk::writeGroupName(n); }, "group name rewrite differs");
}

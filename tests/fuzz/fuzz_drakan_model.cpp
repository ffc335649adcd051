// The Riot Engine's model records (the mesh's, bounds, character data, LOD, group count) on
// arbitrary bytes, read as each kind (a kind that rejects the bytes does not stop the others): what
// a reader accepts is written, and the rewrite reads back to the same bytes (compared as bytes: a
// float may be NaN).
#include "loaders/drakan/model.h"
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

RGX_FUZZ_TARGET(drakan_model) {
    namespace dk = rgx::loaders::drakan;
    roundTrip(
        data, [](rgx::loaders::ByteSpan b) { return dk::readPolygons(b, "fuzz.mod"); },
        [](const std::vector<dk::Polygon>& p) { return dk::writePolygons(p); }, "polygons rewrite differs");
    roundTrip(
        data, [](rgx::loaders::ByteSpan b) { return dk::readTextureList(b, "fuzz.mod"); },
        [](const std::vector<dk::RecordRef>& t) { return dk::writeTextureList(t); },
        "texture list rewrite differs");
    roundTrip(
        data, [](rgx::loaders::ByteSpan b) { return dk::readVertices(b, "fuzz.mod"); },
        [](const dk::Vertices& v) { return dk::writeVertices(v); }, "vertices rewrite differs");
    roundTrip(
        data, [](rgx::loaders::ByteSpan b) { return dk::readModelName(b, "fuzz.mod"); },
        [](const dk::ModelName& m) { return dk::writeModelName(m); }, "model name rewrite differs");
    roundTrip(
        data, [](rgx::loaders::ByteSpan b) { return dk::readModelBounds(b, "fuzz.mod"); },
        [](const dk::ModelBounds& m) { return dk::writeModelBounds(m); }, "bounds rewrite differs");
    roundTrip(
        data, [](rgx::loaders::ByteSpan b) { return dk::readCharacterData(b, "fuzz.mod"); },
        [](const dk::CharacterData& c) { return dk::writeCharacterData(c); },
        "character data rewrite differs");
    roundTrip(
        data, [](rgx::loaders::ByteSpan b) { return dk::readModelLod(b, "fuzz.mod"); },
        [](const dk::ModelLod& l) { return dk::writeModelLod(l); }, "lod rewrite differs");
    roundTrip(
        data, [](rgx::loaders::ByteSpan b) { return dk::readModelGroupCount(b, "fuzz.mod"); },
        [](const dk::ModelGroupCount& g) { return dk::writeModelGroupCount(g); },
        "group count rewrite differs");
}

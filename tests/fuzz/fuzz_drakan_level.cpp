// A Drakan level on arbitrary bytes, read as a whole .lvl and as each record body (a kind that
// rejects the bytes does not stop the others): what a reader accepts is written, and the rewrite
// reads back to the same bytes (compared as bytes: a float may be NaN; the layers' streams are
// compressed anew, so the first rewrite may differ from the input).
#include "loaders/drakan/level.h"
#include "tests/fuzz/fuzz_target.h"

namespace {

// read(data) -> bytes; then write(read(bytes)) must be those bytes. A rejection of `data` is fine
// (false).
template <class Read, class Write>
bool roundTrip(rgx::loaders::ByteSpan data, Read read, Write write, const char* what) {
    rgx::loaders::Bytes once;
    try {
        once = write(read(data));
    } catch (const rgx::Error&) {
        return false;
    }
    rgx::fuzz::require(rgx::fuzz::sameBytes(RGX_FUZZ_MUST(write(read(once))), once), what);
    return true;
}

// The layers body with its marker, so that a marker other than 1 is written back.
struct Layers {
    std::vector<rgx::loaders::drakan::Layer> layers;
    std::uint32_t marker = 1;
};

} // namespace

RGX_FUZZ_TARGET(drakan_level) {
    namespace dk = rgx::loaders::drakan;
    rgx::loaders::Warnings warnings;
    bool accepted = roundTrip(
        data, [&](rgx::loaders::ByteSpan b) { return dk::readLevel(b, "fuzz.lvl", &warnings); },
        [](const dk::Level& l) { return dk::writeLevel(l); }, "level rewrite differs");
    accepted |= roundTrip(
        data, [](rgx::loaders::ByteSpan b) { return dk::readLevelInfo(b, "fuzz.lvl"); },
        [](const dk::LevelInfo& i) { return dk::writeLevelInfo(i); }, "level name rewrite differs");
    accepted |= roundTrip(
        data,
        [](rgx::loaders::ByteSpan b) {
            Layers l;
            l.layers = dk::readLayers(b, "fuzz.lvl", nullptr, &l.marker);
            return l;
        },
        [](const Layers& l) { return dk::writeLayers(l.layers, l.marker); }, "layers rewrite differs");
    accepted |= roundTrip(
        data, [](rgx::loaders::ByteSpan b) { return dk::readLayerGroups(b, "fuzz.lvl"); },
        [](const std::vector<dk::LayerGroup>& g) { return dk::writeLayerGroups(g); },
        "layer groups rewrite differs");
    accepted |= roundTrip(
        data, [](rgx::loaders::ByteSpan b) { return dk::readLevelObjects(b, "fuzz.lvl"); },
        [](const std::vector<dk::LevelObject>& o) { return dk::writeLevelObjects(o); },
        "objects rewrite differs");
    // The in-suite run counts acceptances: bytes no reader took are a rejection.
    if (!accepted) throw rgx::Error("fuzz.lvl", rgx::Error::kNoOffset, "", "no reader accepted the bytes");
}

// MAPS.BSA reader on arbitrary bytes. Read without warnings: written back byte for byte. Read
// with warnings (records out of the engine's order, laid out again, dropped): the rewrite reads
// back to the same regions. The block names rgx builds from every location never read outside
// their tables.
#include "loaders/daggerfall/maps.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(df_maps) {
    namespace df = rgx::loaders::daggerfall;
    rgx::Warnings warnings;
    const df::MapsArchive maps = df::readMaps(data, "fuzz.bsa", &warnings);
    for (const df::MapsRegion& region : maps.regions) {
        for (const df::MapsLocation& loc : region.locations) {
            df::mapsRmbBlockNames(loc.exterior);
            if (const df::MapsDungeon* d = df::findMapsDungeon(region, loc))
                for (const df::MapsDungeonBlock& b : d->blocks)
                    df::mapsRdbBlockName(b);
        }
    }
    const rgx::loaders::Bytes again = RGX_FUZZ_MUST(df::writeMaps(maps));
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "MAPS write(read(bytes)) != bytes");
        return;
    }
    rgx::fuzz::require(RGX_FUZZ_MUST(df::readMaps(again, "fuzz-rewrite.bsa")) == maps,
                       "MAPS read(write(x)) != x after a read with warnings");
}

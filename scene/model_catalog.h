#pragma once
// What a ROB archive (or a Riot model database, Drakan's .mod) opened whole holds, one entry per
// segment (model): the model viewer's catalogue.
// `rgx render --model FILE.ROB` without --segment draws it as a sheet of labelled thumbnails
// (renderer/views/catalog_layout.h) and the explorer lists it (docs/explore.md "Catalogue"), so a
// user sees every segment at its own scale instead of 500 models spread over 100,000 units.

#include <cstddef>
#include <string>
#include <string_view>

namespace rgx::scene {

// How a segment's model was found.
enum class SegmentKind {
    Model3d,     // an embedded 3D file (segment type 0)
    Menu3d,      // an embedded 3D file of a menu archive (segment type 256)
    External3dc, // a type-512 segment: the .3DC next to the ROB or in the game's fxart/
    Placeholder, // nothing readable: the magenta stand-in
    RiotModel,   // a model of a Riot model database (.mod, Drakan): scene/drakan/dk_engine.h
};

// "3D", "menu 3D", "3DC", "placeholder", "Riot model": what the labels and the lists say.
std::string_view segmentKindName(SegmentKind kind);

struct CatalogEntry {
    std::string name; // the segment's name
    SegmentKind kind = SegmentKind::Model3d;
    std::size_t faces = 0; // the model's faces (0 for a placeholder)
    int node = -1;         // into Scene::nodes: the node that draws it in the grid
};

} // namespace rgx::scene

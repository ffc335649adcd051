#include "scene/model_catalog.h"

namespace rgx::scene {

std::string_view segmentKindName(SegmentKind kind) {
    switch (kind) {
    case SegmentKind::Model3d:
        return "3D";
    case SegmentKind::Menu3d:
        return "menu 3D";
    case SegmentKind::External3dc:
        return "3DC";
    case SegmentKind::Placeholder:
        return "placeholder";
    case SegmentKind::RiotModel:
        return "Riot model";
    }
    return "?";
}

} // namespace rgx::scene

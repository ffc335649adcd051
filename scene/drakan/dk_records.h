#pragma once
// What the Inspector, search and MAP.json show of a Riot level's layers and objects and a model
// database's models (Scene::records): their fields in the format's own terms.

#include "loaders/drakan/class_record.h"
#include "loaders/drakan/level.h"
#include "loaders/drakan/model.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rgx::scene::drakan {

using Fields = std::vector<std::pair<std::string, std::string>>;

// A layer's id, name, type, size, origin, world height, heights, flags, light and visible layers.
Fields layerFields(const loaders::drakan::Layer& layer);

// Where an object's class and model were found, for its record.
struct ObjectContext {
    std::string className, classFile; // "" when the class was not found
    std::string modelName, modelFile; // "" when the class names no model or it was not found
};
// An object's id, class (its name and reference), model, position, rotation, scale, flags, links
// and every field of its class, the object's own values where it changes them ("(this object)").
Fields objectFields(const loaders::drakan::LevelObject& object, const loaders::drakan::ClassRecord* cls,
                    const ObjectContext& context);

// A model's id, name, shading, counts, texture references, and its LOD and bounds when it has them.
struct ModelSummary {
    std::uint16_t id = 0, group = 0;
    loaders::drakan::ModelName name;
    std::size_t vertices = 0, polygons = 0;
    std::vector<loaders::drakan::RecordRef> textures;
    std::optional<loaders::drakan::ModelLod> lod;
    std::string lodName;
    std::optional<loaders::drakan::ModelBounds> bounds;
    bool character = false;
};
Fields modelFields(const ModelSummary& model);

} // namespace rgx::scene::drakan

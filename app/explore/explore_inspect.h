#pragma once
// What the explorer's inspector shows for a selection (issue 32), without ImGui: the node as
// `rgx scene --json` prints it, its RGM record field by field as `rgx info --json` prints it
// (app/info/rgm_record_fields.h: the same rows), the model it draws as `rgx info --json` describes
// the model file, its textures, and for a terrain cell the WLD's height, texture and rotation.

#include "app/explore/explore_pick.h"
#include "app/info/rgm_record_fields.h"
#include "loaders/redguard/wld.h"
#include "scene/scene_graph.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace rgx::app {

// The RGM section a node's record is in (scene::nodeRgmSection); nullopt for the terrain, held
// items and model-viewer nodes.
std::optional<RgmSection> nodeSection(scene::NodeKind kind);

// The model a node draws: its file as `rgx info --json` describes it (app/info/info_model.h), or
// only the scene mesh's counts where the file is not at hand.
struct InspectedModel {
    std::string source;  // "fxart/FLAG001.3DC" or "fxart/ISLAND.ROB:HOUSE01"
    nlohmann::json info; // describeModel's keys (format, version, vertices, faces, textures, ...)
    std::string problem; // why the file could not be described ("" when it was)
};

struct Inspection {
    Selection selection;
    std::string kind; // the node kind's name, or "terrain cell"
    std::string name;
    nlohmann::json node; // sceneNodeJson (null for a cell)
    std::string section; // "MPSO", ... ("WLD" for a cell, "" without a record; another engine's kind)
    std::string file;    // another engine's record: the file it is in ("" for Redguard's)
    int index = -1;      // the record's index in its section
    std::vector<RecordField> fields;
    std::string recordProblem; // why the record is not shown ("" when it is)
    std::optional<InspectedModel> model;
    std::vector<int> textures; // into Scene::textures: what the node's meshes draw, for thumbnails
    int actor = -1;            // into Scene::redguard.actors: the Actors panel's entry
    int scriptObject = -1;     // into Scene::redguard.scriptObjects: the Scripts panel's entry
    std::string script;        // its script name
};

// Everything but the model's file description, which needs the game's files (the explorer adds
// it). rgm and wld are the world's files as read again for the inspector (null when not at hand).
Inspection inspect(const scene::Scene& scene, const Selection& selection, const loaders::Rgm* rgm,
                   const loaders::WldGrids* wld);

// The textures a node's meshes draw (every mesh it can show), and a flat's own; distinct, in order.
std::vector<int> nodeTextures(const scene::Scene& scene, const scene::SceneNode& node);

// The inspection as the `inspect=PATH` script action writes it: kind, name, node, section, index,
// fields ([{field, raw, decoded}]), model ({source, info, problem}), actor, script_object, script.
nlohmann::json inspectionJson(const Inspection& inspection);

} // namespace rgx::app

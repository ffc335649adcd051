#pragma once
// A System Shock level's palette and textures (docs/formats/systemshock_scene.md "Palette and
// textures"): GAMEPAL.RES's game palette, else rgx's stand-in palette (the demo's) with a warning;
// TEXTURE.RES's bitmaps for the texture ids a level uses, each read once at the largest size the
// file holds (128, 64, 32, then 16 pixels a side). A missing file, chunk or bitmap is a magenta
// stand-in with one warning, never an exception.

#include "loaders/bytes.h"
#include "loaders/systemshock/res_file.h"
#include "scene/game_fs.h"
#include "scene/scene_graph.h"

#include <map>
#include <optional>
#include <string>

namespace rgx::scene::systemshock {

// Where a System Shock data file lies in a game directory, any case: the install's DATA/, the
// Enhanced Edition's RES/DATA/, a CD's CDROM/DATA/ (the files left on the CD: ARCHIVE.DAT,
// GAMEPAL.RES) and HD/DATA/ (those an install copies: TEXTURE.RES), or the directory itself (spec
// §1.3; the Enhanced Edition's layout from Shockolate's instructions). The first that holds it, as
// a path relative to the directory ("DATA/TEXTURE.RES"); nothing when none does.
inline constexpr const char* kDataDirectories[] = {"DATA/", "RES/DATA/", "CDROM/DATA/", "HD/DATA/", ""};
std::optional<std::string> findDataFile(const GameFs& fs, const std::string& name);

class SystemShockMedia {
public:
    // Finds GAMEPAL.RES and TEXTURE.RES with findDataFile. Reads the palette into scene.palette.
    SystemShockMedia(const GameFs& fs, Scene& scene);

    // The index into scene.textures of texture `id` (0..272), or -1 when it cannot be had (said
    // once in the scene's warnings).
    int texture(int id);

private:
    const GameFs& fs_;
    Scene& scene_;
    bool textureFileRead_ = false;
    loaders::Bytes textureBytes_;
    std::optional<loaders::systemshock::ResDirectory> textureDirectory_;
    std::map<int, int> textures_;                                    // id -> scene texture, or -1
    std::map<std::uint16_t, loaders::systemshock::ResChunk> chunks_; // TEXTURE.RES's, unpacked once
};

} // namespace rgx::scene::systemshock

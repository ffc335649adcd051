// `rgx info` for Daggerfall's media: one ARCH3D.BSA record, TEXTURE.### files, .PAL palettes and
// the colour translation tables (SHADE.### / HAZE.###). Daggerfall's .COL files share Redguard's
// COL layout and are described by the "col" format. Keys: docs/formats/daggerfall_media.md.
#include "app/info/info_registry.h"
#include "loaders/daggerfall/arch3d.h"
#include "loaders/daggerfall/palette.h"
#include "loaders/daggerfall/texture.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <utility>

namespace rgx::app {

namespace {

namespace df = loaders::daggerfall;

bool digitsExtension(std::string_view ext) {
    return ext.size() == 3 &&
           std::all_of(ext.begin(), ext.end(), [](unsigned char c) { return std::isdigit(c); });
}

// Content only, and before Redguard's "3d" (priority 20), which takes any v2.x tag: the record's
// null words and its points-before-planes order tell the two apart (looksLikeArch3d).
bool detectArch3d(loaders::ByteSpan bytes, std::string_view) {
    return df::looksLikeArch3d(bytes);
}

nlohmann::json describeArch3d(loaders::ByteSpan bytes, const std::string& path, Warnings& warnings) {
    const df::Arch3dObject o = df::readArch3d(bytes, path, &warnings);
    nlohmann::json planes = nlohmann::json::array();
    std::set<std::pair<std::uint32_t, std::uint32_t>> textures;
    for (std::size_t i = 0; i < o.planes.size(); ++i) {
        // A file holds no BSA id, so packed UVs are not unpacked here.
        const df::Arch3dFace f = df::arch3dFace(o, i, df::kArch3dUnknownId);
        nlohmann::json uvs = nlohmann::json::array();
        for (const auto& uv : f.uvs)
            uvs.push_back({uv[0], uv[1]});
        planes.push_back({{"corners", f.positions.size()},
                          {"texture_archive", f.textureArchive},
                          {"texture_record", f.textureRecord},
                          {"solid", f.solid},
                          {"uvs", uvs}});
        textures.insert({f.textureArchive, f.textureRecord});
    }
    nlohmann::json textureList = nlohmann::json::array();
    for (const auto& [archive, record] : textures)
        textureList.push_back({archive, record});
    return {
        {"format", "daggerfall-arch3d"},
        {"version", df::arch3dVersionString(o.version)},
        {"point_count", o.points.size()},
        {"plane_count", o.planes.size()},
        {"radius", o.radius},
        {"object_data_count", o.rawObjectData ? o.rawObjectData->count : o.objectData.size()},
        {"object_data_parsed", !o.rawObjectData.has_value()},
        {"textures", textureList},
        {"planes", planes},
    };
}

// After TEXBSI (20): Redguard's banks share the ### extension and are found by their tags first.
bool detectTexture(loaders::ByteSpan bytes, std::string_view) {
    return df::looksLikeTexture(bytes);
}

nlohmann::json describeTexture(loaders::ByteSpan bytes, const std::string& path, Warnings& warnings) {
    const df::TextureFile f = df::readTexture(bytes, path, &warnings);
    nlohmann::json records = nlohmann::json::array();
    for (const df::TextureRecord& r : f.records) {
        records.push_back({{"width", r.width},
                           {"height", r.height},
                           {"frames", r.frames.size()},
                           {"compression", r.compression},
                           {"compression_name", df::textureCompressionName(r.compression)},
                           {"offset_x", r.offsetX},
                           {"offset_y", r.offsetY},
                           {"scale_x", r.scaleX},
                           {"scale_y", r.scaleY},
                           {"stored_body", r.storedBody.has_value()}});
    }
    return {{"format", "daggerfall-texture"}, {"name", f.name()}, {"records", records}};
}

// 768 bytes have no magic: the .pal extension is needed too.
bool detectPal(loaders::ByteSpan bytes, std::string_view ext) {
    return bytes.size() == df::kPalFileSize && ext == "pal";
}

nlohmann::json describePal(loaders::ByteSpan bytes, const std::string& path, Warnings& warnings) {
    const loaders::Palette256 p = df::readPal(bytes, path, &warnings);
    nlohmann::json colors = nlohmann::json::array();
    for (const loaders::ColorRgb& c : p)
        colors.push_back({c.r, c.g, c.b});
    return {{"format", "daggerfall-pal"}, {"colors", colors}};
}

// SHADE.000 / HAZE.001: exactly 64 x 256 bytes with a three-digit extension.
bool detectColourTranslation(loaders::ByteSpan bytes, std::string_view ext) {
    return bytes.size() == df::kColourTranslationFileSize && digitsExtension(ext);
}

nlohmann::json describeColourTranslation(loaders::ByteSpan bytes, const std::string& path,
                                         Warnings& warnings) {
    const df::ColourTranslationFile f = df::readColourTranslation(bytes, path, &warnings);
    nlohmann::json levels = nlohmann::json::array();
    for (const df::ColourTable& t : f.levels)
        levels.push_back(t);
    return {{"format", "daggerfall-colour-translation"}, {"levels", levels}};
}

} // namespace

RGX_REGISTER_INFO_FORMAT("daggerfall-arch3d", 15, detectArch3d, describeArch3d, "");
RGX_REGISTER_INFO_FORMAT("daggerfall-texture", 30, detectTexture, describeTexture, "");
RGX_REGISTER_INFO_FORMAT("daggerfall-pal", 90, detectPal, describePal, "pal");
RGX_REGISTER_INFO_FORMAT("daggerfall-colour-translation", 90, detectColourTranslation,
                         describeColourTranslation, "");

} // namespace rgx::app

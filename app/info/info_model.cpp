#include "app/info/info_model.h"

#include "app/info/info_registry.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <limits>
#include <set>

namespace rgx::app {

namespace {

using rgx::loaders::Model;
using rgx::loaders::Vec3i;

// [minx, miny, minz, maxx, maxy, maxz] in file units / 256; all zero for a model without vertices.
nlohmann::json bounds(const std::vector<Vec3i>& positions) {
    if (positions.empty()) return nlohmann::json::array({0.0, 0.0, 0.0, 0.0, 0.0, 0.0});
    std::int32_t lo[3] = {std::numeric_limits<std::int32_t>::max(), std::numeric_limits<std::int32_t>::max(),
                          std::numeric_limits<std::int32_t>::max()};
    std::int32_t hi[3] = {std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::min(),
                          std::numeric_limits<std::int32_t>::min()};
    for (const Vec3i& p : positions) {
        const std::int32_t c[3] = {p.x, p.y, p.z};
        for (int a = 0; a < 3; ++a) {
            lo[a] = std::min(lo[a], c[a]);
            hi[a] = std::max(hi[a], c[a]);
        }
    }
    nlohmann::json out = nlohmann::json::array();
    for (int a = 0; a < 3; ++a)
        out.push_back(lo[a] / 256.0);
    for (int a = 0; a < 3; ++a)
        out.push_back(hi[a] / 256.0);
    return out;
}

bool detectModel(rgx::loaders::ByteSpan bytes, std::string_view /*ext*/) {
    if (bytes.size() < 64) return false;
    for (const char* v : {"v2.6", "v2.7", "v4.0", "v5.0"}) {
        if (std::memcmp(bytes.data(), v, 4) == 0) return true;
    }
    return false;
}

std::string lowerExtension(const std::string& path) {
    auto dot = path.find_last_of('.');
    auto slash = path.find_last_of("/\\");
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
    std::string ext = path.substr(dot + 1);
    for (char& c : ext)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

nlohmann::json describeModelFile(rgx::loaders::ByteSpan bytes, const std::string& path,
                                 rgx::loaders::Warnings& warnings) {
    return describeModelAt(rgx::loaders::readModel(bytes, path, &warnings), path);
}

} // namespace

nlohmann::json describeModelAt(const Model& m, const std::string& path) {
    // Content decides; only a single-frame v2.x file whose 0x2C variant flag is neither 0 (.3D)
    // nor 1 (.3DC) is ambiguous, and there the extension settles it.
    if (isV2(m.version()) && m.frames.size() <= 1 && m.header.offsetVertexNormals > 1) {
        return describeModel(m, lowerExtension(path) == "3dc");
    }
    return describeModel(m);
}

nlohmann::json describeModel(const Model& m) {
    return describeModel(m, rgx::loaders::isAnimatedModelFile(m));
}

nlohmann::json describeModel(const Model& m, bool animated) {
    using namespace rgx::loaders;
    std::size_t solid = 0, textured = 0;
    std::set<std::pair<std::uint32_t, std::uint32_t>> textures;
    for (const ModelFace& f : m.faces) {
        FaceTexture t = decodeFaceTexture(m.version(), f.textureRaw);
        if (t.solid) {
            ++solid;
        } else {
            ++textured;
            textures.insert({t.textureId, t.imageId});
        }
    }
    nlohmann::json tex = nlohmann::json::array();
    for (const auto& [id, image] : textures)
        tex.push_back({id, image});
    nlohmann::json j = {
        {"format", animated ? "3dc" : "3d"},
        {"version", modelVersionString(m.version())},
        {"vertices", m.vertices.size()},
        {"faces", m.faces.size()},
        {"frames", m.header.numFrames},
        {"frame_type", m.frameType()},
        {"face_vertices", m.faceVertices.size()},
        {"solid_faces", solid},
        {"textured_faces", textured},
        {"bvh_nodes", m.bvh.size()},
        {"bounds", bounds(m.vertices)},
        {"textures", tex},
    };
    if (animated) {
        nlohmann::json frameBounds = nlohmann::json::array();
        const std::uint32_t decodable = decodableFrameCount(m);
        for (std::uint32_t k = 0; k < std::max<std::size_t>(m.frames.size(), 1); ++k) {
            frameBounds.push_back(k < decodable ? bounds(modelFrame(m, k).positions) : nlohmann::json());
        }
        j["frame_bounds"] = frameBounds;
    }
    return j;
}

} // namespace rgx::app

RGX_REGISTER_INFO_FORMAT("3d", 20, rgx::app::detectModel, rgx::app::describeModelFile, "3d 3dc");

#include "scene/daggerfall/df_media.h"

#include "base/error.h"
#include "loaders/daggerfall/pak.h"
#include "loaders/daggerfall/palette.h"
#include "loaders/daggerfall/rmb.h"
#include "loaders/palette.h"
#include "scene/model_mesh.h"
#include "scene/transforms.h"

#include <cmath>
#include <cstdio>
#include <numbers>

namespace rgx::scene::daggerfall {

namespace ldf = loaders::daggerfall;

Vec3 daggerfallToScene(double x, double y, double z) {
    return {x, -y, -z};
}

Mat4 unityToScene(const Mat4& unity) {
    Mat4 out = unity;
    // F M F: row 2 and column 2 change sign (their shared element twice, so it keeps its sign).
    for (int c = 0; c < 4; ++c)
        out.m[2][c] = -out.m[2][c];
    for (int r = 0; r < 4; ++r)
        out.m[r][2] = -out.m[r][2];
    return out;
}

Mat3 daggerfallEulerUnity(std::int32_t xAngle, std::int32_t yAngle, std::int32_t zAngle) {
    const double toRadians = -2.0 * std::numbers::pi / ldf::kDaggerfallAngleUnitsPerTurn;
    return rotationY(yAngle * toRadians) * rotationX(xAngle * toRadians) * rotationZ(zAngle * toRadians);
}

std::string texturePath(const std::string& prefix, int archive) {
    char name[32];
    std::snprintf(name, sizeof name, "TEXTURE.%03d", archive);
    return prefix + name;
}

int climateGroundArchive(int climate) {
    using ldf::Climate;
    switch (static_cast<Climate>(climate)) {
    case Climate::Desert:
    case Climate::Desert2:
    case Climate::Subtropical:
        return 2;
    case Climate::Mountain:
    case Climate::MountainWoods:
        return 102;
    case Climate::Ocean:
    case Climate::Rainforest:
    case Climate::Swamp:
        return 402;
    default: // woodlands, haunted woodlands, and DFU's default for the rest
        return kDefaultGroundArchive;
    }
}

DaggerfallMedia::DaggerfallMedia(const GameFs& fs, std::string prefix, Scene& scene)
    : fs_(fs), prefix_(std::move(prefix)), scene_(scene) {
    const std::string pal = prefix_ + "PAL.PAL";
    if (fs_.exists(pal)) {
        try {
            loaders::Warnings read;
            scene_.palette =
                fs_.decode(pal, [&](const loaders::Bytes& b) { return ldf::readPal(b, pal, &read); });
            appendWarningTexts(scene_.warnings, read);
            scene_.colPalette = true;
            return;
        } catch (const Error& e) {
            scene_.warnings.push_back(std::string(e.what()) + " (a grey palette is used)");
        }
    } else {
        scene_.warnings.push_back(pal + ": palette not found; a grey palette is used");
    }
    scene_.palette = loaders::greyPalette();
}

const ldf::TextureFile* DaggerfallMedia::textureFile(int archive) {
    if (auto it = files_.find(archive); it != files_.end()) return it->second ? &*it->second : nullptr;
    std::optional<ldf::TextureFile> file;
    const std::string path = texturePath(prefix_, archive);
    if (!fs_.exists(path)) {
        scene_.warnings.push_back(path + ": texture file not found; its images use a magenta stand-in");
    } else {
        try {
            loaders::Warnings read;
            file =
                fs_.decode(path, [&](const loaders::Bytes& b) { return ldf::readTexture(b, path, &read); });
            appendWarningTexts(scene_.warnings, read);
        } catch (const Error& e) {
            scene_.warnings.push_back(std::string(e.what()) + " (its images use a magenta stand-in)");
        }
    }
    const auto [it, added] = files_.emplace(archive, std::move(file));
    return it->second ? &*it->second : nullptr;
}

int DaggerfallMedia::texture(int archive, int record) {
    const auto key = std::make_pair(archive, record);
    if (auto it = textures_.find(key); it != textures_.end()) return it->second;
    SceneTexture t;
    t.textureId = archive;
    t.imageId = record;
    const ldf::TextureFile* file = textureFile(archive);
    if (file && record >= 0 && static_cast<std::size_t>(record) < file->records.size() &&
        !file->records[static_cast<std::size_t>(record)].frames.empty()) {
        const ldf::TextureRecord& r = file->records[static_cast<std::size_t>(record)];
        auto image = std::make_shared<IndexedImage>();
        image->name = file->name() + " " + std::to_string(record);
        image->width = r.width;
        image->height = r.height;
        image->frames = r.frames;
        image->frameSeconds = kDaggerfallFrameSeconds;
        t.name = image->name;
        t.width = r.width;
        t.height = r.height;
        t.image = std::move(image);
    } else {
        if (file)
            scene_.warnings.push_back(texturePath(prefix_, archive) + ": no record " +
                                      std::to_string(record) + "; a magenta stand-in is used");
        t.width = t.height = 16;
    }
    const int index = static_cast<int>(scene_.textures.size());
    scene_.textures.push_back(std::move(t));
    textures_.emplace(key, index);
    return index;
}

std::uint32_t DaggerfallMedia::material(const Material& m) {
    const auto key = std::make_tuple(m.solid, m.solid ? int{m.colorIndex} : m.texture);
    if (auto it = materials_.find(key); it != materials_.end()) return it->second;
    const auto index = static_cast<std::uint32_t>(scene_.materials.size());
    scene_.materials.push_back(m);
    materials_.emplace(key, index);
    return index;
}

std::uint32_t DaggerfallMedia::solid(std::uint8_t colorIndex) {
    Material m;
    m.solid = true;
    m.colorIndex = colorIndex;
    m.color = scene_.palette[colorIndex];
    return material(m);
}

std::uint32_t DaggerfallMedia::textured(int archive, int record) {
    Material m;
    m.solid = false;
    m.texture = texture(archive, record);
    m.placeholder = scene_.textures[static_cast<std::size_t>(m.texture)].image == nullptr;
    if (m.placeholder) m.color = {255, 0, 255};
    return material(m);
}

int DaggerfallMedia::model(std::uint32_t id) {
    if (auto it = models_.find(id); it != models_.end()) return it->second;
    const std::string archive = prefix_ + "ARCH3D.BSA";
    if (!arch3dTried_) {
        arch3dTried_ = true;
        if (!fs_.exists(archive)) {
            scene_.warnings.push_back(archive + ": not found; no 3D object can be drawn");
        } else {
            try {
                arch3d_ = fs_.read(archive);
                loaders::Warnings read;
                arch3dDirectory_ = ldf::readBsaDirectory(arch3d_, archive, &read);
                appendWarningTexts(scene_.warnings, read);
            } catch (const Error& e) {
                scene_.warnings.push_back(std::string(e.what()) + " (no 3D object can be drawn)");
            }
        }
    }
    int index = -1;
    const ldf::BsaRecord* record = arch3dDirectory_ ? ldf::findBsaRecordById(*arch3dDirectory_, id) : nullptr;
    if (arch3dDirectory_ && !record)
        scene_.warnings.push_back(archive + ": no object " + std::to_string(id) + "; it is not drawn");
    if (record) {
        const std::string path = archive + ":" + std::to_string(id);
        try {
            loaders::Warnings read;
            const ldf::Arch3dObject object =
                ldf::readArch3d(ldf::bsaRecordBytes(arch3d_, *record, archive), path, &read);
            appendWarningTexts(scene_.warnings, read);
            Mesh mesh;
            mesh.name = "object " + std::to_string(id);
            mesh.source = path;
            std::map<std::uint32_t, std::vector<std::uint32_t>> bySubmesh; // material -> indices
            for (std::size_t p = 0; p < object.planes.size(); ++p) {
                const ldf::Arch3dFace face = ldf::arch3dFace(object, p, id);
                if (face.positions.size() < 3) continue;
                const std::uint32_t mat = face.solid ? solid(face.colorIndex)
                                                     : textured(static_cast<int>(face.textureArchive),
                                                                static_cast<int>(face.textureRecord));
                const SceneTexture* tex =
                    face.solid ? nullptr
                               : &scene_.textures[static_cast<std::size_t>(scene_.materials[mat].texture)];
                const double w = tex ? std::max(1, tex->width) : 1, h = tex ? std::max(1, tex->height) : 1;
                const Vec3 n = normalized(daggerfallToScene(face.normal.x, face.normal.y, face.normal.z));
                const auto first = static_cast<std::uint32_t>(mesh.vertices.size());
                for (std::size_t c = 0; c < face.positions.size(); ++c) {
                    const Vec3 at =
                        daggerfallToScene(face.positions[c].x / 256.0, face.positions[c].y / 256.0,
                                          face.positions[c].z / 256.0);
                    const double u = face.solid ? 0 : face.uvs[c][0] / w,
                                 v = face.solid ? 0 : face.uvs[c][1] / h;
                    mesh.vertices.push_back(makeVertex(at, n, static_cast<float>(u), static_cast<float>(v)));
                    mesh.bounds.add(at);
                }
                // A fan, each triangle wound counter-clockwise about the plane's stored normal
                // (the corners' order is not relied on).
                std::vector<std::uint32_t>& out = bySubmesh[mat];
                for (std::uint32_t c = 1; c + 1 < face.positions.size(); ++c) {
                    const auto& vs = mesh.vertices;
                    const auto pos = [&](std::uint32_t i) {
                        return Vec3{vs[i].position[0], vs[i].position[1], vs[i].position[2]};
                    };
                    const Vec3 a = pos(first), b = pos(first + c), d = pos(first + c + 1);
                    const bool flip = dot(cross(b - a, d - a), n) < 0;
                    out.insert(out.end(),
                               {first, flip ? first + c + 1 : first + c, flip ? first + c : first + c + 1});
                }
            }
            for (const auto& [mat, indices] : bySubmesh) {
                mesh.submeshes.push_back({mat, static_cast<std::uint32_t>(mesh.indices.size()),
                                          static_cast<std::uint32_t>(indices.size())});
                mesh.indices.insert(mesh.indices.end(), indices.begin(), indices.end());
            }
            index = static_cast<int>(scene_.meshes.size());
            scene_.meshes.push_back(std::move(mesh));
            ++scene_.stats.modelsBuilt;
        } catch (const Error& e) {
            scene_.warnings.push_back(std::string(e.what()) + " (the object is not drawn)");
        }
    }
    models_.emplace(id, index);
    return index;
}

int DaggerfallMedia::flat(int archive, int record) {
    const int tex = texture(archive, record);
    if (auto it = flats_.find(tex); it != flats_.end()) return it->second;
    const SceneTexture& t = scene_.textures[static_cast<std::size_t>(tex)];
    Mesh mesh;
    mesh.name = "flat " + std::to_string(archive) + "/" + std::to_string(record);
    mesh.source = texturePath(prefix_, archive) + ":" + std::to_string(record);
    addUprightQuad(mesh, t.width, t.height, textured(archive, record));
    mesh.placeholder = t.image == nullptr;
    const int index = static_cast<int>(scene_.meshes.size());
    scene_.meshes.push_back(std::move(mesh));
    flats_.emplace(tex, index);
    return index;
}

} // namespace rgx::scene::daggerfall

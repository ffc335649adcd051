#include "scene/drakan/dk_assets.h"

#include "scene/drakan/dk_layer_mesh.h"

#include "base/error.h"
#include "loaders/text.h"

#include <algorithm>
#include <cmath>

namespace rgx::scene::drakan {

namespace dk = loaders::drakan;

namespace {

std::uint32_t packRgba(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
    return std::uint32_t{r} | (std::uint32_t{g} << 8) | (std::uint32_t{b} << 16) | (std::uint32_t{a} << 24);
}

Vec3 toVec(const std::array<float, 3>& p) {
    return {p[0] * kCellUnits, p[1] * kCellUnits, p[2] * kCellUnits};
}

} // namespace

std::string foldRiotPath(std::string_view path) {
    std::vector<std::string> parts;
    std::string part;
    const auto flush = [&] {
        if (part.empty() || part == ".") {
        } else if (part == ".." && !parts.empty() && parts.back() != "..") {
            parts.pop_back();
        } else {
            parts.push_back(part);
        }
        part.clear();
    };
    for (const char c : path) {
        if (c == '/' || c == '\\')
            flush();
        else
            part += c;
    }
    flush();
    std::string out;
    for (const std::string& p : parts)
        out += (out.empty() ? "" : "/") + p;
    return out;
}

std::uint8_t nearestPaletteIndex(const loaders::Palette256& palette, std::uint8_t r, std::uint8_t g,
                                 std::uint8_t b) {
    int best = 1;
    long bestDistance = -1;
    for (int i = 1; i < 256; ++i) {
        const loaders::ColorRgb& c = palette[static_cast<std::size_t>(i)];
        const long dr = c.r - r, dg = c.g - g, db = c.b - b;
        const long d = dr * dr + dg * dg + db * db;
        if (bestDistance < 0 || d < bestDistance) best = i, bestDistance = d;
    }
    return static_cast<std::uint8_t>(best);
}

loaders::Palette256 standInRiotPalette() {
    loaders::Palette256 p{};
    std::size_t i = 1;
    for (int r = 0; r < 6; ++r)
        for (int g = 0; g < 7; ++g)
            for (int b = 0; b < 6; ++b)
                p[i++] = {static_cast<std::uint8_t>(r * 51), static_cast<std::uint8_t>(g * 255 / 6),
                          static_cast<std::uint8_t>(b * 51)};
    for (int k = 0; i < 256; ++i, ++k)
        p[i] = {static_cast<std::uint8_t>(k * 255 / 2), static_cast<std::uint8_t>(k * 255 / 2),
                static_cast<std::uint8_t>(k * 255 / 2)};
    return p;
}

void RiotAssets::warn(std::string text) {
    scene_.warnings.push_back(std::move(text));
}

int RiotAssets::database(const std::string& path) {
    const std::string folded = foldRiotPath(path);
    if (auto it = byPath_.find(upperAscii(folded)); it != byPath_.end()) return it->second;
    Database db;
    db.path = folded;
    const std::string defPath = folded + ".db";
    const std::string dir =
        folded.find('/') == std::string::npos ? "" : folded.substr(0, folded.rfind('/') + 1);
    if (!fs_.exists(defPath)) {
        warn(defPath + ": missing; the database is read without its dependencies");
    } else {
        try {
            loaders::Warnings read;
            const dk::DbDefinition def = dk::readDbDefinition(fs_.read(defPath), defPath, &read);
            appendWarningTexts(scene_.warnings, read);
            for (const dk::DbDependency& d : def.dependencies)
                db.dependencies[d.index] = foldRiotPath(dir + d.path);
        } catch (const Error& e) {
            warn(std::string(e.what()) + " (the database is read without its dependencies)");
        }
    }
    dbs_.push_back(std::move(db));
    const int index = static_cast<int>(dbs_.size()) - 1;
    byPath_[upperAscii(folded)] = index;
    return index;
}

int RiotAssets::databaseWithDependencies(const std::string& path,
                                         const std::map<std::uint16_t, std::string>& dependencies) {
    Database db;
    db.path = path;
    for (const auto& [index, dep] : dependencies)
        db.dependencies[index] = foldRiotPath(dep);
    dbs_.push_back(std::move(db));
    return static_cast<int>(dbs_.size()) - 1;
}

std::optional<int> RiotAssets::resolve(int db, std::uint16_t index) {
    if (index == 0) return db;
    const Database& d = dbs_.at(static_cast<std::size_t>(db));
    const auto it = d.dependencies.find(index);
    if (it == d.dependencies.end()) {
        if (unlisted_.insert({db, index}).second)
            warn(d.path + ": a reference names dependency " + std::to_string(index) +
                 ", which it does not list");
        return std::nullopt;
    }
    return database(it->second);
}

std::vector<std::uint16_t> RiotAssets::dependencyIndices(int db) const {
    std::vector<std::uint16_t> out;
    for (const auto& [index, path] : dbs_.at(static_cast<std::size_t>(db)).dependencies)
        out.push_back(index);
    return out;
}

std::string RiotAssets::filePath(int db, std::string_view extension) const {
    return dbs_.at(static_cast<std::size_t>(db)).path + std::string(extension);
}

const dk::SrscFile* RiotAssets::file(int db, std::string_view extension) {
    Database& d = dbs_.at(static_cast<std::size_t>(db));
    auto it = d.files.find(std::string(extension));
    if (it == d.files.end()) {
        std::optional<dk::SrscFile> read;
        const std::string path = filePath(db, extension);
        if (!fs_.exists(path)) {
            warn(path + ": missing; what it holds is drawn as stand-ins");
        } else {
            try {
                loaders::Warnings w;
                read = fs_.decode(path,
                                  [&](const loaders::Bytes& bytes) { return dk::readSrsc(bytes, path, &w); });
                appendWarningTexts(scene_.warnings, w);
            } catch (const Error& e) {
                warn(std::string(e.what()) + " (what it holds is drawn as stand-ins)");
            }
        }
        it = dbs_.at(static_cast<std::size_t>(db))
                 .files.emplace(std::string(extension), std::move(read))
                 .first;
    }
    return it->second ? &*it->second : nullptr;
}

void RiotAssets::choosePalette(const std::vector<int>& first) {
    // The databases given, then every one they depend on, breadth first (64 at most).
    std::vector<int> databases = first;
    for (std::size_t i = 0; i < databases.size() && databases.size() < 64; ++i)
        for (const std::uint16_t index : dependencyIndices(databases[i]))
            if (const std::optional<int> d = resolve(databases[i], index))
                if (std::find(databases.begin(), databases.end(), *d) == databases.end())
                    databases.push_back(*d);
    for (const int db : databases) {
        if (!fs_.exists(filePath(db, ".txd"))) continue;
        const dk::SrscFile* txd = file(db, ".txd");
        if (!txd) continue;
        for (const dk::SrscRecord& r : txd->records) {
            if (r.type != dk::kPaletteRecord) continue;
            try {
                loaders::Warnings w;
                palette_ = dk::readPaletteRecord(r.body, filePath(db, ".txd"), &w);
                appendWarningTexts(scene_.warnings, w);
            } catch (const Error& e) {
                warn(e.what());
                continue;
            }
            loaders::Palette256 p{};
            for (std::size_t i = 0; i < p.size() && i < palette_->size(); ++i)
                p[i] = {(*palette_)[i].r, (*palette_)[i].g, (*palette_)[i].b};
            scene_.palette = p;
            return;
        }
    }
    scene_.palette = standInRiotPalette();
    warn("no texture database holds a palette (0x0030): rgx's stand-in colour cube is the software look's "
         "palette");
}

int RiotAssets::texture(int db, std::uint16_t id) {
    const auto key = std::pair{db, id};
    if (auto it = textures_.find(key); it != textures_.end()) return it->second;
    int slot = -1;
    const dk::SrscFile* txd = file(db, ".txd");
    const std::string path = filePath(db, ".txd");
    const dk::SrscRecord* record = txd ? dk::findSrscRecord(*txd, dk::kTextureRecord, id) : nullptr;
    if (txd && !record)
        warn(path + ": no texture " + std::to_string(id) + "; its faces are a magenta stand-in");
    if (record) {
        try {
            loaders::Warnings w;
            const dk::DrakanTexture t = dk::readTextureRecord(record->body, path, &w);
            appendWarningTexts(scene_.warnings, w);
            // An 8-bit texture takes its own database's palette (the scene's when that is the one).
            std::optional<dk::DrakanPalette> own;
            for (const dk::SrscRecord& r : txd->records)
                if (r.type == dk::kPaletteRecord) {
                    own = dk::readPaletteRecord(r.body, path);
                    break;
                }
            const std::vector<std::uint8_t> rgba = dk::decodeTexture(t,
                                                                     own        ? &*own
                                                                     : palette_ ? &*palette_
                                                                                : nullptr,
                                                                     path + ":" + std::to_string(id));
            auto image = std::make_shared<IndexedImage>();
            image->name = "texture " + std::to_string(id);
            image->width = static_cast<int>(t.width);
            image->height = static_cast<int>(t.height);
            loaders::Bytes indices(std::size_t{t.width} * t.height);
            std::vector<std::uint32_t> colour;
            if (t.bitsPerPixel != 8) colour.resize(indices.size());
            // The software look's indices: each colour's nearest entry of the scene's palette (an
            // 8-bit texel of the scene's own palette maps to itself, but for index 0 and repeated
            // colours: docs/formats/drakan_scene.md "Palette").
            for (std::size_t i = 0; i < indices.size(); ++i) {
                const std::uint8_t* p = &rgba[i * 4];
                if (!colour.empty()) colour[i] = packRgba(p[0], p[1], p[2], p[3]);
                if (p[3] < 128) {
                    indices[i] = 0; // cut out, as the hardware look's alpha test
                    continue;
                }
                const std::uint32_t key24 = packRgba(p[0], p[1], p[2], 0);
                auto hit = nearest_.find(key24);
                if (hit == nearest_.end())
                    hit =
                        nearest_.emplace(key24, nearestPaletteIndex(scene_.palette, p[0], p[1], p[2])).first;
                indices[i] = hit->second;
            }
            image->frames.push_back(std::move(indices));
            if (!colour.empty()) image->trueColour.push_back(std::move(colour));
            SceneTexture st;
            st.textureId = id;
            st.imageId = db;
            st.name = path + ":" + std::to_string(id);
            st.width = image->width;
            st.height = image->height;
            st.image = std::move(image);
            scene_.textures.push_back(std::move(st));
            slot = static_cast<int>(scene_.textures.size()) - 1;
        } catch (const Error& e) {
            warn(std::string(e.what()) + " (texture " + std::to_string(id) + " is a magenta stand-in)");
        }
    }
    textures_.emplace(key, slot);
    return slot;
}

std::uint32_t RiotAssets::material(int db, dk::RecordRef ref) {
    // Asked once a (database, reference): a layer asks for every triangle.
    const auto asked = std::tuple{db, ref.id, ref.database};
    if (auto it = asked_.find(asked); it != asked_.end()) return it->second;
    const std::optional<int> home = resolve(db, ref.database);
    const int tex = home ? texture(*home, ref.id) : -1;
    std::uint32_t index = 0;
    if (tex < 0) {
        if (!hasPlaceholder_) {
            Material m;
            m.solid = false;
            m.placeholder = true;
            scene_.materials.push_back(m);
            placeholder_ = static_cast<std::uint32_t>(scene_.materials.size() - 1);
            hasPlaceholder_ = true;
        }
        index = placeholder_;
    } else if (auto it = materials_.find({*home, ref.id}); it != materials_.end()) {
        index = it->second;
    } else {
        Material m;
        m.solid = false;
        m.texture = tex;
        scene_.materials.push_back(m);
        index = static_cast<std::uint32_t>(scene_.materials.size() - 1);
        materials_.emplace(std::pair{*home, ref.id}, index);
    }
    asked_.emplace(asked, index);
    return index;
}

std::string RiotAssets::modelName(int db, std::uint16_t id) {
    if (const dk::SrscFile* mod = file(db, ".mod"))
        if (const dk::SrscRecord* r = dk::findSrscRecord(*mod, dk::kModelNameRecord, id)) try {
                std::string name = dk::readModelName(r->body, filePath(db, ".mod")).name;
                if (!name.empty()) return name;
            } catch (const Error&) {
                // Building the mesh says what is wrong.
            }
    return "model " + std::to_string(id);
}

std::vector<std::uint16_t> RiotAssets::modelIds(int db) {
    std::vector<std::uint16_t> ids;
    if (const dk::SrscFile* mod = file(db, ".mod"))
        for (const dk::SrscRecord& r : mod->records)
            if (r.type == dk::kModelNameRecord) ids.push_back(r.id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

int RiotAssets::modelMesh(int db, std::uint16_t id) {
    const auto key = std::pair{db, id};
    if (auto it = meshes_.find(key); it != meshes_.end()) return it->second;
    int slot = -1;
    const std::string path = filePath(db, ".mod");
    try {
        const dk::SrscFile* mod = file(db, ".mod");
        if (!mod) throw Error(path, Error::kNoOffset, "model", "the model database cannot be read");
        const auto body = [&](std::uint16_t type) -> const dk::SrscRecord& {
            const dk::SrscRecord* r = dk::findSrscRecord(*mod, type, id);
            if (!r)
                throw Error(path, Error::kNoOffset, std::string(dk::srscRecordTypeName(type)),
                            "model " + std::to_string(id) + " has no " +
                                std::string(dk::srscRecordTypeName(type)) + " record");
            return *r;
        };
        loaders::Warnings w;
        const dk::ModelName name = dk::readModelName(body(dk::kModelNameRecord).body, path, &w);
        const dk::Vertices vertices = dk::readVertices(body(dk::kVerticesRecord).body, path, &w);
        const std::vector<dk::RecordRef> textures =
            dk::readTextureList(body(dk::kTextureListRecord).body, path, &w);
        const std::vector<dk::Polygon> polygons =
            dk::readPolygons(body(dk::kPolygonsRecord).body, path, &w, vertices.size());
        // A character draws its LOD 0: each of its meshes' polygons from its first up to the next
        // mesh's first (or the end), its corners counted from the mesh's first vertex. OpenDrakan
        // draws up to the next one too: the stored counts "sometimes do not cover all vertices and
        // polygons".
        struct Range {
            std::size_t first, end, base;
        };
        std::vector<Range> ranges;
        if (const dk::SrscRecord* c = dk::findSrscRecord(*mod, dk::kCharacterRecord, id)) {
            const dk::CharacterData data = dk::readCharacterData(c->body, path, &w);
            std::vector<const dk::LodMesh*> all;
            for (const std::vector<dk::LodMesh>& lod : data.lodMeshes)
                for (const dk::LodMesh& m : lod)
                    all.push_back(&m);
            const std::size_t lod0 = data.lodMeshes.empty() ? 0 : data.lodMeshes.front().size();
            for (std::size_t k = 0; k < lod0; ++k)
                ranges.push_back({all[k]->firstPolygon,
                                  k + 1 < all.size() ? all[k + 1]->firstPolygon : polygons.size(),
                                  all[k]->firstVertex});
        }
        if (ranges.empty()) ranges.push_back({0, polygons.size(), 0});
        appendWarningTexts(scene_.warnings, w);

        Mesh mesh;
        mesh.name = name.name;
        mesh.source = path + ":" + std::to_string(id);
        // Flat only when the flat bit is set without the smooth one; smooth otherwise (OpenDrakan
        // builds smooth normals for "none" too).
        const bool smooth = (name.shading & 0x03) != 0x01;
        // A vertex rgx can place: finite and within a million cells (a float past that would not
        // survive the scene's conversion to float).
        const auto placeable = [](const dk::Vec3f& v) {
            for (const float c : v)
                if (!std::isfinite(c) || std::fabs(c) > 1e6f) return false;
            return true;
        };
        std::size_t skipped = 0;
        const auto valid = [&](const dk::Polygon& p, std::size_t base) {
            if (p.corners.size() < 3) return false;
            for (const dk::PolygonCorner& c : p.corners)
                if (base + c.vertex >= vertices.size() || !placeable(vertices[base + c.vertex])) return false;
            return true;
        };
        // Polygons are stored clockwise seen from the front (OpenDrakan builds models with its
        // clockwise flag, layers without): the front normal is the corners' turn reversed.
        const auto faceNormal = [&](const dk::Polygon& p, std::size_t base) {
            const auto at = [&](std::size_t k) { return toVec(vertices[base + p.corners[k].vertex]); };
            Vec3 n{};
            for (std::size_t k = 1; k + 1 < p.corners.size(); ++k)
                n = n + cross(at(k + 1) - at(0), at(k) - at(0));
            return n;
        };
        // Smooth shading: each vertex's normal the sum of the faces' around it.
        std::vector<Vec3> vertexNormals(smooth ? vertices.size() : 0);
        std::map<std::uint32_t, std::vector<std::uint32_t>> byMaterial;
        for (int pass = smooth ? 0 : 1; pass < 2; ++pass) {
            for (const Range& range : ranges) {
                for (std::size_t i = range.first; i < range.end && i < polygons.size(); ++i) {
                    const dk::Polygon& p = polygons[i];
                    const std::size_t base = range.base;
                    if (!valid(p, base)) {
                        skipped += pass == 1;
                        continue;
                    }
                    const Vec3 n = faceNormal(p, base);
                    if (pass == 0) {
                        for (const dk::PolygonCorner& c : p.corners)
                            vertexNormals[base + c.vertex] = vertexNormals[base + c.vertex] + n;
                        continue;
                    }
                    const std::uint32_t material = p.texture < textures.size()
                                                       ? this->material(db, textures[p.texture])
                                                       : this->material(db, {0xFFFF, 0});
                    std::vector<std::uint32_t>& indices = byMaterial[material];
                    // Both faces of a double-sided polygon (flag 0x0002), the back with its normal turned.
                    for (const bool back : {false, true}) {
                        if (back && !(p.flags & 0x0002)) break;
                        const auto first = static_cast<std::uint32_t>(mesh.vertices.size());
                        for (const dk::PolygonCorner& c : p.corners) {
                            const Vec3 at = toVec(vertices[base + c.vertex]);
                            Vec3 normal = normalized(smooth && !back ? vertexNormals[base + c.vertex] : n);
                            if (back) normal = normal * -1.0;
                            // v runs up from the first stored row (the picture's bottom), as OpenDrakan
                            // samples it; rgx's images are top row first.
                            addMeshVertex(mesh, at, normal, c.u, 1.0f - c.v);
                        }
                        const auto count = static_cast<std::uint32_t>(p.corners.size());
                        for (std::uint32_t k = 1; k + 1 < count; ++k) { // a fan, turned counter-clockwise
                            if (back)
                                indices.insert(indices.end(), {first, first + k, first + k + 1});
                            else
                                indices.insert(indices.end(), {first, first + k + 1, first + k});
                        }
                    }
                }
            }
        }
        if (skipped)
            warn(mesh.source + ": " + std::to_string(skipped) +
                 " polygons name a vertex that is missing, not finite or past a million cells; not drawn");
        addSubmeshes(mesh, byMaterial);
        scene_.meshes.push_back(std::move(mesh));
        slot = static_cast<int>(scene_.meshes.size()) - 1;
        ++scene_.stats.modelsBuilt;
    } catch (const Error& e) {
        warn(std::string(e.what()) + " (model " + std::to_string(id) + " is not drawn)");
    }
    meshes_.emplace(key, slot);
    return slot;
}

const dk::ClassRecord* RiotAssets::classRecord(int db, std::uint16_t id) {
    const auto key = std::pair{db, id};
    auto it = classes_.find(key);
    if (it == classes_.end()) {
        std::optional<dk::ClassRecord> read;
        const std::string path = filePath(db, ".odb");
        if (const dk::SrscFile* odb = file(db, ".odb")) {
            if (const dk::SrscRecord* r = dk::findSrscRecord(*odb, dk::kClassRecord, id)) {
                try {
                    loaders::Warnings w;
                    read = dk::readClassRecord(r->body, path, &w);
                    appendWarningTexts(scene_.warnings, w);
                } catch (const Error& e) {
                    warn(e.what());
                }
            } else {
                warn(path + ": no class " + std::to_string(id));
            }
        }
        it = classes_.emplace(key, std::move(read)).first;
    }
    return it->second ? &*it->second : nullptr;
}

} // namespace rgx::scene::drakan

// Real game files (issue 12): the samples of ../shared/tools/real-samples.sh, found through
// RGX_REAL_SAMPLES=DIR. Without it every test here is skipped with a message saying how to run
// them (ctest shows them as skipped). They check the counts the game has, the reading policy on
// real bytes (no error, no warning), exact ROB round trips, model round trips through the
// writer, smooth normals where the indirection table addresses more normals than vertices, and a
// render of every segment with validation on.

#include "app/info/info_registry.h"
#include "export/gltf_export.h"
#include "loaders/file_io.h"
#include "loaders/redguard/model3d.h"
#include "loaders/redguard/rob.h"
#include "renderer/glide/glide_renderer.h"
#include "renderer/world/prepared_world.h"
#include "scene/model_mesh.h"
#include "scene/redguard/scene_builder.h"
#include "shaders/shared.h"
#include "sim/scene_animation.h"
#include "tests/renderer/glide_image.h"
#include "tests/renderer/vulkan_test_env.h"
#include "tests/support/gltf_readback.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <span>
#include <string>

namespace rgx {
namespace {

namespace fs = std::filesystem;

// The directory of samples, or nullopt (the caller skips).
std::optional<fs::path> samplesDir() {
    const char* dir = std::getenv("RGX_REAL_SAMPLES");
    if (!dir || !*dir) return std::nullopt;
    return fs::path(dir);
}

#define RGX_SKIP_WITHOUT_SAMPLES()                                                                           \
    if (!samplesDir()) {                                                                                     \
        GTEST_SKIP() << "RGX_REAL_SAMPLES is not set: real-sample test skipped (extract the "                \
                        "samples with ../shared/tools/real-samples.sh and point "                            \
                        "RGX_REAL_SAMPLES at them)";                                                         \
    }

// A named sample: it must be there when RGX_REAL_SAMPLES is set (the four files the tool extracts).
fs::path sample(const std::string& name) {
    const fs::path p = *samplesDir() / name;
    EXPECT_TRUE(fs::exists(p)) << p << " is missing from RGX_REAL_SAMPLES";
    return p;
}

// Every .ROB / .3D / .3DC in the directory (the four named ones and any other the user added).
std::vector<fs::path> allModelFiles() {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(*samplesDir())) {
        std::string ext = e.path().extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(),
                       [](unsigned char c) { return char(std::toupper(c)); });
        if (ext == ".ROB" || ext == ".3D" || ext == ".3DC") out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

bool isNamedSample(const fs::path& p) {
    const std::string n = p.filename().string();
    return n == "ISLAND.ROB" || n == "BELLTOWR.ROB" || n == "CYRSA001_glide.3DC" || n == "LHBM4.3DC";
}

nlohmann::json info(const fs::path& p) {
    const loaders::Bytes bytes = loaders::readFile(p);
    return app::describeFile(bytes, p.string());
}

// MENU.ROB: not one of real-samples.sh's files (that tool is not ours to change), so it is looked
// for beside them and its tests skip, saying how to extract it, when it is not there.
#define RGX_MENU_ROB_OR_SKIP(path)                                                                           \
    RGX_SKIP_WITHOUT_SAMPLES();                                                                              \
    const fs::path path = *samplesDir() / "MENU.ROB";                                                        \
    if (!fs::exists(path)) {                                                                                 \
        GTEST_SKIP()                                                                                         \
            << path.string()                                                                                 \
            << " is missing: real-samples.sh does not extract it; from the same mirror run "                 \
               "git --git-dir=MIRROR_GIT_DIR show "                                                          \
               "bd631e5ee46b371e0671f5101f1e836c21bb9e6e:MENU.ROB > \"$RGX_REAL_SAMPLES/MENU.ROB\"";         \
    }

// MENU.ROB's page models store their normal-index table once per frame (nine identical copies,
// docs/formats/models.md); the writer writes it once, so they read back equal, not byte for byte.
bool normalTablePerFrame(const loaders::Model& m) {
    const loaders::ModelHeader& h = m.header;
    return m.frames.size() > 1 && h.offsetNormalIndices != 0 &&
           h.offsetVertexNormals > h.offsetNormalIndices &&
           h.offsetVertexNormals - h.offsetNormalIndices ==
               std::uint64_t{4} * h.totalFaceVertices * m.frames.size();
}

TEST(RealSamples, IslandRobHasTheGamesCounts) {
    RGX_SKIP_WITHOUT_SAMPLES();
    const nlohmann::json j = info(sample("ISLAND.ROB"));
    ASSERT_EQ(j["format"], "rob");
    ASSERT_EQ(j["segments"].size(), 579u);
    std::size_t v50 = 0, external = 0;
    for (const auto& s : j["segments"]) {
        if (s["type"] == 512) {
            ++external;
            EXPECT_TRUE(s["model"].is_null());
        } else if (!s["model"].is_null() && s["model"]["version"] == "v5.0") {
            ++v50;
        }
    }
    EXPECT_EQ(v50, 522u);
    EXPECT_EQ(external, 57u);
    EXPECT_TRUE(j["warnings"].empty()) << j["warnings"].dump();
}

TEST(RealSamples, BelltowrRobReadsEveryV2Segment) {
    RGX_SKIP_WITHOUT_SAMPLES();
    const nlohmann::json j = info(sample("BELLTOWR.ROB"));
    ASSERT_EQ(j["segments"].size(), 98u);
    std::map<std::string, std::size_t> versions;
    for (const auto& s : j["segments"])
        versions[s["model"].is_null() ? "external" : s["model"]["version"].get<std::string>()] += 1;
    EXPECT_EQ(versions["v2.7"], 71u);
    EXPECT_EQ(versions["v2.6"], 1u);
    EXPECT_EQ(versions["external"], 26u);
    EXPECT_TRUE(j["warnings"].empty()) << j["warnings"].dump();
}

TEST(RealSamples, CyrusAndLhbm4HaveTheGamesCounts) {
    RGX_SKIP_WITHOUT_SAMPLES();
    const nlohmann::json cyrus = info(sample("CYRSA001_glide.3DC"));
    EXPECT_EQ(cyrus["format"], "3dc");
    EXPECT_EQ(cyrus["version"], "v4.0");
    EXPECT_EQ(cyrus["vertices"], 258);
    EXPECT_EQ(cyrus["faces"], 471);
    EXPECT_EQ(cyrus["frames"], 181);
    EXPECT_EQ(cyrus["frame_type"], 2);
    ASSERT_EQ(cyrus["frame_bounds"].size(), 181u);
    for (const auto& b : cyrus["frame_bounds"])
        EXPECT_FALSE(b.is_null()); // every frame decodes
    EXPECT_TRUE(cyrus["warnings"].empty()) << cyrus["warnings"].dump();

    const nlohmann::json lhbm = info(sample("LHBM4.3DC"));
    EXPECT_EQ(lhbm["format"], "3dc");
    EXPECT_EQ(lhbm["vertices"], 12);
    EXPECT_EQ(lhbm["frames"], 1);
    EXPECT_EQ(lhbm["frame_type"], 8);
    EXPECT_TRUE(lhbm["warnings"].empty()) << lhbm["warnings"].dump();
}

// notes.md: GR_COMP has 17 vertices and 25 vertex normals, all addressed by the table; every
// corner is lit smooth with the normal its table entry points at, never with the face normal.
TEST(RealSamples, NormalIndicesPastTheVertexCountGiveSmoothNormals) {
    RGX_SKIP_WITHOUT_SAMPLES();
    const loaders::Bytes bytes = loaders::readFile(sample("ISLAND.ROB"));
    const loaders::Rob rob = loaders::readRob(bytes, "ISLAND.ROB");
    const loaders::RobSegment& first = rob.segments.front();
    ASSERT_EQ(first.name, "GR_COMP");
    ASSERT_TRUE(first.model);
    const loaders::Model& m = *first.model;
    EXPECT_EQ(m.vertices.size(), 17u);
    EXPECT_EQ(m.vertexNormals.size(), 25u);
    ASSERT_EQ(m.normalIndices.size(), m.faceVertices.size());
    std::size_t beyondVertices = 0;
    for (std::size_t f = 0; f < m.faces.size(); ++f) {
        for (std::size_t c = 0; c < m.faces[f].vertexCount; ++c) {
            const std::uint32_t index = m.normalIndices[m.faces[f].firstVertex + c];
            ASSERT_LT(index, m.vertexNormals.size());
            beyondVertices += index >= m.vertices.size() ? 1 : 0;
            const loaders::VertexShading s = loaders::faceVertexShading(m, f, c);
            ASSERT_EQ(s.shading, loaders::Shading::Smooth) << "face " << f << " corner " << c;
            const loaders::Vec3f want = m.vertexNormals[index].value();
            EXPECT_EQ(s.normal.x, want.x);
            EXPECT_EQ(s.normal.y, want.y);
            EXPECT_EQ(s.normal.z, want.z);
        }
    }
    EXPECT_GT(beyondVertices, 0u); // the case the old reader rejected
}

// ROB archives write back byte for byte (the writer keeps payloads raw); every model reads back
// from the model writer as the laid-out model, and every v4.0 / v5.0 model whose frames the writer
// knows (all 522 of ISLAND.ROB, Cyrus, LHBM4) comes back byte for byte.
TEST(RealSamples, RoundTripThroughTheWriters) {
    RGX_SKIP_WITHOUT_SAMPLES();
    std::size_t models = 0, byteExact = 0;
    for (const fs::path& p : allModelFiles()) {
        SCOPED_TRACE(p.string());
        const loaders::Bytes bytes = loaders::readFile(p);
        std::vector<std::pair<std::string, const loaders::Model*>> list;
        std::vector<loaders::Bytes> stored;
        loaders::Rob rob;
        loaders::Model single;
        if (p.extension() == ".ROB" || p.extension() == ".rob") {
            loaders::Warnings warnings;
            rob = loaders::readRob(bytes, p.string(), &warnings);
            // The four samples of real-samples.sh read without a warning (so does MENU.ROB:
            // MenuRobPageModelsHaveNineFrames); other files added to the directory may warn.
            if (isNamedSample(p)) {
                EXPECT_TRUE(warnings.empty());
            }
            for (const Warning& w : warnings)
                std::cout << "warning: " << w.text() << "\n";
            EXPECT_EQ(loaders::writeRob(rob), bytes);
            for (const loaders::RobSegment& s : rob.segments) {
                if (!s.model) continue;
                list.push_back({s.name, &*s.model});
                stored.push_back(s.data);
            }
        } else {
            single = loaders::readModel(bytes, p.string());
            list.push_back({p.filename().string(), &single});
            stored.push_back(bytes);
        }
        for (std::size_t i = 0; i < list.size(); ++i) {
            SCOPED_TRACE(list[i].first);
            loaders::Model laid = *list[i].second;
            loaders::layoutModel(laid);
            const loaders::Bytes written = loaders::writeModel(*list[i].second);
            EXPECT_EQ(loaders::readModel(written, "<rewritten>"), laid);
            ++models;
            byteExact += written == stored[i] ? 1 : 0;
            // The writer lays v4.0 / v5.0 models out as the game's files are: byte for byte.
            // v2.x layouts vary (gaps, stale offsets) and are only held to the laid-out equality.
            // Where the writer knows every frame's layout: frames it cannot decode (v2.x frame
            // types) are not written; nor are the extra copies of MENU.ROB's page models' table.
            const loaders::Model& m = *list[i].second;
            if (!loaders::isV2(m.version()) && loaders::decodableFrameCount(m) >= m.frames.size() &&
                !normalTablePerFrame(m)) {
                EXPECT_TRUE(written == stored[i]) << "not byte for byte";
            }
        }
    }
    RecordProperty("models", static_cast<int>(models));
    RecordProperty("byte_exact_models", static_cast<int>(byteExact));
    std::cout << models << " models round-tripped, " << byteExact << " of them byte for byte\n";
}

// The acceptance of issue 12: mutated real samples (bytes flipped, truncated, sizes bumped) read
// by `rgx info --json`'s describer never crash or hang, and every error they raise names an
// offset. Larger files get fewer mutations (ISLAND.ROB is 3.6 MB).
TEST(RealSamples, MutatedSamplesNeverFailWithoutAnOffset) {
    RGX_SKIP_WITHOUT_SAMPLES();
    std::size_t inputs = 0, rejected = 0;
    for (const fs::path& p : allModelFiles()) {
        SCOPED_TRACE(p.string());
        const loaders::Bytes bytes = loaders::readFile(p);
        const std::size_t iterations = bytes.size() > (1u << 20) ? 500 : 5000;
        inputs += testing::runMutations(
                      {bytes},
                      [&](loaders::ByteSpan data) {
                          try {
                              (void)app::utf8Json(app::describeFile(data, p.string())).dump();
                              return true;
                          } catch (const Error& e) {
                              ++rejected;
                              if (e.offset() == Error::kNoOffset)
                                  ADD_FAILURE() << "error without an offset: " << e.what();
                              return false;
                          }
                      },
                      iterations, testing::fuzzSeed())
                      .runs;
    }
    RecordProperty("inputs", static_cast<int>(inputs));
    std::cout << inputs << " mutated inputs, " << rejected << " rejected with an offset\n";
}

// `rgx render --model F --segment S` for every segment of every sample: a scene that builds
// without warnings and draws pixels, with zero validation messages (the listener).
TEST(RealSamples, EverySegmentRenders) {
    RGX_SKIP_WITHOUT_SAMPLES();
    std::size_t rendered = 0;
    for (const fs::path& p : allModelFiles()) {
        std::vector<std::string> segments{""};
        const bool isRob = p.extension() == ".ROB" || p.extension() == ".rob";
        if (isRob) {
            segments.clear();
            for (const loaders::RobSegment& s : loaders::readRob(loaders::readFile(p), p.string()).segments)
                if (!s.isExternal()) segments.push_back(s.name);
        }
        for (const std::string& segment : segments) {
            SCOPED_TRACE(p.string() + (segment.empty() ? "" : ":" + segment));
            const scene::Scene s = scene::buildModelScene(p, nullptr, segment);
            ASSERT_EQ(s.stats.placeholders, 0u);
            const renderer::PreparedWorld world = renderer::prepareWorld(s);
            renderer::GlideRenderer r(test::vulkan(), world);
            const view::Camera view = world.views[0];
            renderer::FrameStats stats;
            const renderer::Rgba8Image image = test::renderToImage(r, {48, 48}, view, 0.0, {}, &stats);
            EXPECT_GT(stats.triangles, 0u);
            std::size_t differ = 0;
            for (std::size_t i = 0; i + 3 < image.pixels.size(); i += 4)
                differ +=
                    std::equal(image.pixels.begin() + i, image.pixels.begin() + i + 3, image.pixels.begin())
                        ? 0
                        : 1;
            EXPECT_GT(differ, 0u) << "nothing drawn";
            ++rendered;
        }
    }
    std::cout << rendered << " segments and files rendered\n";
}

// Per face of a frame, the stored face normal against the one recomputed from the frame's
// positions: the cosine between them and the stored normal's length (256 = 1.0). Degenerate
// faces (no direction to compare) and faces of fewer than 3 corners are left out.
struct FaceNormalAgreement {
    std::size_t face = 0;
    double cosine = 0, storedLength = 0;
};
std::vector<FaceNormalAgreement> faceNormalAgreement(const loaders::Model& model,
                                                     const loaders::ModelFrame& f) {
    std::vector<FaceNormalAgreement> out;
    for (std::size_t i = 0; i < model.faces.size(); ++i) {
        const loaders::ModelFace& face = model.faces[i];
        if (face.vertexCount < 3) continue;
        const auto at = [&](std::size_t c) {
            const loaders::Vec3i& v = f.positions[model.faceVertices[face.firstVertex + c].vertex];
            return std::array<double, 3>{double(v.x), double(v.y), double(v.z)};
        };
        const auto a = at(0), b = at(1), c = at(2);
        const double u[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]},
                     w[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
        const double x[3] = {u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
        const double lx = std::sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]);
        const loaders::Vec3f& s = f.faceNormals[i];
        const double ls = std::sqrt(double(s.x) * s.x + double(s.y) * s.y + double(s.z) * s.z);
        if (lx == 0 || ls == 0) continue;
        out.push_back({i, (x[0] * s.x + x[1] * s.y + x[2] * s.z) / (lx * ls), ls});
    }
    return out;
}

// Every frame after the first stores packed face normals (notes.md): per frame, they agree in
// direction with the normals recomputed from that frame's positions (pos_k = base - d_k).
TEST(RealSamples, CyrusStoredFaceNormalsAgreeWithEachFramesPositions) {
    RGX_SKIP_WITHOUT_SAMPLES();
    const fs::path p = sample("CYRSA001_glide.3DC");
    const loaders::Model model = loaders::readModel(loaders::readFile(p), p.string());
    const std::uint32_t frames = loaders::decodableFrameCount(model);
    ASSERT_EQ(frames, 181u);
    double worst = 1;
    for (std::uint32_t k = 1; k < frames; ++k) {
        const std::vector<FaceNormalAgreement> faces =
            faceNormalAgreement(model, loaders::modelFrame(model, k));
        double sum = 0;
        for (const FaceNormalAgreement& a : faces)
            sum += a.cosine;
        const std::size_t n = faces.size();
        ASSERT_GT(n, 400u) << "frame " << k;
        worst = std::min(worst, sum / static_cast<double>(n));
    }
    EXPECT_GT(worst, 0.99) << "the worst frame's mean dot product";
}

// Each resident frame is lit by its own normals: every corner's normal agrees with the one
// recomputed from that frame's positions (a flat corner: its face's; a smooth one: the sum of the
// faces around its vertex), and differs from frame 0's where the body has turned.
TEST(RealSamples, CyrusFramesCarryTheirOwnNormals) {
    RGX_SKIP_WITHOUT_SAMPLES();
    scene::Scene s = scene::buildModelScene(sample("CYRSA001_glide.3DC"), nullptr);
    ASSERT_EQ(s.meshes.size(), 1u);
    scene::Mesh& mesh = s.meshes[0];
    EXPECT_EQ(scene::addModelMeshFrames(mesh), "") << "every frame kept";
    const loaders::Model& model = *mesh.animation;
    using V = std::array<double, 3>;
    const auto unit = [](V v) {
        const double l = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        return l > 0 ? V{v[0] / l, v[1] / l, v[2] / l} : V{0, 0, 0};
    };
    double worstAgreement = 1;
    std::size_t turnedFrames = 0;
    for (std::uint32_t k = 1; k < mesh.frameCount; ++k) {
        const loaders::ModelFrame f = loaders::modelFrame(model, k);
        std::vector<V> faceNormal(model.faces.size()), vertexSum(f.positions.size(), V{0, 0, 0});
        for (std::size_t i = 0; i < model.faces.size(); ++i) {
            const loaders::ModelFace& face = model.faces[i];
            if (face.vertexCount < 3) continue;
            const auto at = [&](std::size_t c) {
                const loaders::Vec3i& v = f.positions[model.faceVertices[face.firstVertex + c].vertex];
                return V{double(v.x), double(v.y), double(v.z)};
            };
            const V a = at(0), b = at(1), c = at(2);
            const V u{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, w{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
            faceNormal[i] =
                unit({u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]});
            for (std::size_t corner = 0; corner < face.vertexCount; ++corner) {
                V& sum = vertexSum[model.faceVertices[face.firstVertex + corner].vertex];
                for (int a3 = 0; a3 < 3; ++a3)
                    sum[a3] += faceNormal[i][a3];
            }
        }
        const std::span<const scene::MeshVertex> corners = scene::meshFrameVertices(mesh, k);
        double agree = 0;
        std::size_t n = 0, turned = 0, at = 0;
        for (std::size_t i = 0; i < model.faces.size(); ++i) {
            const loaders::ModelFace& face = model.faces[i];
            if (face.vertexCount < 3) continue;
            for (std::size_t c = 0; c < face.vertexCount; ++c, ++at) {
                const bool flat = loaders::faceVertexShading(model, i, c).shading == loaders::Shading::Flat;
                const V e =
                    flat ? faceNormal[i] : unit(vertexSum[model.faceVertices[face.firstVertex + c].vertex]);
                const rgx::Vec3 want = scene::engineToScene({e[0], e[1], e[2]});
                const float* got = corners[at].normal;
                const float* rest = mesh.vertices[at].normal;
                if (e == V{0, 0, 0}) continue;
                agree += want.x * got[0] + want.y * got[1] + want.z * got[2];
                ++n;
                turned += got[0] * rest[0] + got[1] * rest[1] + got[2] * rest[2] < 0.95f ? 1 : 0;
            }
        }
        ASSERT_GT(n, 1000u) << "frame " << k;
        worstAgreement = std::min(worstAgreement, agree / static_cast<double>(n));
        turnedFrames += turned > n / 50 ? 1 : 0;
    }
    EXPECT_GT(worstAgreement, 0.97) << "the worst frame's mean dot product with recomputed normals";
    EXPECT_GT(turnedFrames, 100u) << "frames whose normals differ from frame 0's on 2% of the corners";
}

// MENU.ROB's four page models (MENUA001, MB_PG01-03: frame_type 0, 9 frames) hold a whole frame at
// each record (docs/formats/models.md): all nine decode, with a box inside the model's radius, the
// first of them frame 0's; frames 1-8 move the page (their boxes differ from frame 0's) in the
// base's own units (every frame leaves some vertices exactly where frame 0 has them), and each
// frame's stored face normals agree with its positions. The archive reads without a warning.
TEST(RealSamples, MenuRobPageModelsHaveNineFrames) {
    RGX_MENU_ROB_OR_SKIP(path);
    const nlohmann::json j = info(path);
    EXPECT_TRUE(j["warnings"].empty()) << j["warnings"].dump();
    const loaders::Rob rob = loaders::readRob(loaders::readFile(path), path.string());
    std::size_t pages = 0;
    for (std::size_t i = 0; i < rob.segments.size(); ++i) {
        const loaders::RobSegment& seg = rob.segments[i];
        const nlohmann::json& model = j["segments"][i]["model"];
        SCOPED_TRACE(seg.name);
        if (!seg.model || seg.model->frames.size() < 2) continue;
        ++pages;
        const loaders::Model& m = *seg.model;
        EXPECT_EQ(m.frameType(), 0u);
        ASSERT_EQ(m.frames.size(), 9u);
        ASSERT_EQ(loaders::decodableFrameCount(m), 9u);
        ASSERT_EQ(model["frame_bounds"].size(), 9u);
        EXPECT_EQ(model["frame_bounds"][0], model["bounds"]);
        const double radius = m.header.radius / 256.0;
        for (std::uint32_t k = 0; k < 9; ++k) {
            SCOPED_TRACE("frame " + std::to_string(k));
            const nlohmann::json& box = model["frame_bounds"][k];
            ASSERT_TRUE(box.is_array() && box.size() == 6u) << box.dump();
            for (int a = 0; a < 3; ++a) {
                EXPECT_LT(box[a].get<double>(), box[a + 3].get<double>());
                EXPECT_LE(std::abs(box[a].get<double>()), radius);
                EXPECT_LE(std::abs(box[a + 3].get<double>()), radius);
            }
            if (k > 0) {
                EXPECT_NE(box, model["bounds"]);
            }
            const loaders::ModelFrame f = loaders::modelFrame(m, k);
            std::size_t still = 0;
            for (std::size_t v = 0; v < m.vertices.size(); ++v)
                still += f.positions[v] == m.vertices[v] ? 1 : 0;
            EXPECT_GT(still, 0u);
            double worst = 1;
            for (const FaceNormalAgreement& a : faceNormalAgreement(m, f)) {
                EXPECT_NEAR(a.storedLength, 1.0, 0.01) << "face " << a.face; // 256 = 1.0, as frame 0's
                worst = std::min(worst, a.cosine);
            }
            EXPECT_GT(worst, 0.99) << "the worst face's dot product with its recomputed normal";
        }
        // The model viewer poses it (rgx render --model MENU.ROB --segment S --frame 8).
        scene::Scene s = scene::buildModelScene(path, nullptr, seg.name);
        ASSERT_EQ(s.meshes.size(), 1u);
        ASSERT_TRUE(s.meshes[0].animation);
        const std::vector<scene::MeshVertex> want = scene::modelMeshFrame(s.meshes[0], 8);
        scene::poseModelMesh(s.meshes[0], 8);
        ASSERT_EQ(s.meshes[0].vertices.size(), want.size());
        for (std::size_t v = 0; v < want.size(); ++v)
            ASSERT_EQ(s.meshes[0].vertices[v].position[0], want[v].position[0]);
        const nlohmann::json& box = model["frame_bounds"][8];
        EXPECT_NEAR(s.meshes[0].bounds.max.x, box[3].get<double>(), 1e-3);
        EXPECT_NEAR(s.meshes[0].bounds.min.x, box[0].get<double>(), 1e-3);
    }
    EXPECT_EQ(pages, 4u);
    // Two boxes worked out by hand from the bytes (raw / 256): MB_PG01's last frame, the page
    // turned over; MENUA001's fifth, the page standing up.
    const auto boxOf = [&](const std::string& name, std::size_t k) {
        for (std::size_t i = 0; i < rob.segments.size(); ++i)
            if (rob.segments[i].name == name) return j["segments"][i]["model"]["frame_bounds"][k];
        return nlohmann::json();
    };
    EXPECT_EQ(boxOf("MB_PG01", 8), nlohmann::json::array({49152 / 256.0, -65536 / 256.0, -9812 / 256.0,
                                                          147365 / 256.0, 65536 / 256.0, 1529 / 256.0}));
    EXPECT_EQ(boxOf("MENUA001", 4), nlohmann::json::array({-64512 / 256.0, -69120 / 256.0, -15359 / 256.0,
                                                           53545 / 256.0, 69120 / 256.0, 107627 / 256.0}));
}

// All 181 frames resident on the GPU and drawn one after another (validation on: any message
// fails): consecutive frames give different pictures. (No RGM of the samples names Cyrus, so
// the frames are posed directly rather than through his RAGR groups.)
TEST(RealSamples, CyrusPlaysThroughEveryFrame) {
    RGX_SKIP_WITHOUT_SAMPLES();
    scene::Scene s = scene::buildModelScene(sample("CYRSA001_glide.3DC"), nullptr);
    ASSERT_EQ(s.meshes.size(), 1u);
    EXPECT_EQ(scene::addModelMeshFrames(s.meshes[0]), "") << "every frame kept";
    ASSERT_EQ(s.meshes[0].frameCount, 181u);
    const renderer::PreparedWorld world = renderer::prepareWorld(s);
    renderer::GlideRenderer r(test::vulkan(), world);
    // Frames 1..180 resident on the GPU, kGlideVertexFloats floats a vertex (shaders/shared.h).
    EXPECT_EQ(r.animationBytes(),
              std::uint64_t{180} * s.meshes[0].vertices.size() * shaders::kGlideVertexFloats * sizeof(float));
    view::Camera view = world.views[0];
    sim::WorldState state = sim::restState(s);
    std::vector<sim::NodeState>& poses = state.nodes;
    std::vector<std::uint8_t> previous;
    std::size_t changed = 0;
    for (std::uint32_t k = 0; k < 181; ++k) {
        poses[0].frame = k;
        poses[0].animated = true;
        const renderer::Rgba8Image image =
            test::renderToImage(r, {48, 48}, view, 0.0, {}, nullptr, nullptr, &state);
        if (!previous.empty() && image.pixels != previous) ++changed;
        previous = image.pixels;
    }
    EXPECT_GT(changed, 150u) << "frames that looked like the one before";
}

// glTF export (issue 19): the island's ROB (every segment) and Cyrus's 3DC (its frames as morph
// targets) export and read back through assimp with their triangles.
TEST(RealSamples, IslandAndCyrusExportAsGltf) {
    RGX_SKIP_WITHOUT_SAMPLES();
    for (const char* name : {"ISLAND.ROB", "CYRSA001_glide.3DC"}) {
        SCOPED_TRACE(name);
        scene::Scene s = scene::buildModelScene(sample(name), nullptr);
        std::size_t triangles = 0, frames = 0;
        for (scene::Mesh& mesh : s.meshes) {
            if (mesh.animation && mesh.frameVertices.empty()) {
                EXPECT_EQ(scene::addModelMeshFrames(mesh), "");
            }
            for (const scene::Submesh& sub : mesh.submeshes)
                triangles += sub.indexCount / 3;
            if (mesh.animated) frames += mesh.frameCount - 1;
        }
        const fs::path out = fs::temp_directory_path() / (std::string("rgx_real_") + name + ".glb");
        const exporter::ExportStats stats = exporter::exportGltf(renderer::prepareWorld(s), nullptr, out, {});
        EXPECT_EQ(stats.morphTargets, frames);
        std::string error;
        const auto imported = testing::importWithAssimp(out, error);
        ASSERT_TRUE(imported) << error;
        std::size_t faces = 0, animMeshes = 0;
        for (unsigned m = 0; m < imported->scene->mNumMeshes; ++m) {
            faces += imported->scene->mMeshes[m]->mNumFaces;
            animMeshes = std::max<std::size_t>(animMeshes, imported->scene->mMeshes[m]->mNumAnimMeshes);
        }
        EXPECT_EQ(faces, triangles);
        EXPECT_GT(faces, 0u);
        if (frames > 0) {
            EXPECT_EQ(animMeshes, frames);
        }
        std::filesystem::remove(out);
    }
}

} // namespace
} // namespace rgx

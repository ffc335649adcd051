// The demo world's models: every file reads back and writes back byte-identically, every catalog
// model exists where the catalog says, shapes match the catalog's sizes, render modes, frames,
// textures and face orientation are what the rest of the demo and the renderer rely on.

#include "demo/demo.h"
#include "demo/demo_catalog.h"
#include "loaders/redguard/model3d.h"
#include "loaders/redguard/rob.h"
#include "tests/demo/demo_models_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <set>
#include <utility>

namespace rgx::demo {
namespace {

using loaders::Model;
using loaders::Rob;
using test::boundsOf;
using test::Box;
using test::centroid;
using test::faceCross;

const DemoTree& models() {
    static const DemoTree tree = [] {
        DemoTree t;
        auto start = std::chrono::steady_clock::now();
        addDemoModels(t, DemoOptions{});
        double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        std::printf("addDemoModels: %.1f ms\n", ms);
        return t;
    }();
    return tree;
}

const loaders::Bytes& file(std::string_view name) {
    auto it = models().find("fxart/" + std::string(name));
    if (it == models().end()) throw std::runtime_error("missing fxart/" + std::string(name));
    return it->second;
}

Rob rob(std::string_view name) {
    return loaders::readRob(file(name), std::string(name));
}

const std::array<const ModelInfo*, 25> kAll = {
    &kHouse,      &kHouseTall,     &kWall,  &kPalm,     &kPalm2,   &kDock,  &kLighthouse, &kBeam,    &kWindow,
    &kWaterPlane, &kRock,          &kCrate, &kRopeLink, &kRopeEnd, &kFlag,  &kWalkerA,    &kWalkerB, &kGuard,
    &kSword,      &kSwordSheathed, &kRoom,  &kCorridor, &kPillar,  &kTable, &kTorch};

// The model a catalog entry names: an embedded ROB segment or a stand-alone 3D / 3DC file.
Model modelOf(const ModelInfo& info) {
    if (info.file.ends_with(".ROB")) {
        for (const loaders::RobSegment& s : rob(info.file).segments)
            if (s.name == info.name && s.model) return *s.model;
        throw std::runtime_error("no embedded segment " + std::string(info.name));
    }
    return loaders::readModel(file(info.file), std::string(info.file));
}

bool usesMaterial(const Model& m, std::size_t f, Material mat) {
    loaders::FaceTexture t = loaders::decodeFaceTexture(m.version(), m.faces[f].textureRaw);
    TextureRef r = materialTexture(mat);
    return !t.solid && int(t.textureId) == r.textureId && int(t.imageId) == r.imageId;
}

TEST(DemoModels, WritesTheExpectedFilesOnly) {
    std::set<std::string> names;
    for (const auto& [path, bytes] : models())
        names.insert(path);
    EXPECT_EQ(names, (std::set<std::string>{"fxart/DUNGEON.ROB", "fxart/FLAG001.3DC", "fxart/GUARD001.3DC",
                                            "fxart/ISLAND.ROB", "fxart/SWORD001.3D", "fxart/SWORDH01.3D",
                                            "fxart/WALKA001.3DC", "fxart/WALKA002.3DC"}));
}

TEST(DemoModels, EveryFileReadsBackAndWritesBackByteIdentically) {
    for (const auto& [path, bytes] : models()) {
        SCOPED_TRACE(path);
        if (path.ends_with(".ROB")) {
            Rob r = loaders::readRob(bytes, path);
            EXPECT_EQ(loaders::writeRob(r), bytes);
            for (const loaders::RobSegment& s : r.segments)
                if (s.model) {
                    EXPECT_EQ(loaders::writeModel(*s.model), s.data) << s.name;
                }
        } else {
            Model m = loaders::readModel(bytes, path);
            EXPECT_EQ(loaders::writeModel(m), bytes);
        }
    }
}

TEST(DemoModels, EveryCatalogModelExistsInItsFile) {
    for (const ModelInfo* info : kAll) {
        SCOPED_TRACE(std::string(info->name));
        EXPECT_NO_THROW(modelOf(*info));
    }
    // The flag is also a type-512 reference in ISLAND.ROB whose stem names the .3DC file.
    bool found = false;
    for (const loaders::RobSegment& s : rob(kIslandRob).segments)
        if (s.name == kFlag.name) found = s.isExternal() && s.data.empty();
    EXPECT_TRUE(found);
    EXPECT_EQ(std::string(kFlag.file), std::string(kFlag.name) + ".3DC");
}

TEST(DemoModels, RenderModesAttributesAndVersions) {
    for (const auto& robName : {kIslandRob, kInteriorRob}) {
        for (const loaders::RobSegment& s : rob(robName).segments) {
            SCOPED_TRACE(s.name);
            std::uint8_t mode = s.name == kBeam.name         ? 0x5A
                                : s.name == kWindow.name     ? 0x8C
                                : s.name == kWaterPlane.name ? 0xC8
                                                             : 0xFF;
            EXPECT_EQ(loaders::robRenderMode(s), mode);
            EXPECT_EQ(s.flags & 0xFF, 0);
            bool palm = s.name == kPalm.name || s.name == kPalm2.name;
            EXPECT_EQ(s.attributes, palm ? 0x02 : 0x00);
            if (s.name == kFlag.name) continue;
            ASSERT_TRUE(s.model);
            EXPECT_EQ(s.type, loaders::kRobEmbedded);
            EXPECT_EQ(s.model->version(), loaders::ModelVersion::V50);
        }
    }
    Model water = modelOf(kWaterPlane);
    for (std::size_t f = 0; f < water.faces.size(); ++f)
        EXPECT_TRUE(usesMaterial(water, f, Material::WaterSurface));
    for (const ModelInfo* info : {&kWalkerA, &kWalkerB, &kGuard, &kFlag, &kSword})
        EXPECT_EQ(modelOf(*info).version(), loaders::ModelVersion::V40) << info->name;
    EXPECT_EQ(modelOf(kSword).frameType(), 0u);
    EXPECT_FALSE(loaders::isAnimatedModelFile(modelOf(kSword)));
}

TEST(DemoModels, WalkerIsSplitOverTwoType2FilesWithDifferentVertexCounts) {
    Model a = modelOf(kWalkerA), b = modelOf(kWalkerB);
    EXPECT_EQ(a.frameType(), 2u);
    EXPECT_EQ(b.frameType(), 2u);
    EXPECT_EQ(a.header.numFrames, 8u);
    EXPECT_EQ(b.header.numFrames, 8u);
    EXPECT_EQ(loaders::decodableFrameCount(a), 8u);
    EXPECT_EQ(loaders::decodableFrameCount(b), 8u);
    EXPECT_NE(a.vertices.size(), b.vertices.size());
}

double largestStep(const std::vector<loaders::Vec3i>& a, const std::vector<loaders::Vec3i>& b) {
    double worst = 0;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
        double dx = (double(a[i].x) - b[i].x) / 256, dy = (double(a[i].y) - b[i].y) / 256,
               dz = (double(a[i].z) - b[i].z) / 256;
        worst = std::max(worst, std::sqrt(dx * dx + dy * dy + dz * dz));
    }
    return worst;
}

TEST(DemoModels, AnimationFramesMoveSmoothlyAndLoop) {
    for (const ModelInfo* info : {&kWalkerA, &kWalkerB, &kGuard, &kFlag}) {
        SCOPED_TRACE(std::string(info->name));
        Model m = modelOf(*info);
        EXPECT_EQ(m.frameType(), 2u);
        ASSERT_GE(loaders::decodableFrameCount(m), 4u);
        std::vector<std::vector<loaders::Vec3i>> frames;
        for (std::uint32_t k = 0; k < loaders::decodableFrameCount(m); ++k)
            frames.push_back(loaders::modelFrame(m, k).positions);
        for (std::size_t k = 1; k < frames.size(); ++k) {
            EXPECT_NE(frames[k], frames[0]) << "frame " << k;
            EXPECT_GT(largestStep(frames[k], frames[k - 1]), 1) << "frame " << k;
            EXPECT_LT(largestStep(frames[k], frames[k - 1]), 45) << "frame " << k; // no jumps
        }
        if (info == &kGuard || info == &kFlag) {
            EXPECT_LT(largestStep(frames.back(), frames[0]), 45); // a loop
        }
    }
    // The walk continues from WALKA001's last frame into WALKA002's first and back: the files
    // share the body's vertices (WALKA002 appends its extra ones).
    Model a = modelOf(kWalkerA), b = modelOf(kWalkerB);
    EXPECT_LT(largestStep(loaders::modelFrame(a, 7).positions, loaders::modelFrame(b, 0).positions), 30);
    EXPECT_LT(largestStep(loaders::modelFrame(b, 7).positions, loaders::modelFrame(a, 0).positions), 30);
    EXPECT_GT(largestStep(loaders::modelFrame(a, 0).positions, loaders::modelFrame(b, 0).positions), 20);
}

TEST(DemoModels, GuardCarriesItsItemAtTheRightHand) {
    Model m = modelOf(kGuard);
    ASSERT_GT(m.vertices.size(), std::size_t(kGuardHandVertex));
    for (std::uint32_t k = 0; k < loaders::decodableFrameCount(m); ++k) {
        loaders::Vec3i hand = loaders::modelFrame(m, k).positions[kGuardHandVertex];
        EXPECT_GT(hand.x / 256.0, 15) << "frame " << k; // right side (+x)
        double height = -hand.y / 256.0;                // y points down
        EXPECT_GT(height, 60) << "frame " << k;
        EXPECT_LT(height, 130) << "frame " << k;
    }
    // Part of a face, so it moves with the hand's geometry.
    bool used = false;
    for (const loaders::FaceVertex& c : m.faceVertices)
        used = used || c.vertex == kGuardHandVertex;
    EXPECT_TRUE(used);
}

TEST(DemoModels, CharactersFaceNorthWithTheRightHandEast) {
    // Facing -z with the right hand on +x is the body's right in the engine's left-handed frame.
    for (const ModelInfo* info : {&kWalkerA, &kWalkerB, &kGuard}) {
        SCOPED_TRACE(std::string(info->name));
        Model m = modelOf(*info);
        std::size_t eyes = 0;
        for (std::size_t f = 0; f < m.faces.size(); ++f) {
            loaders::FaceTexture t = loaders::decodeFaceTexture(m.version(), m.faces[f].textureRaw);
            if (!t.solid || t.colorIndex != paletteIndex(Ramp::Grey, 1)) continue;
            EXPECT_LT(faceCross(m, f, m.vertices)[2], -0.99);
            EXPECT_LT(centroid(m, f)[2], -9);
            ++eyes;
        }
        EXPECT_EQ(eyes, 2u);
    }
}

TEST(DemoModels, BoundingBoxesMatchTheCatalogSizes) {
    for (const ModelInfo* info : kAll) {
        SCOPED_TRACE(std::string(info->name));
        Box b = boundsOf(modelOf(*info).vertices);
        for (int a = 0; a < 3; ++a) {
            double want = info->size[static_cast<std::size_t>(a)], got = b.extent(a);
            if (want == 0) {
                EXPECT_LT(got, 1) << "axis " << a;
            } else {
                EXPECT_GT(got, want / 1.5) << "axis " << a;
                EXPECT_LT(got, want * 1.5) << "axis " << a;
            }
        }
        // Standing models have their base at y = 0 and rise into negative y (y points down); the
        // beam and the sheathed sword hang from their origin instead.
        if (info != &kBeam && info != &kSwordSheathed && info->size[1] > 0) {
            EXPECT_NEAR(b.hi[1], 0, 3);
            EXPECT_LT(b.lo[1], -0.5 * info->size[1]);
        }
    }
}

TEST(DemoModels, FacesUseCatalogTexturesOrVisibleColours) {
    std::set<std::pair<int, int>> known;
    for (int m = 0; m < int(Material::Count); ++m) {
        TextureRef r = materialTexture(Material(m));
        known.insert({r.textureId, r.imageId});
    }
    for (const ModelInfo* info : kAll) {
        SCOPED_TRACE(std::string(info->name));
        Model m = modelOf(*info);
        std::size_t textured = 0;
        for (std::size_t f = 0; f < m.faces.size(); ++f) {
            loaders::FaceTexture t = loaders::decodeFaceTexture(m.version(), m.faces[f].textureRaw);
            if (t.solid) {
                EXPECT_NE(t.colorIndex, 0) << "face " << f; // index 0 is transparent
                continue;
            }
            ++textured;
            EXPECT_TRUE(known.count({int(t.textureId), int(t.imageId)})) << "face " << f;
            // UVs stay within a few texture repeats of the origin.
            for (const auto& uv : loaders::faceUvs(m, f)) {
                EXPECT_GE(uv[0], 0);
                EXPECT_GE(uv[1], 0);
                EXPECT_LT(uv[0], 32768);
                EXPECT_LT(uv[1], 32768);
            }
        }
        EXPECT_GT(textured, 0u);
    }
}

TEST(DemoModels, FrondsAndBeamCarryTheirWholePicture) {
    // A frond strip maps the frond image across its width, stem to tip along its length; each side
    // of the beam cone shows the whole glow from the lamp (v = 0) to the far end.
    struct Case {
        const ModelInfo* info;
        Material material;
        std::size_t minFaces;
    };
    for (const Case& c : {Case{&kPalm, Material::PalmLeaves, 50}, Case{&kPalm2, Material::PalmLeaves, 40},
                          Case{&kBeam, Material::Beam, 12}}) {
        SCOPED_TRACE(std::string(c.info->name));
        Model m = modelOf(*c.info);
        TextureRef t = materialTexture(c.material);
        std::size_t faces = 0;
        std::int32_t vMin = 1 << 30, vMax = -(1 << 30);
        for (std::size_t f = 0; f < m.faces.size(); ++f) {
            if (!usesMaterial(m, f, c.material)) continue;
            ++faces;
            auto uv = loaders::faceUvs(m, f);
            std::int32_t uMin = 1 << 30, uMax = -(1 << 30);
            for (const auto& p : uv) {
                uMin = std::min(uMin, p[0]);
                uMax = std::max(uMax, p[0]);
                vMin = std::min(vMin, p[1]);
                vMax = std::max(vMax, p[1]);
            }
            EXPECT_EQ(uMin, 0) << "face " << f;
            EXPECT_EQ(uMax, t.width * 16) << "face " << f;
        }
        EXPECT_GE(faces, c.minFaces);
        EXPECT_EQ(vMin, 0);
        EXPECT_EQ(vMax, t.height * 16);
    }
    // The beam's lamp end (the apex, v = 0) is at the origin.
    Model beam = modelOf(kBeam);
    for (std::size_t f = 0; f < beam.faces.size(); ++f) {
        auto uv = loaders::faceUvs(beam, f);
        for (std::size_t i = 0; i < uv.size(); ++i) {
            const loaders::Vec3i& p = beam.vertices[beam.faceVertices[beam.faces[f].firstVertex + i].vertex];
            EXPECT_EQ(uv[i][1] == 0, p == loaders::Vec3i{}) << "face " << f;
        }
    }
}

TEST(DemoModels, StoredNormalsFollowTheWindingOfEveryFace) {
    for (const ModelInfo* info : kAll) {
        SCOPED_TRACE(std::string(info->name));
        Model m = modelOf(*info);
        for (std::size_t f = 0; f < m.faces.size(); ++f) {
            ASSERT_GE(m.faces[f].vertexCount, 3);
            auto n = faceCross(m, f, m.vertices);
            const loaders::Vec3i& s = m.faceNormals[f];
            EXPECT_GT((n[0] * s.x + n[1] * s.y + n[2] * s.z) / 256.0, 0.98) << "face " << f;
        }
    }
}

TEST(DemoModels, OutsidesFaceOutAndInteriorsFaceIn) {
    // Convex solids: every face points away from the centre.
    for (const ModelInfo* info : {&kCrate, &kWindow, &kRopeLink}) {
        Model m = modelOf(*info);
        Box b = boundsOf(m.vertices);
        for (std::size_t f = 0; f < m.faces.size(); ++f) {
            auto n = faceCross(m, f, m.vertices);
            auto c = centroid(m, f);
            double d = 0;
            for (std::size_t a = 0; a < 3; ++a)
                d += n[a] * (c[a] - (b.lo[a] + b.hi[a]) / 2);
            EXPECT_GT(d, 0) << info->name << " face " << f;
        }
    }
    // Plastered walls and the lighthouse tower point away from the vertical axis; roofs point up
    // (negative y in the file); the water faces up.
    for (const ModelInfo* info : {&kHouse, &kHouseTall, &kLighthouse}) {
        Model m = modelOf(*info);
        for (std::size_t f = 0; f < m.faces.size(); ++f) {
            auto n = faceCross(m, f, m.vertices);
            auto c = centroid(m, f);
            if (usesMaterial(m, f, Material::Plaster)) {
                EXPECT_GT(n[0] * c[0] + n[2] * c[2], 0) << info->name << " " << f;
            }
            if (usesMaterial(m, f, Material::RoofTile)) {
                EXPECT_LT(n[1], -0.3) << info->name << " " << f;
            }
        }
    }
    Model water = modelOf(kWaterPlane);
    for (std::size_t f = 0; f < water.faces.size(); ++f)
        EXPECT_LT(faceCross(water, f, water.vertices)[1], -0.99);
    // Rooms and corridors are seen from inside: floor up, ceiling down, walls towards the middle.
    for (const ModelInfo* info : {&kRoom, &kCorridor}) {
        Model m = modelOf(*info);
        std::size_t checked = 0;
        for (std::size_t f = 0; f < m.faces.size(); ++f) {
            if (!usesMaterial(m, f, Material::Floor) && !usesMaterial(m, f, Material::StoneWall)) continue;
            auto n = faceCross(m, f, m.vertices);
            auto c = centroid(m, f);
            double inward = -(n[0] * c[0] + n[1] * (c[1] + info->size[1] / 2.0) + n[2] * c[2]);
            EXPECT_GT(inward, 0) << info->name << " face " << f;
            ++checked;
        }
        EXPECT_GT(checked, 50u) << info->name;
    }
}

TEST(DemoModels, RoomsHaveDoorwaysACorridorFits) {
    // Every wall of ROOM01 leaves a corridor-wide, 300-unit-high opening in its middle; the
    // rest of the wall is closed.
    Model m = modelOf(kRoom);
    auto covered = [&](double x, double y, double z) {
        for (std::size_t f = 0; f < m.faces.size(); ++f) {
            if (!usesMaterial(m, f, Material::StoneWall)) continue;
            Box b;
            const loaders::ModelFace& face = m.faces[f];
            std::vector<loaders::Vec3i> corners;
            for (std::size_t i = 0; i < face.vertexCount; ++i)
                corners.push_back(m.vertices[m.faceVertices[face.firstVertex + i].vertex]);
            b = boundsOf(corners);
            if (x >= b.lo[0] && x <= b.hi[0] && -y >= b.lo[1] && -y <= b.hi[1] && z >= b.lo[2] &&
                z <= b.hi[2])
                return true;
        }
        return false;
    };
    for (double t : {-120.0, 0.0, 120.0}) {
        for (double y : {10.0, 150.0, 290.0}) {
            EXPECT_FALSE(covered(t, y, -512));
            EXPECT_FALSE(covered(t, y, 512));
            EXPECT_FALSE(covered(-512, y, t));
            EXPECT_FALSE(covered(512, y, t));
        }
    }
    for (double t : {-300.0, 300.0}) {
        EXPECT_TRUE(covered(t, 150, -512));
        EXPECT_TRUE(covered(t, 150, 512));
        EXPECT_TRUE(covered(-512, 150, t));
        EXPECT_TRUE(covered(512, 150, t));
    }
    EXPECT_TRUE(covered(0, 350, 512)); // above the doorway
    EXPECT_TRUE(covered(512, 350, 0));
}

TEST(DemoModels, DetailIsWhereTheIslandNeedsIt) {
    for (const ModelInfo* info : {&kHouse, &kHouseTall, &kLighthouse, &kPalm, &kPalm2}) {
        std::size_t n = modelOf(*info).vertices.size();
        EXPECT_GE(n, 300u) << info->name;
        EXPECT_LE(n, 900u) << info->name;
    }
    for (const ModelInfo* info : {&kCrate, &kRopeLink, &kRopeEnd, &kTorch, &kSword, &kSwordSheathed})
        EXPECT_LT(modelOf(*info).vertices.size(), 200u) << info->name;
    std::size_t vertices = 0, faces = 0;
    for (const ModelInfo* info : kAll) {
        Model m = modelOf(*info);
        std::printf("%-9s %5zu vertices %5zu faces\n", std::string(info->name).c_str(), m.vertices.size(),
                    m.faces.size());
        vertices += m.vertices.size();
        faces += m.faces.size();
    }
    std::printf("total     %5zu vertices %5zu faces\n", vertices, faces);
}

TEST(DemoModels, Deterministic) {
    DemoTree a, b;
    addDemoModels(a, DemoOptions{Scale::Small, 1});
    addDemoModels(b, DemoOptions{Scale::Island, 7});
    EXPECT_EQ(a, b); // the scale and seed do not change the models
    EXPECT_EQ(a, models());
}

} // namespace
} // namespace rgx::demo

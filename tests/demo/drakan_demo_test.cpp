// The demo's Drakan directory (demo/drakan/): every file reads back through its reader with no
// warnings (and the SRSC containers write back byte for byte); the textures use every pixel
// format the text lists; the tree names a lower level of detail; the classes name models that
// exist; the level has two layers and objects whose classes exist; the generator is deterministic.
#include "demo/drakan/data.h"
#include "loaders/drakan/class_record.h"
#include "loaders/drakan/db_definition.h"
#include "loaders/drakan/level.h"
#include "loaders/drakan/model.h"
#include "loaders/drakan/srsc.h"
#include "loaders/drakan/texture.h"
#include "tests/loaders/warning_checks.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>

namespace rgx::demo::drakan {
namespace {

namespace dk = rgx::loaders::drakan;

const DrakanTree& data() {
    static const DrakanTree tree = buildDrakanDemo();
    return tree;
}

dk::SrscFile srsc(const std::string& name) {
    const loaders::Bytes& bytes = data().at(name);
    const dk::SrscFile file =
        rgx::testing::readQuietly(name, [&](Warnings* w) { return dk::readSrsc(bytes, name, w); });
    EXPECT_EQ(dk::writeSrsc(file), bytes) << name;
    return file;
}

TEST(DrakanDemo, DefinitionsListTheirDependencies) {
    for (const char* name : {"Common/Textures.db", "Common/Models.db", "Common/Classes.db"}) {
        const dk::DbDefinition db = rgx::testing::readQuietly(
            name, [&](Warnings* w) { return dk::readDbDefinition(data().at(name), name, w); });
        EXPECT_EQ(dk::writeDbDefinition(db), data().at(name)) << name;
    }
    const dk::DbDefinition models = dk::readDbDefinition(data().at("Common/Models.db"), "Models.db");
    ASSERT_EQ(models.dependencies.size(), 1u);
    EXPECT_EQ(models.dependencies[0].index, 1);
    EXPECT_EQ(models.dependencies[0].path, "Textures");
    EXPECT_TRUE(data().count("Dragon.rrc"));
}

TEST(DrakanDemo, TexturesUseEveryPixelFormat) {
    const dk::SrscFile txd = srsc("Common/Textures.txd");
    const dk::DrakanPalette palette =
        dk::readPaletteRecord(dk::findSrscRecord(txd, dk::kPaletteRecord, 0)->body, "Textures.txd");
    EXPECT_EQ(palette.size(), 256u);
    std::set<std::pair<int, int>> formats; // (bits, alpha bits)
    bool transparent = false;
    for (const dk::SrscRecord& r : txd.records) {
        if (r.type != dk::kTextureRecord) continue;
        const dk::DrakanTexture t = rgx::testing::readQuietly(
            "texture", [&](Warnings* w) { return dk::readTextureRecord(r.body, "Textures.txd", w); });
        formats.insert(
            {t.bitsPerPixel, (t.flags & dk::kTextureIntegratedAlpha) ? int(t.alphaBitsPerPixel) : -1});
        const std::vector<std::uint8_t> rgba = dk::decodeTexture(t, &palette, "Textures.txd");
        for (std::size_t i = 3; i < rgba.size(); i += 4)
            transparent = transparent || rgba[i] == 0;
    }
    const std::set<std::pair<int, int>> want{{8, -1}, {16, -1}, {24, -1}, {32, -1},
                                             {16, 1}, {16, 4},  {16, 8}};
    EXPECT_EQ(formats, want);
    EXPECT_TRUE(transparent) << "the leaves have holes";
}

TEST(DrakanDemo, ModelsReadAndTheTreeHasALowerDetail) {
    const dk::SrscFile mod = srsc("Common/Models.mod");
    int models = 0;
    for (const dk::SrscRecord& r : mod.records) {
        if (r.type != dk::kModelNameRecord) continue;
        ++models;
        const auto body = [&](std::uint16_t type) { return dk::findSrscRecord(mod, type, r.id)->body; };
        const dk::Vertices v = rgx::testing::readQuietly(
            "vertices", [&](Warnings* w) { return dk::readVertices(body(dk::kVerticesRecord), "m", w); });
        const auto polygons = rgx::testing::readQuietly("polygons", [&](Warnings* w) {
            return dk::readPolygons(body(dk::kPolygonsRecord), "m", w, v.size());
        });
        EXPECT_FALSE(polygons.empty());
    }
    EXPECT_EQ(models, 5);
    const dk::SrscRecord* lod = dk::findSrscRecord(mod, dk::kLodRecord, 3);
    ASSERT_NE(lod, nullptr);
    EXPECT_EQ(dk::readModelLod(lod->body, "m").model, 4);
    EXPECT_NE(dk::findSrscRecord(mod, dk::kModelNameRecord, 4), nullptr);
    EXPECT_NE(dk::findSrscRecord(mod, dk::kBoundsRecord, 1), nullptr);
}

TEST(DrakanDemo, ClassesNameModelsThatExist) {
    const dk::SrscFile odb = srsc("Common/Classes.odb");
    const dk::SrscFile mod = srsc("Common/Models.mod");
    int classes = 0;
    for (const dk::SrscRecord& r : odb.records) {
        if (r.type != dk::kClassRecord) continue;
        ++classes;
        const dk::ClassRecord c = rgx::testing::readQuietly(
            "class", [&](Warnings* w) { return dk::readClassRecord(r.body, "Classes.odb", w); });
        EXPECT_EQ(c.fields.size() <= c.data.size(), true) << c.name;
        if (c.model.id != 0) {
            EXPECT_EQ(c.model.database, 1) << c.name;
            EXPECT_NE(dk::findSrscRecord(mod, dk::kModelNameRecord, c.model.id), nullptr) << c.name;
        }
    }
    EXPECT_EQ(classes, 5);
}

TEST(DrakanDemo, TheLevelHasTwoLayersAndObjectsOfKnownClasses) {
    const loaders::Bytes& bytes = data().at(kDemoLevel);
    const dk::Level level = rgx::testing::readQuietly(
        "level", [&](Warnings* w) { return dk::readLevel(bytes, "Valley.lvl", w); });
    EXPECT_EQ(dk::writeLevel(level), bytes);
    ASSERT_EQ(level.layers.size(), 2u);
    EXPECT_EQ(level.layers[1].type, dk::LayerType::Between);
    const dk::SrscFile odb = srsc("Common/Classes.odb");
    EXPECT_GE(level.objects.size(), 10u);
    for (const dk::LevelObject& o : level.objects) {
        EXPECT_EQ(o.classRef.database, 3);
        EXPECT_NE(dk::findSrscRecord(odb, dk::kClassRecord, o.classRef.id), nullptr) << o.id;
    }
}

TEST(DrakanDemo, IsDeterministic) {
    EXPECT_EQ(buildDrakanDemo(), data());
}

} // namespace
} // namespace rgx::demo::drakan

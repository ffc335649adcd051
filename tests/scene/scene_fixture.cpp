#include "tests/scene/scene_fixture.h"

#include "loaders/file_io.h"
#include "loaders/redguard/col.h"
#include "loaders/redguard/model3d.h"
#include "loaders/redguard/rgm.h"
#include "loaders/redguard/rob.h"
#include "loaders/redguard/texbsi.h"
#include "loaders/redguard/wld.h"
#include "loaders/redguard/world_ini.h"
#include "tests/support/scratch_dir.h"

namespace rgx::scene::test {

using namespace rgx::loaders;

std::filesystem::path freshTempDir(const std::string& tag) {
    return rgx::testing::freshScratchDir("rgx_scene_" + tag);
}

namespace {

// A box in engine units (y down: the top is at y = -64), textured with (texture, image) on the
// sides and a solid colour (index 7) on the top face.
Model boxModel(std::uint32_t texture, std::uint32_t image) {
    ModelSpec spec;
    const int h = kBoxHalf * 256, t = -kBoxHeight * 256;
    spec.positions = {{-h, 0, -h}, {h, 0, -h}, {h, 0, h}, {-h, 0, h},
                      {-h, t, -h}, {h, t, -h}, {h, t, h}, {-h, t, h}};
    auto textured = [&](std::vector<std::uint32_t> v) {
        ModelFaceSpec f;
        f.vertices = std::move(v);
        f.uvs = {{0, 0}, {8 * 16, 0}, {8 * 16, 8 * 16}, {0, 8 * 16}};
        f.textureId = texture;
        f.imageId = image;
        return f;
    };
    spec.faces.push_back(textured({0, 1, 5, 4}));
    spec.faces.push_back(textured({1, 2, 6, 5}));
    ModelFaceSpec top;
    top.vertices = {4, 5, 6, 7};
    top.solidColor = 7;
    spec.faces.push_back(top);
    return buildModel(spec);
}

Bytes texbsiBank(int bank, int images, int w, int h) {
    TexbsiFile file;
    for (int i = 0; i < images; ++i) {
        char name[16];
        std::snprintf(name, sizeof name, "T%d%03d", bank % 100, i);
        file.images.push_back(makeTexbsiImage(
            name, w, h, {Bytes(static_cast<std::size_t>(w * h), static_cast<std::uint8_t>(16 + i))}));
    }
    if (bank == 170) {
        // Image 1: animated, two frames, with its own palette (CMAP) and tex_scale 2.0.
        Palette256 cmap{};
        cmap[16] = {1, 2, 3};
        const Bytes frame(static_cast<std::size_t>(w * h), 16);
        file.images[1] = makeTexbsiImage("T70001", w, h, {frame, frame}, cmap, 71, 512);
    }
    return writeTexbsi(file);
}

RgmPos24 pos(int x, int y, int z) {
    RgmPos24 p;
    p.x = x;
    p.y = y;
    p.z = z;
    return p;
}

} // namespace

Fixture::Fixture(const std::string& tag) : dir(freshTempDir(tag)) {
    // WORLD.INI with the real file's habits: backslashes, odd case, palette under 3DART\.
    WorldIni ini;
    WorldEntry outdoor;
    outdoor.id = 0;
    outdoor.map = "MAPS\\Test.RGM";
    outdoor.world = "MAPS\\TEST.wld";
    outdoor.palette = "3DART\\test.COL";
    outdoor.sky = "SYSTEM\\SKY.GXA";
    outdoor.sun = std::array<std::int64_t, 4>{1, 2, 3, 4};
    outdoor.wave = std::array<std::int64_t, 3>{5, 6, 7};
    ini.worlds[0] = outdoor;
    WorldEntry interior;
    interior.id = 1;
    interior.map = "maps\\inside.rgm";
    interior.palette = "3DART\\test.COL";
    ini.worlds[1] = interior;
    ini.startWorld = 0;
    writeFile(dir / "WORLD.INI", writeWorldIni(ini));

    ColFile col;
    for (int i = 0; i < 256; ++i)
        col.colors[static_cast<std::size_t>(i)] = {static_cast<std::uint8_t>(i), 0,
                                                   static_cast<std::uint8_t>(255 - i)};
    writeFile(dir / "fxart" / "test.col", writeCol(col));

    writeFile(dir / "fxart" / "TEXBSI.170", texbsiBank(170, 2, 8, 8));
    writeFile(dir / "fxart" / "texbsi.172", texbsiBank(172, 2, kFlatWidth, kFlatHeight));
    writeFile(dir / "fxart" / "TEXBSI.302", texbsiBank(302, 32, 4, 4));

    Rob rob;
    rob.segments.push_back(robModelSegment("BOX", boxModel(170, 0)));
    RobSegment window = robModelSegment("WIN", boxModel(170, 1));
    window.flags = 0x8C00;
    rob.segments.push_back(window);
    rob.segments.push_back(robExternalSegment("EXT"));
    writeFile(dir / "fxart" / "TEST.ROB", writeRob(rob));

    Model ext = boxModel(170, 1);
    setAnimationFrames(ext, 2, {ext.vertices, ext.vertices});
    writeFile(dir / "fxart" / "EXT.3DC", writeModel(ext));
    writeFile(dir / "fxart" / "Direct.3d", writeModel(boxModel(170, 0)));

    WldGrids grids;
    grids.heightIndex.assign(kWldGridCells, 10);
    grids.textureIndex.assign(kWldGridCells, 2);
    grids.rotation.assign(kWldGridCells, 0);
    // A 3x3 block of water vertices at rows/columns 0..2: 2x2 = 4 water cells.
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c)
            grids.textureIndex[static_cast<std::size_t>(r) * 256 + c] = (r + c) % 2 ? 30 : 0;
    }
    grids.heightIndex[2 * 256 + 3] = 50;
    grids.rotation[5 * 256 + 5] = 1;
    writeFile(dir / "maps" / "TEST.WLD", writeWld(makeWld(grids)));

    Rgm rgm;
    RgmMpob box;
    box.id = 1;
    box.scriptName = "CRATE";
    box.modelName = "BOX";
    box.pos = pos(1000, -200, 3000);
    box.angles = {0, 512, 0};
    RgmMpob actor;
    actor.id = 2;
    actor.scriptName = "ACTOR";
    actor.pos = pos(10, 20, 30);
    RgmMpob sound;
    sound.id = 3;
    sound.scriptName = "WATERSND";
    sound.pos = pos(5, 6, 7);
    RgmMpob truncated;
    truncated.id = 4;
    truncated.scriptName = "THING";
    truncated.modelName = "DIRECT.3";
    rgm.mpob = {box, actor, sound, truncated};
    RgmActor a;
    a.scriptName = "ACTOR";
    a.raanCount = 1;
    a.raanOffset = 0;
    a.raexOffset = 0;
    rgm.rahd.actors = {a};
    rgm.raan = {RgmRaanEntry{0, 1, 'c', "fxart\\EXT.3DC"}};
    std::array<std::int16_t, 15> raex{};
    raex[5] = kSkinTexture;
    rgm.raex = {raex};
    RgmMpso st;
    st.id = 5;
    st.modelName = "WIN";
    st.pos = pos(-100, 0, 200);
    st.matrix = {0, 1 << 28, 0, -(1 << 28), 0, 0, 0, 0, 1 << 28};
    rgm.mpso = {st};
    RgmMprp rope;
    rope.id = 6;
    rope.pos = pos(500, -1000, 700);
    rope.length = 3;
    rope.ropeModel = "BOX";
    rope.staticModel = "DIRECT";
    rgm.mprp = {rope};
    RgmMpsf flat;
    flat.id = 7;
    flat.pos = pos(40, -50, 60);
    flat.textureData = static_cast<std::uint16_t>((172 << 7) | 1);
    rgm.mpsf = {flat};
    RgmMpsl light;
    light.rgb = {255, 128, 0};
    light.lightType = 130;
    light.pos = pos(1, -2, 3);
    rgm.mpsl = {light};
    RgmMpmk marker;
    marker.pos = pos(7, -8, 9);
    rgm.mpmk = {marker};
    writeFile(dir / "maps" / "TEST.RGM", writeRgm(rgm));

    Rgm inside;
    RgmMpso wall;
    wall.modelName = "BOX";
    wall.matrix = {1 << 28, 0, 0, 0, 1 << 28, 0, 0, 0, 1 << 28};
    inside.mpso = {wall};
    writeFile(dir / "maps" / "INSIDE.RGM", writeRgm(inside));
}

Fixture::~Fixture() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
}

} // namespace rgx::scene::test

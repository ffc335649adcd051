#include "tests/support/hand_scene.h"

#include "scene/redguard/materials.h"

#include "loaders/redguard/gxa.h"

namespace rgx::test {

loaders::WorldEntry sunAlongZ() {
    loaders::WorldEntry w;
    w.sun = std::array<std::int64_t, 4>{0, 0, 1000, 102};
    w.sunRgb = std::array<std::int64_t, 4>{255, 255, 255, 100};
    w.ambient = 32;
    w.ambientRgb = std::array<std::int64_t, 3>{255, 255, 255};
    return w;
}

loaders::WorldEntry fullAmbient() {
    loaders::WorldEntry w;
    w.ambient = 128;
    w.ambientRgb = std::array<std::int64_t, 3>{255, 255, 255};
    return w;
}

std::unique_ptr<HandScene> texturedQuadScene(const std::vector<loaders::Bytes>& frames, int animDelayMs,
                                             const float (&corners)[4][4], float z,
                                             const std::array<std::uint32_t, 6>& indices) {
    auto q = std::make_unique<HandScene>();
    q->image = loaders::makeTexbsiImage("HAND", 8, 8, frames, std::nullopt, animDelayMs);
    scene::Scene& s = q->scene;
    scene::SceneTexture tex;
    tex.width = tex.height = 8;
    tex.image = scene::texbsiIndexedImage(loaders::TexbsiImage(q->image));
    s.textures.push_back(tex);
    scene::Material m;
    m.solid = false;
    m.texture = 0;
    s.materials.push_back(m);
    scene::Mesh mesh;
    mesh.name = "hand";
    for (const auto& c : corners) {
        mesh.vertices.push_back({{c[0], c[1], z}, {0, 0, 1}, {c[2], c[3]}});
        mesh.bounds.add(rgx::Vec3{c[0], c[1], z});
    }
    mesh.indices.assign(indices.begin(), indices.end());
    mesh.submeshes.push_back({0, 0, 6});
    s.meshes.push_back(mesh);
    return q;
}

loaders::Palette256 greyRampPalette() {
    loaders::Palette256 p{};
    for (std::size_t i = 0; i < p.size(); ++i)
        p[i] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i)};
    return p;
}

scene::Scene skyScene() {
    scene::Scene s;
    s.palette = greyRampPalette();
    s.palette[kSkyBlue] = {30, 90, 200};
    s.palette[kSkyCloud] = {240, 240, 240};
    s.palette[kSkySun] = {250, 200, 60};
    s.palette[kSkySunTinted] = {250, 100, 60}; // 200 x 128 / 255 = 100.4
    s.colPalette = true;
    loaders::WorldEntry w = fullAmbient();
    w.world = "MAPS\\HAND.WLD";
    w.background = 0;
    w.sun = std::array<std::int64_t, 4>{0, -1000, 1000, 100}; // engine y down: up and south
    w.sunScale = 2048; // a texel of 8 angle units, 1.4 degrees: the 4 x 4 disc is 5.6 degrees wide
    w.sunImgRgb = std::array<std::int64_t, 3>{255, 128, 255};
    w.skyScale = 6400;
    w.skyLevel = -1000;
    s.redguard.world = w;
    loaders::GxaFile panorama;
    loaders::GxaFrame frame;
    frame.width = 64;
    frame.height = 16;
    frame.pixels.assign(64 * 16, kSkyBlue);
    panorama.frames.push_back(frame);
    s.redguard.environment.sky = panorama;
    s.redguard.environment.skyPath = "SYSTEM/HAND.GXA";
    loaders::TexbsiFile clouds;
    clouds.images.push_back(loaders::makeTexbsiImage("CLOUD", 8, 8, {loaders::Bytes(64, kSkyCloud)}));
    s.redguard.environment.skyFx = clouds;
    s.redguard.environment.skyFxPath = "3DART/CLOUD.BSI";
    loaders::TexbsiFile sun;
    sun.images.push_back(loaders::makeTexbsiImage("SUN", 4, 4, {loaders::Bytes(16, kSkySun)}));
    s.redguard.environment.sunImage = sun;
    s.redguard.environment.sunImagePath = "3DART/SUN.BSI";
    return s;
}

scene::Scene skyHalvesScene() {
    scene::Scene s = skyScene();
    loaders::Bytes& panorama = s.redguard.environment.sky->frames.front().pixels;
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 64; ++x)
            panorama[static_cast<std::size_t>(y * 64 + x)] = x < 32 ? kSkyBlue : kSkyCloud;
    loaders::Bytes clouds(64);
    for (int i = 0; i < 64; ++i)
        clouds[static_cast<std::size_t>(i)] = i < 32 ? kSkyCloud : kSkySun;
    s.redguard.environment.skyFx->images.front() = loaders::makeTexbsiImage("CLOUD", 8, 8, {clouds});
    return s;
}

scene::Scene skyStripesScene() {
    scene::Scene s = skyScene();
    s.redguard.world->skySpeed = 100;
    loaders::Bytes clouds(64);
    for (int i = 0; i < 64; ++i)
        clouds[static_cast<std::size_t>(i)] = i % 8 < 4 ? kSkyCloud : kSkySun;
    s.redguard.environment.skyFx->images.front() = loaders::makeTexbsiImage("CLOUD", 8, 8, {clouds});
    return s;
}

scene::Scene rainScene() {
    scene::Scene s;
    s.palette = greyRampPalette();
    s.palette[kRainIndex] = {170, 180, 200};
    s.palette[kRainOverBlack] = {85, 90, 100};
    s.colPalette = true;
    loaders::WorldEntry w = fullAmbient();
    w.background = 0;
    w.rainDelay = 2;
    w.rainDrops = 2000;
    w.rainStart = -100;
    w.rainEnd = 100;
    w.rainSpheres.push_back({1, {0, 0, 0, 10000}});
    s.redguard.world = w;
    return s;
}

} // namespace rgx::test

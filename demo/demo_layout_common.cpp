#include "demo/demo_layout.h"

#include "demo/demo_actors_rgm.h"

#include <array>
#include <cmath>
#include <string>

namespace rgx::demo {

namespace {
// cos and sin of k/16 turns in Q4.28, as integers so no libm rounding reaches the files.
constexpr std::array<std::int32_t, 16> kCos{
    268435456,  248002024,  189812531,  102725802,  0, -102725802, -189812531, -248002024,
    -268435456, -248002024, -189812531, -102725802, 0, 102725802,  189812531,  248002024};
constexpr std::array<std::int32_t, 16> kSin{
    0, 102725802,  189812531,  248002024,  268435456,  248002024,  189812531,  102725802,
    0, -102725802, -189812531, -248002024, -268435456, -248002024, -189812531, -102725802};

constexpr std::array<const ModelInfo*, 24> kModels{
    &kHouse,   &kHouseTall,  &kWall,  &kPalm,          &kPalm2,    &kDock,     &kLighthouse, &kBeam,
    &kWindow,  &kWaterPlane, &kRock,  &kCrate,         &kRopeLink, &kRopeEnd,  &kFlag,       &kWalkerA,
    &kWalkerB, &kGuard,      &kSword, &kSwordSheathed, &kRoom,     &kCorridor, &kPillar,     &kTable};
} // namespace

const ModelInfo* findDemoModel(std::string_view name) {
    for (const ModelInfo* m : kModels)
        if (m->name == name) return m;
    if (name == kTorch.name) return &kTorch;
    if (name == kDoor.name) return &kDoor;
    if (name == kGull.name) return &kGull;
    return nullptr;
}

bool isDemoMarkerMpob(const loaders::RgmMpob& mpob) {
    std::string script = loaders::rgmName(mpob.scriptName);
    return loaders::rgmName(mpob.modelName).empty() && script != kWalkerScript && script != kGuardScript &&
           findDemoModel(script) == nullptr;
}

loaders::RgmPos24 rgmPos(double x, double y, double z) {
    loaders::RgmPos24 p;
    p.x = static_cast<std::int32_t>(std::lround(x));
    p.y = static_cast<std::int32_t>(std::lround(y));
    p.z = static_cast<std::int32_t>(std::lround(z));
    return p;
}

loaders::RgmMpso makeMpso(std::uint32_t id, std::string_view model, double x, double y, double z, int dir16) {
    loaders::RgmMpso m;
    m.id = id;
    m.modelName = std::string(model);
    m.pos = rgmPos(x, y, z);
    std::size_t k = static_cast<std::size_t>(((dir16 % 16) + 16) % 16);
    // Rows of a rotation about the vertical axis; file order is by columns (notes.md):
    // m[i + 3 j] = row i, column j.
    const std::array<std::array<std::int32_t, 3>, 3> rows{
        {{kCos[k], 0, kSin[k]}, {0, 1 << 28, 0}, {-kSin[k], 0, kCos[k]}}};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            m.matrix[static_cast<std::size_t>(i + 3 * j)] =
                rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
    return m;
}

int mpsoDirection16(const loaders::RgmMpso& mpso) {
    for (int k = 0; k < 16; ++k)
        if (mpso.matrix[0] == kCos[static_cast<std::size_t>(k)] &&
            mpso.matrix[6] == kSin[static_cast<std::size_t>(k)])
            return k;
    return 0;
}

loaders::RgmMpob makeMpob(std::uint32_t id, std::string_view script, std::string_view model, double x,
                          double y, double z, int yaw2048, bool isStatic, int tiltX2048, int tiltZ2048) {
    loaders::RgmMpob m;
    m.id = id;
    m.objectType = isStatic ? 1 : 0;
    m.isActive = 1;
    m.scriptName = std::string(script);
    m.modelName = std::string(model);
    m.isStatic = isStatic ? 1 : 0;
    m.pos = rgmPos(x, y, z);
    const auto turn = [](int units) { return static_cast<std::uint32_t>(((units % 2048) + 2048) % 2048); };
    m.angles = {turn(tiltX2048), turn(yaw2048), turn(tiltZ2048)};
    m.worldId = 0;
    return m;
}

loaders::RgmMpsl makeLight(double x, double y, double z, std::array<std::uint8_t, 3> rgb, int intensity,
                           int range, std::uint32_t lightParam) {
    loaders::RgmMpsl l;
    l.rgb = rgb;
    l.lightType = 0x82;
    l.lightParam = lightParam;
    l.pos = rgmPos(x, y, z);
    l.param0 = static_cast<std::int16_t>(intensity);
    l.param1 = static_cast<std::int16_t>(range);
    l.direction = {0, 256, 0};
    l.channelMap = {0, 1, 2, 3, 4, 5, 6, 7};
    return l;
}

} // namespace rgx::demo

#include "scene/daggerfall/df_look.h"

#include "base/error.h"

#include <array>

namespace rgx::scene::daggerfall {

namespace ldf = loaders::daggerfall;

static_assert(kDistanceTableLevels == ldf::kColourTranslationLevels);

loaders::ColorRgb translationTarget(const ldf::ColourTranslationFile& file,
                                    const loaders::Palette256& palette) {
    std::array<int, 256> count{};
    const ldf::ColourTable& mostFogged = file.levels[0];
    for (std::size_t i = 1; i < mostFogged.size(); ++i)
        ++count[mostFogged[i]];
    std::size_t best = 0;
    for (std::size_t i = 1; i < count.size(); ++i)
        if (count[i] > count[best]) best = i;
    return palette[best];
}

LookEnvironment daggerfallLook(const GameFs& fs, const std::string& prefix, bool dungeon,
                               const loaders::Palette256& palette, std::vector<std::string>& warnings) {
    LookEnvironment look;
    look.fog.start = dungeon ? kDungeonFogStart : kExteriorFogStart;
    look.fog.end = dungeon ? kDungeonFogEnd : kExteriorFogEnd;
    look.fog.color = dungeon ? loaders::ColorRgb{0, 0, 0} : loaders::ColorRgb{144, 160, 184};
    const std::string path = prefix + (dungeon ? "SHADE.000" : "HAZE.000");
    const std::string fallback = dungeon ? "; the fog is black" : "; the fog is grey-blue";
    if (!fs.exists(path)) {
        warnings.push_back(path + ": not found" + fallback);
    } else {
        try {
            loaders::Warnings read;
            const ldf::ColourTranslationFile file = fs.decode(
                path, [&](const loaders::Bytes& b) { return ldf::readColourTranslation(b, path, &read); });
            appendWarningTexts(warnings, read);
            look.fog.color = translationTarget(file, palette);
            DistanceTables tables;
            tables.path = path;
            tables.entries.reserve(kDistanceTableLevels * 256);
            for (const ldf::ColourTable& level : file.levels)
                tables.entries.insert(tables.entries.end(), level.begin(), level.end());
            look.distanceTables = std::move(tables);
        } catch (const Error& e) {
            warnings.push_back(std::string(e.what()) + fallback);
        }
    }
    look.clear = look.fog.color;
    return look;
}

} // namespace rgx::scene::daggerfall

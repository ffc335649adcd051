// Decoded RGM values that the scene layer needs: positions, angles, MPSO rotations, the MPOB
// model fallback through RAHD/RAAN and the RAGR command totals.

#include "loaders/redguard/rgm.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace rgx::loaders {

bool rgmMpslActive(const RgmMpsl& light) {
    for (std::uint8_t c : light.channelMap)
        if (c != 0) return true;
    return false;
}

bool rgmActorAlwaysVisible(const RgmActor& actor) {
    return actor.visibilityFlags[0] != 0;
}

bool rgmActorDynamicLod(const RgmActor& actor) {
    return actor.visibilityFlags[2] != 0;
}

std::string rgmName(const std::string& stored) {
    std::size_t nul = stored.find('\0');
    return nul == std::string::npos ? stored : stored.substr(0, nul);
}

std::array<double, 3> rgmPosition(const RgmPos24& pos) {
    // The reference's exporter decode, kept literally (docs/formats/rgm.md).
    // "+ 0.0" turns the -0.0 of a zero coordinate into 0.0 (JSON would print "-0.0").
    constexpr double kScale = 1.0 / 5120.0;
    return {-(pos.x * 256.0) * kScale + 0.0, -(pos.y * 256.0) * kScale + 0.0,
            -(16777215.0 - pos.z * 256.0) * kScale + 0.0};
}

double rgmAngleDegrees(std::uint32_t units) {
    return static_cast<double>(units % 2048u) * (180.0 / 1024.0);
}

std::array<double, 3> rgmMpobAnglesDeg(const RgmMpob& mpob) {
    return {rgmAngleDegrees(mpob.angles[0]), rgmAngleDegrees(mpob.angles[1]),
            rgmAngleDegrees(mpob.angles[2])};
}

std::array<std::array<double, 3>, 3> rgmMpsoRotation(const RgmMpso& mpso) {
    constexpr double kQ28 = 1.0 / 268435456.0;
    std::array<std::array<double, 3>, 3> rows{};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            rows[i][j] = mpso.matrix[i + 3 * j] * kQ28;
    return rows;
}

std::string rgmModelStem(const std::string& path) {
    std::size_t slash = path.find_last_of("\\/");
    std::string stem = slash == std::string::npos ? path : path.substr(slash + 1);
    std::size_t dot = stem.find_last_of('.');
    if (dot != std::string::npos) stem.resize(dot);
    for (char& c : stem)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return stem;
}

const RgmRaanEntry* rgmRaanEntryAt(const Rgm& rgm, std::uint32_t offset) {
    std::uint64_t at = 0;
    for (const RgmRaanEntry& e : rgm.raan) {
        if (at == offset) return &e;
        if (at > offset) break;
        at += 6 + e.path.size() + 1;
    }
    return nullptr;
}

std::vector<const RgmRaanEntry*> rgmActorRaan(const Rgm& rgm, const RgmActor& actor) {
    std::vector<const RgmRaanEntry*> out;
    if (actor.raanCount <= 0 || actor.raanOffset < 0) return out;
    std::uint64_t at = 0;
    for (const RgmRaanEntry& e : rgm.raan) {
        if (out.size() >= static_cast<std::size_t>(actor.raanCount)) break;
        if (!out.empty() || at == static_cast<std::uint64_t>(actor.raanOffset))
            out.push_back(&e);
        else if (at > static_cast<std::uint64_t>(actor.raanOffset))
            break;
        at += 6 + e.path.size() + 1;
    }
    return out;
}

std::uint32_t rgmAnimListBytes(const RgmAnimList& list) {
    std::uint64_t n = 2; // the 0 terminator
    for (const RgmAnimGroup& g : list.groups)
        n += 2 + 8 + 3 * std::uint64_t{rgmGroupCommands(list, g).size()} + g.trailing.size();
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(n, 0xFFFFFFFFu));
}

const RgmAnimList* rgmAnimListAt(const Rgm& rgm, std::uint32_t offset) {
    std::uint64_t at = 0;
    for (const RgmAnimList& list : rgm.ragr) {
        if (at == offset) return &list;
        if (at > offset) break;
        at += rgmAnimListBytes(list);
    }
    return nullptr;
}

const RgmActor* rgmActorNamed(const Rgm& rgm, const std::string& script) {
    for (const RgmActor& a : rgm.rahd.actors)
        if (rgmName(a.scriptName) == script) return &a;
    return nullptr;
}

namespace {

// RAAN byte offset -> entry, built once.
std::unordered_map<std::uint32_t, const RgmRaanEntry*> raanIndex(const Rgm& rgm) {
    std::unordered_map<std::uint32_t, const RgmRaanEntry*> index;
    std::uint64_t at = 0;
    for (const RgmRaanEntry& e : rgm.raan) {
        if (at <= 0xFFFFFFFFu) index.emplace(static_cast<std::uint32_t>(at), &e);
        at += 6 + e.path.size() + 1;
    }
    return index;
}

std::string resolveWith(const RgmMpob& mpob, const std::unordered_map<std::string, const RgmActor*>& actors,
                        const std::unordered_map<std::uint32_t, const RgmRaanEntry*>& raan) {
    std::string model = rgmName(mpob.modelName);
    if (!model.empty()) return model;
    std::string script = rgmName(mpob.scriptName);
    auto actor = actors.find(script);
    if (actor != actors.end() && actor->second->raanCount > 0 && actor->second->raanOffset >= 0) {
        auto entry = raan.find(static_cast<std::uint32_t>(actor->second->raanOffset));
        if (entry != raan.end()) {
            std::string stem = rgmModelStem(entry->second->path);
            if (!stem.empty()) return stem;
        }
    }
    return script;
}

std::unordered_map<std::string, const RgmActor*> actorIndex(const Rgm& rgm) {
    std::unordered_map<std::string, const RgmActor*> index;
    // The first actor of a name wins, as a linear search would find it.
    for (const RgmActor& a : rgm.rahd.actors)
        index.emplace(rgmName(a.scriptName), &a);
    return index;
}

} // namespace

std::string resolveMpobModel(const Rgm& rgm, const RgmMpob& mpob) {
    return resolveWith(mpob, actorIndex(rgm), raanIndex(rgm));
}

std::vector<std::string> resolveMpobModels(const Rgm& rgm) {
    auto actors = actorIndex(rgm);
    auto raan = raanIndex(rgm);
    std::vector<std::string> out;
    out.reserve(rgm.mpob.size());
    for (const RgmMpob& m : rgm.mpob)
        out.push_back(resolveWith(m, actors, raan));
    return out;
}

RgmAnimationTotals rgmAnimationTotals(const Rgm& rgm) {
    RgmAnimationTotals t;
    for (const RgmAnimList& list : rgm.ragr) {
        t.groups += list.groups.size();
        for (const RgmAnimGroup& g : list.groups) {
            std::span<const std::uint32_t> commands = rgmGroupCommands(list, g);
            t.commands += commands.size();
            for (std::uint32_t c : commands)
                ++t.byOpcode[c & 0x0F];
        }
    }
    return t;
}

} // namespace rgx::loaders

#include "loaders/redguard/soup_script.h"

#include <algorithm>

namespace rgx::loaders {

namespace {

std::string cString(const Bytes& blob, std::size_t at) {
    if (at >= blob.size()) return {};
    auto end = std::find(blob.begin() + static_cast<std::ptrdiff_t>(at), blob.end(), std::uint8_t{0});
    return std::string(blob.begin() + static_cast<std::ptrdiff_t>(at), end);
}

} // namespace

std::vector<SoupActorScript> soupActorScripts(const Rgm& rgm, const std::string& path, Warnings* warnings) {
    std::vector<SoupActorScript> out;
    const auto& actors = rgm.rahd.actors;
    out.reserve(actors.size());
    for (std::size_t i = 0; i < actors.size(); ++i) {
        const RgmActor& a = actors[i];
        SoupActorScript s;
        s.name = rgmName(a.scriptName);
        s.actor = i;
        s.instances = a.instances;
        const std::string field = "actor " + s.name;
        auto warn = [&](const std::string& message) {
            if (warnings) warnings->push_back({path, Error::kNoOffset, field, message});
        };
        // Bytecode.
        const std::uint64_t codeEnd = std::uint64_t{a.scriptDataOffset} + a.scriptLength;
        if (codeEnd > rgm.rasc.size()) {
            warn("script_data_offset " + std::to_string(a.scriptDataOffset) + " + script_length " +
                 std::to_string(a.scriptLength) + " passes RASC's " + std::to_string(rgm.rasc.size()) +
                 " bytes; the script is cut there");
        }
        const std::size_t from = std::min<std::size_t>(a.scriptDataOffset, rgm.rasc.size());
        const std::size_t to = static_cast<std::size_t>(std::min<std::uint64_t>(codeEnd, rgm.rasc.size()));
        s.code.assign(rgm.rasc.begin() + static_cast<std::ptrdiff_t>(from),
                      rgm.rasc.begin() + static_cast<std::ptrdiff_t>(std::max(from, to)));
        s.codeOffset = static_cast<std::uint32_t>(from);
        s.scriptPc = a.scriptPc;
        if (s.scriptPc != 0 && s.scriptPc >= s.code.size()) {
            warn("script_pc " + std::to_string(a.scriptPc) + " is past the script's " +
                 std::to_string(s.code.size()) + " bytes");
        }
        // Strings.
        const std::size_t sb = a.stringOffsetsIndex / 4;
        if (a.stringOffsetsIndex % 4 != 0 || sb + std::uint64_t{a.numStrings} > rgm.rasb.size()) {
            warn("string_offsets_index " + std::to_string(a.stringOffsetsIndex) + " with " +
                 std::to_string(a.numStrings) + " strings does not fit RASB's " +
                 std::to_string(rgm.rasb.size()) + " entries; the strings are cut there");
        }
        for (std::size_t k = 0; k < a.numStrings && sb + k < rgm.rasb.size(); ++k) {
            const std::uint32_t at = rgm.rasb[sb + k];
            if (at >= rgm.rast.size()) warn("string " + std::to_string(k) + " starts past RAST");
            s.strings.push_back(cString(rgm.rast, at));
        }
        // Variables.
        const std::size_t vb = a.variableOffset / 4;
        if (a.variableOffset % 4 != 0 || vb + std::uint64_t{a.numVariables} > rgm.rava.size()) {
            warn("variable_offset " + std::to_string(a.variableOffset) + " with " +
                 std::to_string(a.numVariables) + " variables does not fit RAVA's " +
                 std::to_string(rgm.rava.size()) + " entries; the missing ones start at 0");
        }
        for (std::size_t k = 0; k < std::min<std::size_t>(a.numVariables, 256); ++k)
            s.variables.push_back(vb + k < rgm.rava.size() ? rgm.rava[vb + k] : 0);
        // Attributes.
        if (a.raatOffset % 256 == 0 && a.raatOffset / 256 < rgm.raat.size()) {
            s.attributes = rgm.raat[a.raatOffset / 256];
        } else if (!rgm.raat.empty()) {
            warn("raat_offset " + std::to_string(a.raatOffset) +
                 " is not a block of RAAT; attributes start at 0");
        }
        // The object name: a C string in RANM (its end cut at the section's).
        if (!rgm.ranm.empty()) {
            if (a.ranmOffset < rgm.ranm.size())
                s.objectName = cString(rgm.ranm, a.ranmOffset);
            else
                warn("ranm_offset " + std::to_string(a.ranmOffset) + " is past RANM's " +
                     std::to_string(rgm.ranm.size()) + " bytes; the actor has no object name");
        }
        // Locations: up to the next actor's start.
        const std::size_t lb = a.ralcOffset / 12;
        std::size_t le = rgm.ralc.size();
        for (const RgmActor& other : actors) {
            const std::size_t o = other.ralcOffset / 12;
            if (o > lb && o < le) le = o;
        }
        for (std::size_t k = lb; k < le; ++k)
            s.locations.push_back(rgm.ralc[k]);
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<SoupPlacement> soupPlacements(const Rgm& rgm, const std::vector<SoupActorScript>& scripts) {
    std::vector<SoupPlacement> out;
    for (std::size_t i = 0; i < rgm.mpob.size(); ++i) {
        const std::string name = rgmName(rgm.mpob[i].scriptName);
        for (std::size_t a = 0; a < scripts.size(); ++a) {
            if (scripts[a].name == name) {
                const RgmMpob& ob = rgm.mpob[i];
                SoupPlacement p{static_cast<std::uint32_t>(i), a, {}, {}};
                p.position = {static_cast<double>(ob.pos.x), static_cast<double>(ob.pos.y),
                              static_cast<double>(ob.pos.z)};
                for (std::size_t k = 0; k < 3; ++k)
                    p.angles[k] = static_cast<std::int32_t>(ob.angles[k] % 2048);
                out.push_back(p);
                break;
            }
        }
    }
    return out;
}

void appendSoupActorScript(Rgm& rgm, const SoupActorScript& script) {
    RgmActor& a = rgm.rahd.actors.at(script.actor);
    a.scriptDataOffset = static_cast<std::uint32_t>(rgm.rasc.size());
    a.scriptLength = static_cast<std::uint32_t>(script.code.size());
    a.scriptPc = script.scriptPc;
    rgm.rasc.insert(rgm.rasc.end(), script.code.begin(), script.code.end());
    a.stringOffsetsIndex = static_cast<std::uint32_t>(rgm.rasb.size() * 4);
    a.numStrings = static_cast<std::uint32_t>(script.strings.size());
    for (const std::string& s : script.strings) {
        rgm.rasb.push_back(static_cast<std::uint32_t>(rgm.rast.size()));
        rgm.rast.insert(rgm.rast.end(), s.begin(), s.end());
        rgm.rast.push_back(0);
    }
    if (rgm.rava.empty()) rgm.rava.push_back(0); // the reference: RAVA starts with a zero sentinel
    a.variableOffset = static_cast<std::uint32_t>(rgm.rava.size() * 4);
    a.variableOffsetDup = a.variableOffset;
    a.numVariables = static_cast<std::uint32_t>(script.variables.size());
    rgm.rava.insert(rgm.rava.end(), script.variables.begin(), script.variables.end());
    a.raatOffset = static_cast<std::uint32_t>(rgm.raat.size() * 256);
    rgm.raat.push_back(script.attributes);
    a.ralcOffset = static_cast<std::uint32_t>(rgm.ralc.size() * 12);
    rgm.ralc.insert(rgm.ralc.end(), script.locations.begin(), script.locations.end());
    // Every actor gets a name (its script name when it has no other), so none reads another's.
    const std::string& name = script.objectName.empty() ? script.name : script.objectName;
    a.ranmOffset = static_cast<std::uint32_t>(rgm.ranm.size());
    rgm.ranm.insert(rgm.ranm.end(), name.begin(), name.end());
    rgm.ranm.push_back(0);
    const std::uint32_t length = static_cast<std::uint32_t>(name.size() + 1);
    for (std::size_t k = 0; k < 4; ++k)
        a.animSpeed[k] = static_cast<std::uint8_t>(length >> (8 * k));
}

} // namespace rgx::loaders

// `rgx info` for MAIN.SFX (docs/formats/sfx.md).
#include "app/info/info_registry.h"
#include "app/info/sound_json.h"
#include "loaders/redguard/sfx.h"
#include "loaders/text.h"

namespace rgx::app {

namespace {

bool detectSfx(loaders::ByteSpan bytes, std::string_view) {
    return loaders::looksLikeSfx(bytes);
}

// Keys: format "sfx", description (up to its first NUL), effect_count, looping_effects,
// pcm_bytes, duration (seconds, all effects), effects [{index, ...soundClipJson}].
nlohmann::json describeSfx(loaders::ByteSpan bytes, const std::string& path, loaders::Warnings& warnings) {
    const loaders::SfxFile f = loaders::readSfx(bytes, path, &warnings);
    nlohmann::json effects = nlohmann::json::array();
    std::size_t loops = 0, pcmBytes = 0;
    double seconds = 0;
    for (std::size_t i = 0; i < f.effects.size(); ++i) {
        const loaders::SoundClip& c = f.effects[i];
        nlohmann::json e = {{"index", i}};
        e.update(soundClipJson(c));
        effects.push_back(std::move(e));
        loops += loaders::looping(c) ? 1 : 0;
        pcmBytes += c.pcm.size();
        seconds += loaders::soundDurationSeconds(c);
    }
    return {
        {"format", "sfx"},
        {"description", loaders::toUtf8(f.description.substr(0, f.description.find('\0')))},
        {"effect_count", f.effects.size()},
        {"looping_effects", loops},
        {"pcm_bytes", pcmBytes},
        {"duration", seconds},
        {"effects", effects},
    };
}

} // namespace

RGX_REGISTER_INFO_FORMAT("sfx", 10, detectSfx, describeSfx, "sfx");

} // namespace rgx::app

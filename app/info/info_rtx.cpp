// `rgx info` for ENGLISH.RTX (docs/formats/rtx.md).
#include "app/info/info_registry.h"
#include "app/info/sound_json.h"
#include "loaders/redguard/rtx.h"
#include "loaders/text.h"

namespace rgx::app {

namespace {

bool detectRtx(loaders::ByteSpan bytes, std::string_view) {
    return loaders::looksLikeRtx(bytes);
}

const char* kindName(std::uint8_t kind) {
    switch (kind) {
    case static_cast<std::uint8_t>(loaders::RtxKind::Text):
        return "text";
    case static_cast<std::uint8_t>(loaders::RtxKind::Audio):
        return "audio";
    default:
        return "unknown";
    }
}

// Keys: format "rtx", entry_count, text_entries, audio_entries, other_entries, pcm_bytes,
// duration (seconds, all clips), entries [{tag, kind "text" | "audio" | "unknown", subtype,
// text (UTF-8; absent for unknown kinds), and for audio ...soundClipJson}] in index order.
nlohmann::json describeRtx(loaders::ByteSpan bytes, const std::string& path, loaders::Warnings& warnings) {
    const loaders::RtxFile f = loaders::readRtx(bytes, path, &warnings);
    nlohmann::json entries = nlohmann::json::array();
    std::size_t texts = 0, clips = 0, pcmBytes = 0;
    double seconds = 0;
    for (const loaders::RtxEntry& e : f.entries) {
        nlohmann::json j = {{"tag", loaders::toUtf8(e.tag)}, {"kind", kindName(e.kind)}, {"subtype", e.kind}};
        if (e.kind == static_cast<std::uint8_t>(loaders::RtxKind::Text)) {
            ++texts;
            j["text"] = loaders::toUtf8(e.text);
        } else if (e.kind == static_cast<std::uint8_t>(loaders::RtxKind::Audio)) {
            ++clips;
            j["text"] = loaders::toUtf8(e.text);
            j.update(soundClipJson(e.audio));
            pcmBytes += e.audio.pcm.size();
            seconds += loaders::soundDurationSeconds(e.audio);
        }
        entries.push_back(std::move(j));
    }
    return {
        {"format", "rtx"},
        {"entry_count", f.entries.size()},
        {"text_entries", texts},
        {"audio_entries", clips},
        {"other_entries", f.entries.size() - texts - clips},
        {"pcm_bytes", pcmBytes},
        {"duration", seconds},
        {"entries", entries},
    };
}

} // namespace

RGX_REGISTER_INFO_FORMAT("rtx", 10, detectRtx, describeRtx, "rtx");

} // namespace rgx::app

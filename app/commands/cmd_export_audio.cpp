// `rgx export-audio`: every sound clip of MAIN.SFX or ENGLISH.RTX as a WAV file, and index.json
// listing every entry (docs/formats/sfx.md, docs/formats/rtx.md).
//
// Files: SFX effect i as effect_NNN.wav (i zero-padded to 3 digits); an RTX voice entry as its
// tag, each byte outside [A-Za-z0-9_-] written %XX ("#bon" -> %23bon.wav), so every tag has a
// name of its own; a repeated tag gets -2, -3... A clip whose samples WAV cannot hold (an unknown
// type, a zero rate) is listed with "wav": null and a "note", and not written.

#include "app/commands.h"
#include "app/commands/json_text.h"
#include "app/commands/wav_file.h"
#include "app/info/info_registry.h"
#include "app/info/sound_json.h"
#include "base/error.h"
#include "loaders/file_io.h"
#include "loaders/redguard/rtx.h"
#include "loaders/redguard/sfx.h"
#include "loaders/text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>

namespace rgx::app {

namespace {

namespace fs = std::filesystem;

// Writes one clip as `stem`.wav under dir (a name not yet in `used`); the JSON's "wav" names the
// file, or is null with a "note" saying why WAV cannot hold the clip.
void writeClip(const loaders::SoundClip& clip, const std::string& stem, const fs::path& dir,
               std::set<std::string>& used, nlohmann::json& entry, std::size_t& written) {
    const std::uint16_t channels = loaders::soundChannels(clip);
    const auto bits = static_cast<std::uint16_t>(8 * loaders::soundBytesPerSample(clip));
    if (const std::string why = wavRefusal(channels, bits, clip.sampleRate, clip.pcm.size()); !why.empty()) {
        entry["wav"] = nullptr;
        entry["note"] = "not written: " + why;
        return;
    }
    std::string name = stem + ".wav";
    for (int k = 2; used.count(name) != 0; ++k)
        name = stem + "-" + std::to_string(k) + ".wav";
    loaders::writeFile(dir / name, encodeWav(clip.pcm, channels, bits, clip.sampleRate));
    used.insert(name);
    entry["wav"] = name;
    ++written;
}

// The file name of a tag: safe bytes as they are, the rest %XX (injective: '%' is escaped too).
std::string tagStem(const std::string& tag) {
    std::string out;
    for (unsigned char c : tag) {
        const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                          c == '_' || c == '-';
        if (safe) {
            out += static_cast<char>(c);
        } else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", c);
            out += hex;
        }
    }
    return out;
}

struct Exported {
    nlohmann::json index;
    std::size_t written = 0;
    std::size_t texts = 0;
    double seconds = 0;
};

Exported exportSfx(loaders::ByteSpan bytes, const std::string& path, const fs::path& dir,
                   loaders::Warnings& warnings) {
    const loaders::SfxFile f = loaders::readSfx(bytes, path, &warnings);
    Exported out;
    nlohmann::json entries = nlohmann::json::array();
    std::set<std::string> used;
    for (std::size_t i = 0; i < f.effects.size(); ++i) {
        const loaders::SoundClip& c = f.effects[i];
        nlohmann::json e = {{"index", i}};
        e.update(soundClipJson(c));
        char stem[32];
        std::snprintf(stem, sizeof stem, "effect_%03zu", i);
        writeClip(c, stem, dir, used, e, out.written);
        out.seconds += loaders::soundDurationSeconds(c);
        entries.push_back(std::move(e));
    }
    out.index = {{"format", "sfx"},
                 {"description", loaders::toUtf8(f.description.substr(0, f.description.find('\0')))},
                 {"entries", entries}};
    return out;
}

Exported exportRtx(loaders::ByteSpan bytes, const std::string& path, const fs::path& dir,
                   loaders::Warnings& warnings) {
    const loaders::RtxFile f = loaders::readRtx(bytes, path, &warnings);
    Exported out;
    nlohmann::json entries = nlohmann::json::array();
    std::set<std::string> used;
    for (std::size_t i = 0; i < f.entries.size(); ++i) {
        const loaders::RtxEntry& r = f.entries[i];
        nlohmann::json e = {{"index", i}, {"tag", loaders::toUtf8(r.tag)}};
        if (r.kind == static_cast<std::uint8_t>(loaders::RtxKind::Text)) {
            e["kind"] = "text";
            e["text"] = loaders::toUtf8(r.text);
            ++out.texts;
        } else if (r.kind == static_cast<std::uint8_t>(loaders::RtxKind::Audio)) {
            e["kind"] = "audio";
            e["text"] = loaders::toUtf8(r.text);
            e.update(soundClipJson(r.audio));
            writeClip(r.audio, tagStem(r.tag), dir, used, e, out.written);
            out.seconds += loaders::soundDurationSeconds(r.audio);
        } else {
            e["kind"] = "unknown";
            e["subtype"] = r.kind;
        }
        entries.push_back(std::move(e));
    }
    out.index = {{"format", "rtx"}, {"entries", entries}};
    return out;
}

std::string lowerExtension(const fs::path& path) {
    std::string ext = path.extension().string();
    if (!ext.empty()) ext.erase(0, 1);
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    return ext;
}

} // namespace

int runExportAudio(const ExportAudioOptions& o) {
    const loaders::Bytes bytes = loaders::readFile(o.file);
    // The same detection as `rgx info`: the content first, then the extension.
    const InfoFormat* format = detectInfoFormat(bytes, lowerExtension(o.file));
    const std::string name = format ? format->name : "";
    if (name != "sfx" && name != "rtx") {
        throw Error(o.file, Error::kNoOffset, "",
                    "not a sound file (MAIN.SFX or ENGLISH.RTX); " +
                        (name.empty() ? std::string("its format is not recognised") : "it reads as " + name));
    }
    const fs::path dir(o.output); // created by the first file written (loaders::writeFile)
    loaders::Warnings warnings;
    Exported out =
        name == "sfx" ? exportSfx(bytes, o.file, dir, warnings) : exportRtx(bytes, o.file, dir, warnings);
    nlohmann::json list = nlohmann::json::array();
    for (const Warning& w : warnings) {
        std::cerr << "warning: " << loaders::printableLine(w.text()) << "\n";
        list.push_back(
            {{"offset", w.offset == Error::kNoOffset ? nlohmann::json() : nlohmann::json(w.offset)},
             {"field", w.field},
             {"message", w.message}});
    }
    out.index["source"] = loaders::toUtf8(fs::path(o.file).filename().string());
    out.index["clips_written"] = out.written;
    out.index["warnings"] = list;
    const std::string text = utf8Json(out.index).dump(1) + "\n";
    loaders::writeFile(dir / "index.json",
                       loaders::ByteSpan(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));

    const std::size_t entries = out.index["entries"].size();
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f s", out.seconds);
    std::cout << loaders::toUtf8(o.file) << ": " << name << ", " << entries << " entries, " << out.written
              << " clips written (" << seconds << " of audio)";
    if (name == "rtx") std::cout << ", " << out.texts << " text entries";
    std::cout << "\n" << loaders::toUtf8((dir / "index.json").string()) << "\n";
    return 0;
}

} // namespace rgx::app

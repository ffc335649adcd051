#pragma once
// `rgx info` dispatch: each format registers a detector and a describer from its own file
// (app/info/info_<format>.cpp) with RGX_REGISTER_INFO_FORMAT, so formats never edit a shared list.

#include "app/commands/json_text.h"
#include "loaders/bytes.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace rgx::app {

struct InfoFormat {
    const char* name = "";
    // Lower runs first. Strong magic numbers use 10, weak content checks (size only) use 90.
    int priority = 50;
    // True when the bytes look like this format. ext: lower-case extension without the dot
    // ("rob", "3dc", "001" for TEXBSI.001), a hint only: content decides where it can.
    bool (*detect)(rgx::loaders::ByteSpan bytes, std::string_view ext) = nullptr;
    // Parses the whole file under the reading policy (docs/formats.md) and returns the JSON object
    // documented in docs/formats/*.md; tolerated departures from the reference go to `warnings`.
    // Throws rgx::Error naming path, offset and field on what cannot be read safely.
    nlohmann::json (*describe)(rgx::loaders::ByteSpan bytes, const std::string& path,
                               rgx::loaders::Warnings& warnings) = nullptr;
    // Lower-case extensions that name this format when no detector recognises the content,
    // space-separated; "###" stands for any three digits (TEXBSI.###).
    const char* extensions = "";
};

int registerInfoFormat(const InfoFormat& format);
// All registered formats, sorted by priority then name.
std::vector<InfoFormat> infoFormats();
// The format called `name` ("rob", "3d", ...), or nullptr.
const InfoFormat* findInfoFormat(std::string_view name);

// The first format whose detector accepts the bytes; else the format whose extensions include
// ext (*byExtension set when given); else nullptr.
const InfoFormat* detectInfoFormat(rgx::loaders::ByteSpan bytes, std::string_view ext,
                                   bool* byExtension = nullptr);

// Detects (or takes `format` when not empty: `rgx info --format NAME`) and describes; the result
// always holds "warnings": [{"offset": n or null, "field": "...", "message": "..."}, ...], the
// first of them saying so when the extension, not the content, chose the format.
// Throws rgx::Error when no format matches, `format` is unknown, or parsing fails.
nlohmann::json describeFile(rgx::loaders::ByteSpan bytes, const std::string& path,
                            const std::string& format = "");

// A readable multi-line summary of a describe() result (scalars shown, long arrays counted,
// warnings listed one a line).
std::string readableSummary(const nlohmann::json& info);

} // namespace rgx::app

#define RGX_INFO_CONCAT2(a, b) a##b
#define RGX_INFO_CONCAT(a, b) RGX_INFO_CONCAT2(a, b)
#define RGX_REGISTER_INFO_FORMAT(...)                                                                        \
    static const int RGX_INFO_CONCAT(rgxInfoRegistration_, __LINE__) =                                       \
        ::rgx::app::registerInfoFormat(::rgx::app::InfoFormat{__VA_ARGS__})

#pragma once
// `rgx info` dispatch: each format registers a detector and a describer from its own file
// (app/info_<format>.cpp) with RGX_REGISTER_INFO_FORMAT, so formats never edit a shared list.

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
    // Parses the whole file and returns the JSON object documented in docs/formats.md.
    // Throws rgx::Error naming path, offset and field on bad input.
    nlohmann::json (*describe)(rgx::loaders::ByteSpan bytes, const std::string& path) = nullptr;
};

int registerInfoFormat(const InfoFormat& format);
// All registered formats, sorted by priority then name.
std::vector<InfoFormat> infoFormats();

// The first format whose detector accepts the bytes, or nullptr.
const InfoFormat* detectInfoFormat(rgx::loaders::ByteSpan bytes, std::string_view ext);

// Detects and describes; throws rgx::Error when no format matches or parsing fails.
nlohmann::json describeFile(rgx::loaders::ByteSpan bytes, const std::string& path);

// A readable multi-line summary of a describe() result (scalars shown, long arrays counted).
std::string readableSummary(const nlohmann::json& info);

} // namespace rgx::app

#define RGX_INFO_CONCAT2(a, b) a##b
#define RGX_INFO_CONCAT(a, b) RGX_INFO_CONCAT2(a, b)
#define RGX_REGISTER_INFO_FORMAT(...)                                                              \
    static const int RGX_INFO_CONCAT(rgxInfoRegistration_, __LINE__) =                             \
        ::rgx::app::registerInfoFormat(::rgx::app::InfoFormat{__VA_ARGS__})

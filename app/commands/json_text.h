#pragma once
// Text leaving the program as JSON: names from files are Latin-1 bytes (loaders/text.h), so every
// JSON the commands print goes through utf8Json before dump().

#include <nlohmann/json.hpp>

namespace rgx::app {

// The output rule (loaders::toUtf8) applied to every string and key of a JSON value, so dump()
// never meets invalid UTF-8.
nlohmann::json utf8Json(const nlohmann::json& value);

} // namespace rgx::app

#include "app/commands/json_text.h"

#include "loaders/text.h"

namespace rgx::app {

nlohmann::json utf8Json(const nlohmann::json& v) {
    if (v.is_string()) return loaders::toUtf8(v.get_ref<const std::string&>());
    if (v.is_array()) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& e : v)
            out.push_back(utf8Json(e));
        return out;
    }
    if (v.is_object()) {
        nlohmann::json out = nlohmann::json::object();
        for (auto it = v.begin(); it != v.end(); ++it)
            out[loaders::toUtf8(it.key())] = utf8Json(it.value());
        return out;
    }
    return v;
}

} // namespace rgx::app

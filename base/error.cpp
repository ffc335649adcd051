#include "base/error.h"

#include <cstdio>

namespace rgx {

std::string formatError(const std::string& path, std::uint64_t offset, const std::string& field,
                        const std::string& message) {
    std::string out = path.empty() ? std::string("<memory>") : path;
    if (offset != Error::kNoOffset) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(offset));
        out += ": offset ";
        out += buf;
    }
    out += ": ";
    if (!field.empty()) {
        out += field;
        out += ": ";
    }
    out += message;
    return out;
}

Error::Error(std::string path, std::uint64_t offset, std::string field, std::string message)
    : std::runtime_error(formatError(path, offset, field, message)), path_(std::move(path)), offset_(offset),
      field_(std::move(field)), message_(std::move(message)) {}

Error Error::withPath(const std::string& path) const {
    return Error(path, offset_, field_, message_);
}

void appendWarningTexts(std::vector<std::string>& lines, const Warnings& warnings) {
    for (const Warning& w : warnings)
        lines.push_back(w.text());
}

} // namespace rgx

#pragma once
// The one error type of the whole project. Every failure that comes from data (a file, a byte
// range, a command-line value) is an rgx::Error carrying where it happened, so the CLI can print
// `path: offset 0x1a2: field: what` and a user can open the file at that byte.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace rgx {

class Error : public std::runtime_error {
public:
    static constexpr std::uint64_t kNoOffset = ~std::uint64_t{0};

    // path: the file (or "<memory>"); offset: absolute byte offset in that file, or kNoOffset;
    // field: the record/field being read ("" when not about a field); message: what is wrong.
    Error(std::string path, std::uint64_t offset, std::string field, std::string message);

    const std::string& path() const { return path_; }
    std::uint64_t offset() const { return offset_; }
    const std::string& field() const { return field_; }
    const std::string& message() const { return message_; }

    // Same error, renamed to a file path (readers that were handed bytes without a path).
    Error withPath(const std::string& path) const;

private:
    std::string path_;
    std::uint64_t offset_;
    std::string field_;
    std::string message_;
};

// "path: offset 0x..: field: message" (offset and field parts omitted when absent).
std::string formatError(const std::string& path, std::uint64_t offset, const std::string& field,
                        const std::string& message);

// A departure from the reference that a reader tolerated (docs/formats.md, "Reading policy"):
// the file is read, and this says where and how it differs. Same parts as an Error.
struct Warning {
    std::string path;
    std::uint64_t offset = Error::kNoOffset;
    std::string field;
    std::string message;
    bool operator==(const Warning&) const = default;
    // "path: offset 0x..: field: message", as formatError.
    std::string text() const { return formatError(path, offset, field, message); }
};
using Warnings = std::vector<Warning>;

// Appends each warning's text() to lines (a scene's warnings, a load's notes).
void appendWarningTexts(std::vector<std::string>& lines, const Warnings& warnings);

} // namespace rgx

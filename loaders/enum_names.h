#pragma once
// One pattern for an enum's names (issue 30): a table of names indexed by the enumerator's value
// (enumerators numbered 0 .. N-1 in declaration order), the name of a value ("unknown" past the
// table), the value of a name, and the names listed for an error message. The table sits beside
// the enum's declaration, so adding an enumerator without its name is a compile error (the
// array's size is the enum's count).

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rgx::loaders {

template <typename Enum, std::size_t N> struct EnumNames {
    std::array<std::string_view, N> names;

    // The name of `value` (a C string: every name is a string literal), `unknown` past the table.
    constexpr const char* name(Enum value, const char* unknown = "unknown") const {
        const auto i = static_cast<std::size_t>(value);
        return i < N ? names[i].data() : unknown;
    }
    // The value named `text` (exactly), or nothing.
    constexpr std::optional<Enum> find(std::string_view text) const {
        for (std::size_t i = 0; i < N; ++i)
            if (names[i] == text) return static_cast<Enum>(i);
        return std::nullopt;
    }
    // "a, b or c": what an error message lists.
    std::string list() const {
        std::string out;
        for (std::size_t i = 0; i < N; ++i)
            out += std::string(i == 0 ? "" : i + 1 == N ? " or " : ", ") + std::string(names[i]);
        return out;
    }
};

} // namespace rgx::loaders

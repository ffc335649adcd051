#pragma once
// Assertions for the reading policy (docs/formats.md): a tolerated departure from the reference
// reads with exactly the expected rgx::Warning, a safety rule still throws an rgx::Error naming
// its offset and field, and a truncated prefix never reads silently as if it were whole.

#include "base/error.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace rgx::testing {

// One warning a line, for failure messages.
inline std::string listWarnings(const rgx::Warnings& warnings) {
    if (warnings.empty()) return " (no warnings)";
    std::string s;
    for (const rgx::Warning& w : warnings)
        s += "\n  " + w.text();
    return s;
}

// read(Warnings*)'s value; the test fails (naming `what`) on any warning it gave.
template <class Read> auto readQuietly(const std::string& what, Read read) {
    rgx::Warnings warnings;
    auto value = read(&warnings);
    EXPECT_TRUE(warnings.empty()) << what << listWarnings(warnings);
    return value;
}

// True when w is at `offset`, names exactly `field`, and its message contains `phrase`.
inline bool warningMatches(const rgx::Warning& w, std::uint64_t offset, std::string_view field,
                           std::string_view phrase) {
    return w.offset == offset && w.field == field && w.message.find(phrase) != std::string::npos;
}

// Exactly one warning, and it is (offset, field, phrase).
inline ::testing::AssertionResult onlyWarning(const rgx::Warnings& warnings, std::uint64_t offset,
                                              std::string_view field, std::string_view phrase) {
    if (warnings.size() == 1 && warningMatches(warnings[0], offset, field, phrase)) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure()
           << "expected exactly one warning at offset " << offset << " field \"" << field
           << "\" mentioning \"" << phrase << "\", got" << listWarnings(warnings);
}

// Among the warnings, one is (offset, field, phrase).
inline ::testing::AssertionResult hasWarning(const rgx::Warnings& warnings, std::uint64_t offset,
                                             std::string_view field, std::string_view phrase) {
    for (const rgx::Warning& w : warnings)
        if (warningMatches(w, offset, field, phrase)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "no warning at offset " << offset << " field \"" << field << "\" mentioning \"" << phrase
           << "\" among" << listWarnings(warnings);
}

// read() throws an rgx::Error at `offset` for `field` whose message contains `phrase`.
template <class Read>
::testing::AssertionResult throwsAt(Read&& read, std::uint64_t offset, std::string_view field,
                                    std::string_view phrase = "") {
    try {
        read();
    } catch (const rgx::Error& e) {
        if (e.offset() == offset && e.field() == field && e.message().find(phrase) != std::string::npos) {
            return ::testing::AssertionSuccess();
        }
        return ::testing::AssertionFailure()
               << "expected an error at offset " << offset << " field \"" << field << "\" mentioning \""
               << phrase << "\", got: " << e.what();
    }
    return ::testing::AssertionFailure()
           << "expected an error at offset " << offset << " field \"" << field << "\", the input was read";
}

// The truncation rule: a prefix of `prefixSize` bytes either throws an rgx::Error that names an
// offset inside the prefix (its end included), or reads with at least one warning. It never
// reads silently as if it were whole. read(Warnings*) reads the prefix into that sink.
template <class Read>::testing::AssertionResult prefixIsNotWhole(Read&& read, std::size_t prefixSize) {
    rgx::Warnings warnings;
    try {
        read(&warnings);
    } catch (const rgx::Error& e) {
        if (e.offset() == rgx::Error::kNoOffset || e.offset() > prefixSize) {
            return ::testing::AssertionFailure()
                   << "prefix " << prefixSize << ": the error names no offset inside it: " << e.what();
        }
        return ::testing::AssertionSuccess();
    }
    if (warnings.empty()) {
        return ::testing::AssertionFailure() << "prefix " << prefixSize << " read silently as a whole file";
    }
    return ::testing::AssertionSuccess();
}

// The rgx::Error that f throws; a test failure (and an empty error) when it throws none.
template <typename F> rgx::Error expectError(F&& f) {
    try {
        f();
    } catch (const rgx::Error& e) {
        return e;
    }
    ADD_FAILURE() << "expected rgx::Error";
    return rgx::Error("", 0, "", "");
}

} // namespace rgx::testing

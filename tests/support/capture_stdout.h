#pragma once
// Runs a command's function with std::cout (or std::cerr) captured, for the tests that call the
// `rgx` subcommands' runners directly (app/commands.h) and read what they print. The stream is
// given back even when the function throws.

#include <iostream>
#include <sstream>
#include <string>

namespace rgx::testing {

template <typename F> std::string captureStream(std::ostream& stream, F f) {
    std::ostringstream out;
    std::streambuf* old = stream.rdbuf(out.rdbuf());
    try {
        f();
    } catch (...) {
        stream.rdbuf(old);
        throw;
    }
    stream.rdbuf(old);
    return out.str();
}

template <typename F> std::string captureStdout(F f) {
    return captureStream(std::cout, f);
}

template <typename F> std::string captureStderr(F f) {
    return captureStream(std::cerr, f);
}

} // namespace rgx::testing

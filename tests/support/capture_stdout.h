#pragma once
// Runs a command's function with std::cout captured, for the tests that call the `rgx`
// subcommands' runners directly (app/commands.h) and read what they print.

#include <iostream>
#include <sstream>
#include <string>

namespace rgx::testing {

template <typename F> std::string captureStdout(F f) {
    std::ostringstream out;
    std::streambuf* old = std::cout.rdbuf(out.rdbuf());
    try {
        f();
    } catch (...) {
        std::cout.rdbuf(old);
        throw;
    }
    std::cout.rdbuf(old);
    return out.str();
}

} // namespace rgx::testing

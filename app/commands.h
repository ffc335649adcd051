#pragma once
// The `rgx` subcommands. Each returns the process exit code; data errors are thrown as
// rgx::Error and printed by main as `path: offset 0x...: message`.

#include <array>
#include <string>

namespace rgx::app {

struct InfoOptions {
    std::string file;
    bool json = false;
};
int runInfo(const InfoOptions& options);

// Prints the sorted MLST ids visible from (x, y, z) in PVO coordinates as a JSON array.
int runPvoQuery(const std::string& file, const std::array<double, 3>& point);

struct VkInfoOptions {
    bool validation = false;
};
int runVkInfo(const VkInfoOptions& options);

} // namespace rgx::app

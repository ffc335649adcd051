#pragma once
// A many-segment ROB whose models lie far apart in the model viewer's grid, as the real
// ISLAND.ROB's do (579 segments over 131,807 x 124,692 units): one segment is a 100,000-unit slab,
// so the grid's cells are 125,000 units wide and a 4-unit box two cells away is a speck from any
// camera that sees both. Solid colours only (it needs no game directory), and one segment whose
// .3DC is missing (a magenta placeholder). For the catalogue tests of both looks and the app.

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace rgx::test {

// Segment names in order and their face counts (0: the placeholder).
struct FarRobSegment {
    std::string name;
    std::size_t faces = 0;
    bool placeholder = false;
};
const std::vector<FarRobSegment>& farRobSegments();

// Writes FAR.ROB into `dir` (created) and returns its path.
std::filesystem::path writeFarRob(const std::filesystem::path& dir);

} // namespace rgx::test

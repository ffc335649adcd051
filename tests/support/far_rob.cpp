#include "tests/support/far_rob.h"

#include "loaders/file_io.h"
#include "loaders/redguard/model3d.h"
#include "loaders/redguard/rob.h"

namespace rgx::test {

namespace {

// A closed box of sx x sy x sz scene units standing on y = 0, every face one palette colour.
loaders::Model solidBox(double sx, double sy, double sz, std::uint8_t colour) {
    const auto raw = [](double units) { return static_cast<std::int32_t>(units * 256); };
    const std::int32_t x = raw(sx / 2), z = raw(sz / 2), t = -raw(sy); // engine y points down
    loaders::ModelSpec spec;
    spec.positions = {{-x, 0, -z}, {x, 0, -z}, {x, 0, z}, {-x, 0, z},
                      {-x, t, -z}, {x, t, -z}, {x, t, z}, {-x, t, z}};
    for (const std::vector<std::uint32_t>& v : std::vector<std::vector<std::uint32_t>>{
             {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}, {4, 5, 6, 7}, {3, 2, 1, 0}}) {
        loaders::ModelFaceSpec f;
        f.vertices = v;
        f.solidColor = colour;
        spec.faces.push_back(f);
    }
    return loaders::buildModel(spec);
}

} // namespace

const std::vector<FarRobSegment>& farRobSegments() {
    static const std::vector<FarRobSegment> segments = {{"TINY", 6, false},
                                                        {"HOUSE", 6, false},
                                                        {"ISLAND", 6, false},
                                                        {"GONE", 0, true},
                                                        {"TOWER", 6, false}};
    return segments;
}

std::filesystem::path writeFarRob(const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir);
    loaders::Rob rob;
    rob.segments.push_back(loaders::robModelSegment("TINY", solidBox(4, 4, 4, 200)));
    rob.segments.push_back(loaders::robModelSegment("HOUSE", solidBox(300, 200, 250, 150)));
    rob.segments.push_back(loaders::robModelSegment("ISLAND", solidBox(100000, 500, 100000, 120)));
    rob.segments.push_back(loaders::robExternalSegment("GONE")); // no GONE.3DC next to it
    rob.segments.push_back(loaders::robModelSegment("TOWER", solidBox(50, 400, 50, 230)));
    const std::filesystem::path path = dir / "FAR.ROB";
    loaders::writeFile(path, loaders::writeRob(rob));
    return path;
}

} // namespace rgx::test

// Any accepted PVO must answer queries anywhere (inside, on and outside the root cell) and write
// back to exactly the input bytes.
#include "loaders/pvo.h"
#include "tests/fuzz/fuzz_target.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

RGX_FUZZ_TARGET(pvo) {
    rgx::loaders::Pvo pvo = rgx::loaders::readPvo(data, "fuzz.pvo");
    const auto& h = pvo.header;
    const double half = h.cellSize;
    const double probes[] = {-1.5, -1.0, -0.5, -0.01, 0.0, 0.3, 0.5, 1.0, 1.5};
    for (double px : probes) {
        for (double py : probes) {
            for (double pz : probes) {
                (void)rgx::loaders::pvoVisibleIds(pvo, h.center[0] + px * half, h.center[1] + py * half,
                                                  h.center[2] + pz * half);
            }
        }
    }
    (void)rgx::loaders::pvoVisibleIds(pvo, std::numeric_limits<double>::quiet_NaN(), 0, 0);
    for (std::size_t i = 0; i < pvo.leaves.size(); ++i) (void)rgx::loaders::pvoLeafIds(pvo, i);
    rgx::loaders::Bytes back = RGX_FUZZ_MUST(rgx::loaders::writePvo(pvo));
    if (!std::equal(back.begin(), back.end(), data.begin(), data.end())) {
        throw std::logic_error("PVO round trip changed the bytes");
    }
}

// Any accepted PVO must answer queries anywhere (inside, on and outside the root cell). Read
// without warnings it writes back to exactly the input bytes; read with warnings (counts that
// disagree with the header, a longer OCTH or MLST, a missing or odd END) it writes a file that
// reads back to the same tree.
#include "loaders/redguard/pvo.h"
#include "tests/fuzz/fuzz_target.h"

#include <limits>

RGX_FUZZ_TARGET(pvo) {
    rgx::Warnings warnings;
    rgx::loaders::Pvo pvo = rgx::loaders::readPvo(data, "fuzz.pvo", &warnings);
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
    for (std::size_t i = 0; i < pvo.leaves.size(); ++i)
        (void)rgx::loaders::pvoLeafIds(pvo, i);
    rgx::loaders::Bytes back = RGX_FUZZ_MUST(rgx::loaders::writePvo(pvo));
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(back, data), "PVO round trip changed the bytes");
        return;
    }
    rgx::fuzz::require(RGX_FUZZ_MUST(rgx::loaders::readPvo(back, "fuzz-rewrite.pvo")) == pvo,
                       "PVO read(write(x)) != x after a read with warnings");
}

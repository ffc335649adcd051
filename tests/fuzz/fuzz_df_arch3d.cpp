// Daggerfall ARCH3D.BSA record reader on arbitrary bytes. Read without warnings: written back
// byte for byte. Read with warnings (sections laid out otherwise, object data kept unparsed,
// bytes after the last section): the rewrite reads back to the same value. The UV rule runs on
// every plane and must not fail on anything the reader accepted.
#include "loaders/daggerfall/arch3d.h"
#include "tests/fuzz/fuzz_target.h"

namespace df = rgx::loaders::daggerfall;

RGX_FUZZ_TARGET(df_arch3d) {
    rgx::Warnings warnings;
    const df::Arch3dObject object = df::readArch3d(data, "fuzz.arch3d", &warnings);
    for (std::size_t i = 0; i < object.planes.size(); ++i)
        RGX_FUZZ_MUST(df::arch3dFace(object, i, i % 2 ? 100u : df::kArch3dUnknownId));
    const rgx::loaders::Bytes again = RGX_FUZZ_MUST(df::writeArch3d(object));
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "ARCH3D write(read(bytes)) != bytes");
        return;
    }
    rgx::fuzz::require(RGX_FUZZ_MUST(df::readArch3d(again, "fuzz-rewrite.arch3d")) == object,
                       "ARCH3D read(write(x)) != x after a read with warnings");
}

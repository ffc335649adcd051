// Reads a model, then runs every decode path over it (frames, shading, UVs, textures) because a
// file that parses must also be safe to use.
#include "loaders/redguard/model3d.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(model3d) {
    using namespace rgx::loaders;
    rgx::Warnings warnings;
    Model m = readModel(data, "fuzz.3d", &warnings);
    for (std::uint32_t k = 0; k < decodableFrameCount(m); ++k)
        modelFrame(m, k);
    for (std::size_t f = 0; f < m.faces.size(); ++f) {
        decodeFaceTexture(m.version(), m.faces[f].textureRaw);
        faceUvs(m, f);
        for (std::size_t c = 0; c < m.faces[f].vertexCount; ++c)
            faceVertexShading(m, f, c);
    }
    // An accepted file need not be laid out canonically (gaps, stale frame-0 offsets), and the
    // writer always lays out afresh; so even without warnings the inverse property is checked
    // against the laid-out model, and writing again must reproduce the same bytes. A model read
    // with warnings (sections dropped, entries pointing nowhere) is held to the same: what was
    // kept must write, and read back as laid out.
    Model canonical = m;
    RGX_FUZZ_MUST(layoutModel(canonical));
    const Bytes written = RGX_FUZZ_MUST(writeModel(m));
    Model back = RGX_FUZZ_MUST(readModel(written, "fuzz-rewrite.3d"));
    rgx::fuzz::require(back == canonical, "readModel(writeModel(m)) != layoutModel(m)");
    rgx::fuzz::require(RGX_FUZZ_MUST(writeModel(back)) == written, "writeModel is not stable");
}

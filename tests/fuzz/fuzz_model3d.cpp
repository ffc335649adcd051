#include "loaders/model3d.h"
#include "tests/fuzz/fuzz_target.h"

// Reads a model, then runs every decode path over it (frames, shading, UVs, textures) because a
// file that parses must also be safe to use.
RGX_FUZZ_TARGET(model3d) {
    using namespace rgx::loaders;
    Model m = readModel(data, "fuzz.3d");
    for (std::uint32_t k = 0; k < decodableFrameCount(m); ++k)
        modelFrame(m, k);
    for (std::size_t f = 0; f < m.faces.size(); ++f) {
        decodeFaceTexture(m.version(), m.faces[f].textureRaw);
        faceUvs(m, f);
        for (std::size_t c = 0; c < m.faces[f].vertexCount; ++c)
            faceVertexShading(m, f, c);
    }
    Model back = readModel(writeModel(m), "fuzz.3d");
    (void)back;
}

// The Riot Engine's palette and texture records on arbitrary bytes: read, written back and read
// again to the same record; a texture's pixels decoded (any format, any stream) never read or write
// outside the picture (decodeTexture throws instead).
#include "loaders/drakan/texture.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(drakan_texture) {
    namespace dk = rgx::loaders::drakan;
    const dk::DrakanPalette palette = dk::readPaletteRecord(data, "fuzz.pal");
    rgx::fuzz::require(RGX_FUZZ_MUST(dk::readPaletteRecord(dk::writePaletteRecord(palette), "again")) ==
                           palette,
                       "palette read(write(x)) != x");
    const dk::DrakanTexture texture = dk::readTextureRecord(data, "fuzz.txd");
    rgx::fuzz::require(RGX_FUZZ_MUST(dk::readTextureRecord(dk::writeTextureRecord(texture), "again")) ==
                           texture,
                       "texture read(write(x)) != x");
    try {
        const std::vector<std::uint8_t> rgba = dk::decodeTexture(texture, &palette, "fuzz.txd");
        rgx::fuzz::require(rgba.size() == std::size_t{texture.width} * texture.height * 4, "decoded size");
    } catch (const rgx::Error&) {
        // A stream or format it cannot decode: said, not read past.
    }
}

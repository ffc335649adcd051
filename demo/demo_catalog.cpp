#include "demo/demo_catalog.h"

namespace rgx::demo {

TextureRef materialTexture(Material m) {
    // Image ids are the material's position inside its bank; sizes are powers of two.
    switch (m) {
    case Material::Stone:
        return {kArchitectureBank, 0, 64, 64};
    case Material::StoneWall:
        return {kArchitectureBank, 1, 64, 64};
    case Material::Wood:
        return {kArchitectureBank, 2, 64, 64};
    case Material::Plank:
        return {kArchitectureBank, 3, 64, 32};
    case Material::Plaster:
        return {kArchitectureBank, 4, 64, 64};
    case Material::RoofTile:
        return {kArchitectureBank, 5, 64, 64};
    case Material::Glass:
        return {kArchitectureBank, 6, 32, 32};
    case Material::Floor:
        return {kArchitectureBank, 7, 64, 64};
    case Material::Door:
        return {kArchitectureBank, 8, 32, 64};
    case Material::Rock:
        return {kArchitectureBank, 9, 64, 64};
    case Material::PalmBark:
        return {kNatureBank, 0, 32, 64};
    case Material::PalmLeaves:
        return {kNatureBank, 1, 64, 64};
    case Material::Cloth:
        return {kNatureBank, 2, 32, 32};
    case Material::Skin:
        return {kNatureBank, 3, 32, 32};
    case Material::Hair:
        return {kNatureBank, 4, 32, 32};
    case Material::Metal:
        return {kNatureBank, 5, 32, 32};
    case Material::Rope:
        return {kNatureBank, 6, 16, 64};
    case Material::WaterSurface:
        return {kNatureBank, 7, 64, 64}; // animated (IFHD frames)
    case Material::Beam:
        return {kNatureBank, 8, 32, 64};
    case Material::Count:
        break;
    }
    return {kArchitectureBank, 0, 64, 64};
}

TextureRef flatTexture(int flatImage) {
    switch (flatImage) {
    case flat::kBush:
        return {kFlatBank, 0, 64, 64};
    case flat::kFlowers:
        return {kFlatBank, 1, 32, 32};
    case flat::kTorch:
        return {kFlatBank, 2, 16, 32};
    case flat::kGrassTuft:
        return {kFlatBank, 3, 32, 32};
    default:
        return {kFlatBank, 0, 64, 64};
    }
}

} // namespace rgx::demo

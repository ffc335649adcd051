// `rgx info` for TEXBSI.### banks and standalone .BSI images: the keys of issue 3
// (docs/formats/texbsi.md).
#include "app/info/info_registry.h"
#include "loaders/redguard/texbsi.h"

#include <openssl/evp.h>

#include <algorithm>
#include <cctype>
#include <memory>

namespace rgx::app {

namespace {

// Lower-case hex SHA-1 of the bytes (OpenSSL stays in app/: loaders never depend on it).
std::string sha1Hex(loaders::ByteSpan bytes) {
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha1(), nullptr) != 1 ||
        EVP_DigestUpdate(ctx.get(), bytes.data(), bytes.size()) != 1 ||
        EVP_DigestFinal_ex(ctx.get(), digest, &len) != 1) {
        throw Error("", Error::kNoOffset, "pixel_sha1", "OpenSSL SHA-1 failed");
    }
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (unsigned int i = 0; i < len; ++i) {
        out += hex[digest[i] >> 4];
        out += hex[digest[i] & 15];
    }
    return out;
}

bool texbsiExtension(std::string_view ext) {
    return ext == "bsi" || (ext.size() == 3 && std::all_of(ext.begin(), ext.end(),
                                                           [](unsigned char c) { return std::isdigit(c); }));
}

// Content first; an empty bank (just the 9-byte sentinel) is only recognisable by its name.
bool detectTexbsi(loaders::ByteSpan bytes, std::string_view ext) {
    if (loaders::looksLikeTexbsi(bytes)) return true;
    return texbsiExtension(ext) && bytes.size() == 9 &&
           std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

nlohmann::json describeTexbsi(loaders::ByteSpan bytes, const std::string& path,
                              rgx::loaders::Warnings& warnings) {
    loaders::TexbsiFile file = loaders::readTexbsi(bytes, path, &warnings);
    nlohmann::json images = nlohmann::json::array();
    for (const loaders::TexbsiImage& img : file.images) {
        const loaders::TexbsiHeader& h = img.header;
        images.push_back({
            {"name", img.name},
            {"width", h.width},
            {"height", h.height},
            {"frames", img.frames.size()},
            {"animated", loaders::texbsiAnimated(h)},
            {"has_palette", img.palette.has_value()},
            {"pixel_sha1", sha1Hex(img.frames.front())},
            {"image_id", loaders::texbsiImageId(img)},
            {"marker", img.marker == loaders::TexbsiMarker::Ifhd   ? "IFHD"
                       : img.marker == loaders::TexbsiMarker::Bsif ? "BSIF"
                                                                   : nlohmann::json()},
            {"x_offset", h.xOffset},
            {"y_offset", h.yOffset},
            {"tex_scale", h.texScale},
            {"anim_delay", h.animDelay},
            {"data_encoding", h.dataEncoding},
        });
    }
    return {
        {"format", "texbsi"},
        {"layout", file.bare ? "bare" : "records"},
        {"images", images},
    };
}

} // namespace

RGX_REGISTER_INFO_FORMAT("texbsi", 20, detectTexbsi, describeTexbsi, "### bsi");

} // namespace rgx::app

// The RGM writer: sections in layout order with computed lengths, then END.

#include "loaders/redguard/rgm_codec.h"

namespace rgx::loaders {

std::vector<RgmSectionRef> defaultRgmLayout(const Rgm& rgm) {
    std::vector<RgmSectionRef> layout;
    for (const auto& codec : rgm_detail::sectionCodecs()) {
        if (codec.present(rgm)) layout.push_back({codec.tag, false, {}});
    }
    return layout;
}

Bytes writeRgm(const Rgm& rgm) {
    const std::vector<RgmSectionRef> fallback =
        rgm.layout.empty() ? defaultRgmLayout(rgm) : std::vector<RgmSectionRef>{};
    const std::vector<RgmSectionRef>& layout = rgm.layout.empty() ? fallback : rgm.layout;
    ByteWriter w;
    for (const RgmSectionRef& ref : layout) {
        w.tag(ref.tag);
        std::size_t lengthAt = w.pos();
        w.u32be(0);
        std::size_t start = w.pos();
        if (ref.raw) {
            w.bytes(ref.payload);
        } else if (const auto* codec = rgm_detail::findSectionCodec(ref.tag, nullptr)) {
            codec->encode(rgm, w);
        }
        w.patchU32be(lengthAt, static_cast<std::uint32_t>(w.pos() - start));
    }
    w.tag("END ");
    w.u32be(0);
    return w.take();
}

} // namespace rgx::loaders

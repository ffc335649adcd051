// The RGM section walk and the table of known sections (canonical order = defaultRgmLayout).

#include "loaders/redguard/rgm_codec.h"
#include "loaders/text.h"

#include <cstdio>
#include <cstring>

namespace rgx::loaders {

namespace rgm_detail {

namespace {
std::string keepBytes(ByteReader& r, Bytes& into) {
    ByteSpan all = r.bytes(r.remaining(), "payload");
    into.assign(all.begin(), all.end());
    return {};
}

#define RGX_RGM_BYTES_CODEC(TAG, member)                                                                     \
    SectionCodec {                                                                                           \
        TAG, [](ByteReader& r, Rgm& rgm) { return keepBytes(r, rgm.member); },                               \
            [](const Rgm& rgm, ByteWriter& w) { w.bytes(rgm.member); },                                      \
            [](const Rgm& rgm) { return !rgm.member.empty(); }, [](Rgm& rgm) { rgm.member = {}; }            \
    }
#define RGX_RGM_TYPED_CODEC(TAG, member, Name)                                                               \
    SectionCodec {                                                                                           \
        TAG, decode##Name, encode##Name, [](const Rgm& rgm) { return !rgm.member.empty(); },                 \
            [](Rgm& rgm) { rgm.member = {}; }                                                                \
    }
} // namespace

const std::vector<SectionCodec>& sectionCodecs() {
    static const std::vector<SectionCodec> codecs = {
        RGX_RGM_BYTES_CODEC("RGMD", rgmd),
        RGX_RGM_TYPED_CODEC("MPOB", mpob, Mpob),
        RGX_RGM_TYPED_CODEC("MPSO", mpso, Mpso),
        RGX_RGM_TYPED_CODEC("MPRP", mprp, Mprp),
        RGX_RGM_TYPED_CODEC("MPSF", mpsf, Mpsf),
        RGX_RGM_TYPED_CODEC("MPSL", mpsl, Mpsl),
        RGX_RGM_TYPED_CODEC("MPMK", mpmk, Mpmk),
        RGX_RGM_BYTES_CODEC("MPSZ", mpsz),
        RGX_RGM_TYPED_CODEC("RAHD", rahd.actors, Rahd),
        RGX_RGM_TYPED_CODEC("RAAN", raan, Raan),
        RGX_RGM_TYPED_CODEC("RAGR", ragr, Ragr),
        RGX_RGM_TYPED_CODEC("RAEX", raex, Raex),
        RGX_RGM_TYPED_CODEC("RAAT", raat, Raat),
        RGX_RGM_BYTES_CODEC("RAST", rast),
        RGX_RGM_TYPED_CODEC("RASB", rasb, Rasb),
        RGX_RGM_TYPED_CODEC("RAVA", rava, Rava),
        RGX_RGM_BYTES_CODEC("RASC", rasc),
        RGX_RGM_BYTES_CODEC("RAHK", rahk),
        RGX_RGM_TYPED_CODEC("RALC", ralc, Ralc),
        RGX_RGM_TYPED_CODEC("RAVC", ravc, Ravc),
        RGX_RGM_TYPED_CODEC("WDNM", wdnm, Wdnm),
        RGX_RGM_BYTES_CODEC("RAFS", rafs),
        RGX_RGM_BYTES_CODEC("RANM", ranm),
    };
    return codecs;
}

#undef RGX_RGM_BYTES_CODEC
#undef RGX_RGM_TYPED_CODEC

const SectionCodec* findSectionCodec(std::string_view tag, std::size_t* index) {
    const auto& codecs = sectionCodecs();
    for (std::size_t i = 0; i < codecs.size(); ++i) {
        if (tag.size() == 4 && std::memcmp(codecs[i].tag, tag.data(), 4) == 0) {
            if (index) *index = i;
            return &codecs[i];
        }
    }
    return nullptr;
}

} // namespace rgm_detail

RgmReadResult readRgmWithWarnings(ByteSpan bytes, const std::string& path) {
    using namespace rgm_detail;
    RgmReadResult result;
    Rgm& rgm = result.rgm;
    std::vector<bool> seen(sectionCodecs().size(), false);
    ByteReader r(bytes, path, 0, &result.warnings);
    // Each step consumes at least the 8-byte header, so the walk ends.
    for (;;) {
        std::size_t header = r.pos();
        if (r.atEnd()) { // every section read: a missing END loses nothing
            r.warnAt(header, "END", "the section walk ends without an END section");
            break;
        }
        if (r.remaining() < 8) {
            r.fail("section header",
                   "needs 8 bytes, only " + std::to_string(r.remaining()) + " left (truncated)");
        }
        std::string tag = r.tag("section tag");
        std::uint32_t length = r.u32be("section length");
        if (tag == "END ") {
            // Nothing after END is read: its length and any bytes after it are only reported.
            if (length != 0)
                r.warnAt(header + 4, "END length",
                         "is " + std::to_string(length) + ", expected 0 (not used)");
            if (!r.atEnd())
                r.warnAt(r.pos(), "END", std::to_string(r.remaining()) + " bytes after END are ignored");
            break;
        }
        const std::string shownTag = escapeBytes(tag); // errors stay one printable line
        if (length > r.remaining()) {
            r.failAt(header + 4, shownTag + " section length",
                     "length " + std::to_string(length) + " runs past the end of the file (" +
                         std::to_string(r.remaining()) + " bytes left)");
        }
        ByteReader payload = r.sub(r.pos(), length, shownTag + " payload");
        r.skip(length, shownTag + " payload");

        RgmSectionRef ref;
        ref.tag = tag;
        std::size_t index = 0;
        const SectionCodec* codec = findSectionCodec(tag, &index);
        std::string why;
        if (!codec) {
            why = "unknown section kept raw";
        } else if (seen[index]) {
            why = "repeated section kept raw";
        } else {
            seen[index] = true;
            try {
                why = codec->decode(payload, rgm);
            } catch (const Error& e) {
                // An undecodable section is kept raw and reported, never fatal: the rest of
                // the scene is still usable, and the bytes write back unchanged.
                codec->reset(rgm);
                char at[32];
                std::snprintf(at, sizeof at, "offset 0x%llx: ", static_cast<unsigned long long>(e.offset()));
                why = at + (e.field().empty() ? std::string() : e.field() + ": ") + e.message();
            }
            if (!why.empty()) why += "; kept raw";
        }
        if (!why.empty()) {
            ref.raw = true;
            ByteSpan all = payload.data();
            ref.payload.assign(all.begin(), all.end());
            result.warnings.push_back({path, r.absolute(header), shownTag, std::move(why)});
        }
        rgm.layout.push_back(std::move(ref));
    }
    return result;
}

Rgm readRgm(ByteSpan bytes, const std::string& path) {
    return readRgmWithWarnings(bytes, path).rgm;
}

bool looksLikeRgm(ByteSpan bytes) {
    if (bytes.size() < 8) return false;
    std::string_view tag(reinterpret_cast<const char*>(bytes.data()), 4);
    if (!rgm_detail::findSectionCodec(tag, nullptr)) return false;
    std::uint32_t length = (std::uint32_t{bytes[4]} << 24) | (std::uint32_t{bytes[5]} << 16) |
                           (std::uint32_t{bytes[6]} << 8) | std::uint32_t{bytes[7]};
    return length <= bytes.size() - 8;
}

} // namespace rgx::loaders

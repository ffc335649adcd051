// The SOUP bytecode decoder, encoder and listing on arbitrary bytes: a listing may stop early
// (bad bytecode is a warning), but what decodes encodes back to the same bytes under the id-0
// reading the decoder chose, and its text assembles back to them too (with that reading), with
// the game's names and without.
#include "loaders/redguard/soup_asm.h"
#include "loaders/redguard/soup_bytecode.h"
#include "tests/fuzz/fuzz_target.h"

#include <algorithm>

RGX_FUZZ_TARGET(soup_script) {
    using namespace rgx::loaders;
    const SoupListing listing = decodeSoupScript(data, "FUZZ", "fuzz.rgm");
    std::size_t decoded = 0;
    for (const SoupInstruction& in : listing.code.instructions)
        decoded += in.length;
    const Bytes back = RGX_FUZZ_MUST(encodeSoupCode(listing.code));
    rgx::fuzz::require(back.size() == decoded && std::equal(back.begin(), back.end(), data.begin()),
                       "encode(decode(script)) != the decoded bytes");
    for (const SoupDef* def : {&gameSoupDef(), static_cast<const SoupDef*>(nullptr)}) {
        const std::string text = RGX_FUZZ_MUST(disassembleSoup(listing.code, 0, {def, nullptr}));
        rgx::fuzz::require(RGX_FUZZ_MUST(assembleSoup(text, def, "fuzz.txt", listing.code.id0)) == back,
                           "assemble(disassemble(code)) != encode(code)");
    }
}

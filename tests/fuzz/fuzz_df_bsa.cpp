// Daggerfall BSA reader on arbitrary bytes. Read without warnings: written back byte for byte.
// Read with warnings (a gap before the directory, names or ids twice): the rewrite reads back to
// the same records. Every record's bytes and lookups stay inside the input.
#include "loaders/daggerfall/bsa.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(df_bsa) {
    namespace df = rgx::loaders::daggerfall;
    rgx::Warnings warnings;
    const df::BsaArchive archive = df::readBsa(data, "fuzz.bsa", &warnings);
    const df::BsaDirectory dir = RGX_FUZZ_MUST(df::readBsaDirectory(data, "fuzz.bsa"));
    for (const df::BsaRecord& rec : dir.records) {
        const rgx::loaders::ByteSpan bytes = RGX_FUZZ_MUST(df::bsaRecordBytes(data, rec, "fuzz.bsa"));
        rgx::fuzz::require(bytes.size() == rec.size, "BSA record bytes have another size");
        rgx::fuzz::require(df::findBsaRecord(dir, rec.name) != nullptr ||
                               dir.type != df::BsaDirectoryType::Names,
                           "BSA name lookup misses a listed record");
    }
    const rgx::loaders::Bytes again = RGX_FUZZ_MUST(df::writeBsa(archive));
    if (warnings.empty()) {
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "BSA write(read(bytes)) != bytes");
        return;
    }
    rgx::fuzz::require(RGX_FUZZ_MUST(df::readBsa(again, "fuzz-rewrite.bsa")) == archive,
                       "BSA read(write(x)) != x after a read with warnings");
}

// Daggerfall RDB reader on arbitrary bytes. Every accepted block walks its action chains. Read
// without warnings: written back byte for byte. Either way the rewrite reads back to the same
// block (readRdb stores the object section as writeRdb writes it).
#include "loaders/daggerfall/rdb.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(df_rdb) {
    namespace df = rgx::loaders::daggerfall;
    rgx::Warnings warnings;
    const df::RdbBlock block = df::readRdb(data, "fuzz.rdb", &warnings);
    // A few chains: each call indexes the whole block.
    std::size_t walked = 0;
    for (const df::RdbObjectList& list : block.roots)
        for (const df::RdbObject& o : list.objects)
            if (walked++ < 16)
                rgx::fuzz::require(df::rdbActionChain(block, o).front() == &o,
                                   "RDB action chain lost its start");
    for (const df::RdbModelReference& ref : block.modelRefs)
        (void)df::rdbModelIdNumber(ref);
    rgx::loaders::Bytes again = RGX_FUZZ_MUST(df::writeRdb(block));
    if (warnings.empty())
        rgx::fuzz::require(rgx::fuzz::sameBytes(again, data), "RDB write(read(bytes)) != bytes");
    rgx::fuzz::require(RGX_FUZZ_MUST(df::readRdb(again, "fuzz-rewrite.rdb")) == block,
                       "RDB read(write(x)) != x");
}

// The whole-script half of loaders/redguard/soup_bytecode.h: a script decoded linearly from 0, its jumps
// checked, and the count after function id 0 read as the script's own bytes decide.

#include "loaders/redguard/soup_bytecode.h"

#include <optional>

namespace rgx::loaders {

namespace {

// Whether every instruction decoded and every jump and the entry land on an instruction start:
// decodeWith warns of nothing else.
bool passes(const SoupListing& l, std::uint32_t scriptPc) {
    return l.complete && l.warnings.empty() && (scriptPc == 0 || l.code.at(scriptPc));
}

// The offset of the first instruction holding an id-0 call (an instruction's nodes are the ones
// decoded after its own, up to the next instruction's), or none.
std::optional<std::uint32_t> firstId0Call(const SoupCode& code) {
    const std::size_t n = code.instructions.size();
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t end = i + 1 < n ? code.instructions[i + 1].expr : code.exprs.size();
        for (std::size_t e = code.instructions[i].expr; e < end; ++e) {
            if (code.exprs[e].isCall() && code.exprs[e].function == 0) return code.instructions[i].offset;
        }
    }
    return std::nullopt;
}

// One reading, linearly; target warnings added.
SoupListing decodeWith(ByteSpan script, const std::string& actor, const std::string& path, std::uint64_t base,
                       SoupId0Count id0) {
    SoupListing out;
    out.code.id0 = id0;
    const std::string field = "actor " + actor;
    std::uint32_t offset = 0;
    while (offset < script.size()) {
        try {
            offset += decodeSoupInstruction(script, offset, out.code, path, base).length;
        } catch (const Error& e) {
            out.complete = false;
            out.warnings.push_back({path, e.offset(), field,
                                    "script offset " + soupHex(offset) + ": " + e.field() + ": " +
                                        e.message() + "; the listing stops here"});
            break;
        }
    }
    for (const SoupInstruction& in : out.code.instructions) {
        for (std::uint32_t t : soupTargets(out.code, in)) {
            // End 0 and TaskPause 0 name no place to go; 0 is an instruction start anyway.
            if (t == script.size() && out.code.main(in).op == SoupOp::If) continue; // block to the end
            if (!out.code.at(t)) {
                out.warnings.push_back({path, base + in.offset, field,
                                        "script offset " + soupHex(in.offset) + ": " +
                                            soupOpInfo(out.code.main(in).op).name + " target " + soupHex(t) +
                                            " is not an instruction start"});
            }
        }
    }
    return out;
}

} // namespace

const char* soupId0ReadingName(SoupId0Reading r) {
    switch (r) {
    case SoupId0Reading::Auto:
        return "auto";
    case SoupId0Reading::Byte:
        return "byte";
    case SoupId0Reading::None:
        return "none";
    }
    return "?";
}

std::optional<SoupId0Reading> parseSoupId0Reading(std::string_view text) {
    for (SoupId0Reading r : {SoupId0Reading::Auto, SoupId0Reading::Byte, SoupId0Reading::None}) {
        if (text == soupId0ReadingName(r)) return r;
    }
    return std::nullopt;
}

const char* soupId0VerdictText(SoupId0Verdict v) {
    switch (v) {
    case SoupId0Verdict::NoCall:
        return "no id-0 call";
    case SoupId0Verdict::OnlyOne:
        return "only this reading passes";
    case SoupId0Verdict::Both:
        return "both readings pass";
    case SoupId0Verdict::Neither:
        return "neither reading passes";
    case SoupId0Verdict::Forced:
        return "asked for";
    }
    return "?";
}

SoupListing decodeSoupScript(ByteSpan script, const std::string& actor, const std::string& path,
                             std::uint64_t base, const SoupDecodeOptions& options) {
    if (options.id0 != SoupId0Reading::Auto) {
        SoupListing l =
            decodeWith(script, actor, path, base,
                       options.id0 == SoupId0Reading::Byte ? SoupId0Count::Byte : SoupId0Count::None);
        l.id0Verdict = firstId0Call(l.code) ? SoupId0Verdict::Forced : SoupId0Verdict::NoCall;
        return l;
    }
    SoupListing byte = decodeWith(script, actor, path, base, SoupId0Count::Byte);
    SoupListing none = decodeWith(script, actor, path, base, SoupId0Count::None);
    if (!firstId0Call(byte.code) && !firstId0Call(none.code)) {
        byte.id0Verdict = SoupId0Verdict::NoCall; // no id-0 call: both read the same bytes
        return byte;
    }
    const bool passByte = passes(byte, options.scriptPc);
    const bool passNone = passes(none, options.scriptPc);
    const std::string field = "actor " + actor;
    if (passByte != passNone) {
        SoupListing& kept = passByte ? byte : none;
        kept.id0Verdict = SoupId0Verdict::OnlyOne;
        return std::move(kept);
    }
    // Both or neither: keep the reference's reading, or the one that decodes further.
    const bool keepNone = !passByte && none.code.instructions.size() > byte.code.instructions.size();
    SoupListing& kept = keepNone ? none : byte;
    kept.id0Verdict = passByte ? SoupId0Verdict::Both : SoupId0Verdict::Neither;
    const std::uint32_t at = firstId0Call(kept.code).value_or(0);
    kept.warnings.push_back(
        {path, base + at, field,
         "script offset " + soupHex(at) + ": the count after function id 0: " +
             (passByte
                  ? std::string("both readings (a count byte, none) decode the script and land every jump; "
                                "the reference's (a byte) is kept")
                  : std::string("neither reading (a count byte, none) decodes the script with every jump on "
                                "an instruction; ") +
                        soupId0CountName(kept.code.id0) +
                        " is kept (it decodes more instructions; the reference's byte on a tie)") +
             "; --id0-count byte|none chooses"});
    return std::move(kept);
}

} // namespace rgx::loaders

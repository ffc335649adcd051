#include "loaders/systemshock/res_compression.h"
#include "tests/loaders/warning_checks.h"

#include <gtest/gtest.h>

#include <random>
#include <string_view>

using namespace rgx::loaders;
using namespace rgx::loaders::systemshock;

namespace {

Bytes ascii(std::string_view s) {
    return Bytes(s.begin(), s.end());
}

// Packs words 14 bits each, high bit first (§1.2's aaaaaaaabbbbbb... picture), zero bits to the
// byte, then `extra` (the encoder's one 0x00 byte when true). Used to build streams the
// encoder would not make; the expected bytes of the hand tests below are written out in full.
Bytes packWords(const std::vector<std::uint32_t>& words, bool extra = true) {
    Bytes out;
    std::uint32_t acc = 0;
    unsigned bits = 0;
    for (const std::uint32_t w : words) {
        acc = (acc << 14) | w;
        bits += 14;
        while (bits >= 8) {
            bits -= 8;
            out.push_back(std::uint8_t(acc >> bits));
        }
        acc &= (1u << bits) - 1;
    }
    if (bits) out.push_back(std::uint8_t(acc << (8 - bits)));
    if (extra) out.push_back(0);
    return out;
}

// The 14-bit words of a stream up to and including the end word.
std::vector<std::uint32_t> wordsOf(const Bytes& stream) {
    std::vector<std::uint32_t> words;
    std::size_t bit = 0;
    while (stream.size() * 8 - bit >= 14) {
        std::uint32_t w = 0;
        for (int i = 0; i < 14; ++i, ++bit)
            w = (w << 1) | ((stream[bit / 8] >> (7 - bit % 8)) & 1u);
        words.push_back(w);
        if (w == kLzwEndCode) break;
    }
    return words;
}

// The words 0x41 0x42 0x100 0x102 0x3FFE 0x43 0x100 0x3FFF, worked by hand:
//   0x41 'A'     token 0                                     out "A"
//   0x42 'B'     token 1; entry 0 = token 0 + 'B' = "AB"      out "AB"
//   0x100        token 2 names entry 0 "AB"; entry 1 = "BA"   out "ABAB"
//   0x102        token 3 names entry 2 = token 2 ("AB") + its own first byte 'A' (LZW's KwKwK)
//                                                             out "ABABABA"
//   0x3FFE       reset: the next token is token 0 again
//   0x43 'C'     token 0                                      out "ABABABAC"
//   0x100        token 1 names entry 0 = "C" + its own first byte = "CC"
//                                                             out "ABABABACCC"
//   0x3FFF       end
// Bits: 00000001000001 00000001000010 00000100000000 00000100000010 11111111111110 00000001000011
//       00000100000000 11111111111111 = 112 bits, 14 bytes; then the encoder's extra 0x00.
const Bytes kEveryWordStream = {0x01, 0x04, 0x04, 0x20, 0x40, 0x01, 0x02, 0xFF,
                                0xF8, 0x04, 0x30, 0x40, 0x3F, 0xFF, 0x00};

} // namespace

TEST(SystemShockLzw, DecodesAHandBuiltStreamUsingEveryKindOfWord) {
    EXPECT_EQ(packWords({0x41, 0x42, 0x100, 0x102, 0x3FFE, 0x43, 0x100, 0x3FFF}), kEveryWordStream);
    rgx::Warnings warnings;
    EXPECT_EQ(decompress(kEveryWordStream, 10, "x", 0, &warnings), ascii("ABABABACCC"));
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
}

// §1.2's picture: 7 bytes hold 4 words, the first word the first byte and the high 6 bits of the
// second. "ABABABA" by hand, as greedy LZW makes it: A, B (entry 0 "AB", entry 1 "BA"), then
// "AB" = 0x100 (entry 2 "ABA"), then "ABA" = 0x102, then the end word:
//   00000001 00000100 00000100 00100000 01000000 00000001 00000010 11111111 111111|00 | 00000000
TEST(SystemShockLzw, EncodesAHandWorkedExample) {
    const Bytes expected = {0x01, 0x04, 0x04, 0x20, 0x40, 0x01, 0x02, 0xFF, 0xFC, 0x00};
    EXPECT_EQ(compress(ascii("ABABABA")), expected);
    EXPECT_EQ(wordsOf(expected), (std::vector<std::uint32_t>{0x41, 0x42, 0x100, 0x102, 0x3FFF}));
    EXPECT_EQ(decompress(expected, 7, "x"), ascii("ABABABA"));
}

TEST(SystemShockLzw, EmptyInputIsTheEndWordAndTheExtraByte) {
    // 11111111 111111|00, then 0x00.
    EXPECT_EQ(compress({}), (Bytes{0xFF, 0xFC, 0x00}));
    rgx::Warnings warnings;
    EXPECT_TRUE(decompress(Bytes{0xFF, 0xFC, 0x00}, 0, "x", 0, &warnings).empty());
    EXPECT_TRUE(warnings.empty());
}

TEST(SystemShockLzw, RepetitiveDataUsesDictionaryWords) {
    const Bytes zeros(1000, 0);
    const Bytes packed = compress(zeros);
    // Tokens of 1, 2, 3, ... bytes: 44 tokens make 990 bytes, so about 46 words.
    EXPECT_LT(packed.size(), 100u);
    const std::vector<std::uint32_t> words = wordsOf(packed);
    ASSERT_GE(words.size(), 3u);
    EXPECT_EQ(words[0], 0u);
    EXPECT_EQ(words[1], 0x100u); // entry 0 = "\0\0", named by the token right after it
    EXPECT_EQ(words[2], 0x101u);
    EXPECT_EQ(decompress(packed, zeros.size(), "x"), zeros);
}

// Random and structured data of sizes 0..100,000 through compress and back, with no warnings;
// structured data must really shrink.
TEST(SystemShockLzw, RandomRoundTrips) {
    std::mt19937 rng(1994);
    const std::size_t sizes[] = {0, 1, 2, 3, 13, 255, 256, 4096, 16127, 40000, 100000};
    int cases = 0;
    for (int seed = 0; seed < 6; ++seed) {
        for (const std::size_t size : sizes) {
            for (int kind = 0; kind < 4; ++kind) {
                Bytes data(size);
                if (kind == 0) { // uniform random: grows a little
                    for (auto& b : data)
                        b = std::uint8_t(rng());
                } else if (kind == 1) { // a few symbols
                    for (auto& b : data)
                        b = std::uint8_t("abcd"[rng() % 4]);
                } else if (kind == 2) { // a repeated random phrase, as in tile maps
                    Bytes phrase(1 + rng() % 64);
                    for (auto& b : phrase)
                        b = std::uint8_t(rng());
                    for (std::size_t i = 0; i < size; ++i)
                        data[i] = phrase[i % phrase.size()];
                } else { // runs of random lengths
                    std::size_t i = 0;
                    while (i < size) {
                        const std::size_t run = 1 + rng() % 40;
                        const std::uint8_t v = std::uint8_t(rng());
                        for (std::size_t k = 0; k < run && i < size; ++k)
                            data[i++] = v;
                    }
                }
                SCOPED_TRACE(::testing::Message() << "seed " << seed << " size " << size << " kind " << kind);
                const Bytes packed = compress(data);
                rgx::Warnings warnings;
                ASSERT_EQ(decompress(packed, data.size(), "x", 0, &warnings), data);
                EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
                EXPECT_LE(std::uint64_t{size}, maxDecompressedSize(packed.size()));
                if (kind != 0 && size >= 4096) {
                    EXPECT_LT(packed.size(), size / 2);
                }
                // LZW learns a phrase of P bytes a byte a token: about sqrt(2 x size x P) tokens
                // of 1.75 bytes, under a tenth of the size for P <= 64 from 40,000 bytes on.
                if (kind == 2 && size >= 40000) {
                    EXPECT_LT(packed.size(), size / 10);
                }
                ++cases;
            }
        }
    }
    EXPECT_EQ(cases, 6 * 11 * 4);
}

// 100,000 random bytes make more tokens than the dictionary holds: the encoder writes a reset
// the 1000th time a full dictionary refuses an entry (§1.2.2), and the decoder follows.
TEST(SystemShockLzw, FullDictionaryIsResetAfterAThousandRefusals) {
    std::mt19937 rng(7);
    Bytes data(100000);
    for (auto& b : data)
        b = std::uint8_t(rng());
    const Bytes packed = compress(data);
    const std::vector<std::uint32_t> words = wordsOf(packed);
    std::size_t firstReset = 0, resets = 0;
    std::uint32_t highest = 0;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (words[i] == kLzwResetCode) {
            if (!resets) firstReset = i;
            ++resets;
        } else if (words[i] != kLzwEndCode) {
            highest = std::max(highest, words[i]);
        }
    }
    ASSERT_GE(resets, 1u);
    // Tokens 0..16125 each make an entry, then 1000 more tokens find it full: the reset follows
    // token 17,125, the 17,126th word.
    EXPECT_EQ(firstReset, kLzwMaxEntries + kLzwResetAfterRefusals);
    // Entries near the top of the dictionary are named (the words stay below the reset word).
    EXPECT_GT(highest, 0x3F00u);
    EXPECT_LT(highest, std::uint32_t{kLzwResetCode});
    EXPECT_EQ(decompress(packed, data.size(), "x"), data);
}

// The bound on unpacked sizes holds for the stream that unpacks most: every token names the
// entry the token before it made (1, 2, 3, ... bytes).
TEST(SystemShockLzw, MaxDecompressedSizeBoundsTheLongestStream) {
    for (const std::size_t tokens : {1u, 2u, 100u, 3000u}) {
        std::vector<std::uint32_t> words = {0};
        for (std::size_t k = 1; k < tokens; ++k)
            words.push_back(std::uint32_t(0x100 + k - 1));
        words.push_back(kLzwEndCode);
        const Bytes stream = packWords(words);
        const std::size_t made = tokens * (tokens + 1) / 2;
        EXPECT_EQ(decompress(stream, made, "x"), Bytes(made, 0)) << tokens;
        EXPECT_GE(maxDecompressedSize(stream.size()), made);
        EXPECT_LT(maxDecompressedSize(stream.size()), 2 * made + 200);
    }
}

TEST(SystemShockLzw, RejectEntryNotYetDefined) {
    // The first word names entry 0, which the second token defines.
    EXPECT_TRUE(rgx::testing::throwsAt(
        [] {
            decompress(packWords({0x100, 0x3FFF}), 2, "x", 40);
        },
        40, "LZW code", "only 0 are defined"));
    // Token 1 naming entry 1 (its own).
    EXPECT_TRUE(rgx::testing::throwsAt(
        [] {
            decompress(packWords({0x41, 0x101, 0x3FFF}), 3, "x");
        },
        1, "LZW code", "names dictionary entry 1"));
    // After a reset, entry 0 is gone again.
    EXPECT_TRUE(rgx::testing::throwsAt(
        [] {
            decompress(packWords({0x41, 0x41, 0x3FFE, 0x100, 0x3FFF}), 4, "x");
        },
        5, "LZW code", "names dictionary entry 0"));
}

TEST(SystemShockLzw, RejectOutputPastExpectedSize) {
    // "ABABABA" into 6 bytes: the fourth word would write bytes 4..6.
    EXPECT_TRUE(rgx::testing::throwsAt(
        [] {
            decompress(packWords({0x41, 0x42, 0x100, 0x102, 0x3FFF}), 6, "x");
        },
        5, "LZW code", "past the expected 6"));
    // A literal after the last byte instead of the end word.
    EXPECT_TRUE(rgx::testing::throwsAt(
        [] {
            decompress(packWords({0x41, 0x42, 0x3FFF}), 1, "x");
        },
        1, "LZW code", "past the expected 1"));
}

TEST(SystemShockLzw, RejectStreamEndingEarly) {
    // 20 different bytes: 20 literal words and the end word, 294 bits, 37 bytes and the extra one.
    Bytes data(20);
    for (std::size_t i = 0; i < data.size(); ++i)
        data[i] = std::uint8_t(i);
    const Bytes full = compress(data);
    ASSERT_EQ(full.size(), 38u);
    // Every cut is refused with an offset inside it: too short to make 20 bytes at all (the
    // bound, before unpacking), or the stream runs out.
    for (std::size_t n = 0; n + 2 < full.size(); ++n) { // the last 2 bytes hold the end word's tail
        const Bytes cut(full.begin(), full.begin() + std::ptrdiff_t(n));
        const rgx::Error e = rgx::testing::expectError([&] { decompress(cut, data.size(), "x", 100); });
        EXPECT_TRUE(e.field() == "LZW stream" || e.field() == "LZW expected size") << n << ": " << e.what();
        EXPECT_GE(e.offset(), 100u) << n;
        EXPECT_LE(e.offset(), 100u + n) << n;
    }
    // 30 bytes hold 17 words: 17 of the 20 bytes, then nothing.
    EXPECT_TRUE(rgx::testing::throwsAt([&] { decompress(Bytes(full.begin(), full.begin() + 30), 20, "x"); },
                                       30, "LZW stream", "after 17 of 20 bytes"));
}

TEST(SystemShockLzw, RejectNoEndWord) {
    // All 7 bytes made, then the stream stops where the end word should be.
    EXPECT_TRUE(rgx::testing::throwsAt(
        [] {
            decompress(packWords({0x41, 0x42, 0x100, 0x102}, false), 7, "x");
        },
        7, "LZW stream", "no end word"));
}

TEST(SystemShockLzw, RejectExpectedSizeTheStreamCannotMake) {
    // 3 bytes hold one word: at most 1 byte. A huge size is refused before any allocation.
    EXPECT_TRUE(rgx::testing::throwsAt(
        [] {
            decompress(Bytes{0x01, 0x04, 0x00}, 2, "x", 9);
        },
        9, "LZW expected size", "cannot come from"));
    EXPECT_TRUE(
        rgx::testing::throwsAt([] { decompress(Bytes(12, 0), 0xFFFFFF, "x"); }, 0, "LZW expected size"));
}

TEST(SystemShockLzw, EarlyEndWordZeroFillsWithAWarning) {
    rgx::Warnings warnings;
    EXPECT_EQ(decompress(packWords({0x41, 0x42, 0x3FFF}), 4, "x", 0, &warnings), (Bytes{0x41, 0x42, 0, 0}));
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 6, "LZW stream", "after 2 of 4 bytes"));
}

TEST(SystemShockLzw, TrailingBytesOtherThanTheExtraZeroAreWarnings) {
    rgx::Warnings warnings;
    EXPECT_EQ(decompress(packWords({0x41, 0x3FFF}, false), 1, "x", 0, &warnings), ascii("A"));
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 4, "LZW stream", "0 bytes after the end word"));
    warnings.clear();
    Bytes extra = compress(ascii("A"));
    extra.push_back(7);
    EXPECT_EQ(decompress(extra, 1, "x", 0, &warnings), ascii("A"));
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 4, "LZW stream", "2 bytes after the end word"));
}

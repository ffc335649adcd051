#include "loaders/systemshock/res_compression.h"

#include <algorithm>
#include <vector>

namespace rgx::loaders::systemshock {

namespace {

constexpr unsigned kWordBits = 14;
constexpr std::uint32_t kWordMask = (1u << kWordBits) - 1;

std::string hex(std::uint32_t v) {
    static const char* digits = "0123456789ABCDEF";
    std::string s = "0x";
    for (int shift = 12; shift >= 0; shift -= 4)
        s += digits[(v >> shift) & 0xF];
    return s;
}

// Words of 14 bits, high bit first, across byte boundaries (§1.2).
class WordReader {
public:
    explicit WordReader(ByteSpan bytes) : bytes_(bytes) {}
    // The byte index where the next word starts (for messages).
    std::size_t wordStart() const { return (bitPos_ / 8); }
    std::size_t bytesUsed() const { return (bitPos_ + 7) / 8; }
    bool next(std::uint32_t& word) {
        if (bytes_.size() * 8 - bitPos_ < kWordBits) return false;
        word = 0;
        for (unsigned i = 0; i < kWordBits; ++i, ++bitPos_)
            word = (word << 1) | ((bytes_[bitPos_ / 8] >> (7 - bitPos_ % 8)) & 1u);
        return true;
    }

private:
    ByteSpan bytes_;
    std::size_t bitPos_ = 0;
};

class WordWriter {
public:
    void put(std::uint32_t word) {
        acc_ = (acc_ << kWordBits) | (word & kWordMask);
        bits_ += kWordBits;
        while (bits_ >= 8) {
            bits_ -= 8;
            out_.push_back(static_cast<std::uint8_t>(acc_ >> bits_));
        }
        acc_ &= (1u << bits_) - 1;
    }
    // The last partial byte padded with zero bits, then the one extra 0x00 byte of §1.2.2.
    Bytes finish() {
        if (bits_ > 0) out_.push_back(static_cast<std::uint8_t>(acc_ << (8 - bits_)));
        out_.push_back(0);
        return std::move(out_);
    }
    void reserve(std::size_t n) { out_.reserve(n); }

private:
    Bytes out_;
    std::uint32_t acc_ = 0;
    unsigned bits_ = 0;
};

// (prefix code, next byte) -> entry code, open addressing. At most kLzwMaxEntries keys, so a
// table of 32,768 slots stays under half full.
class Dictionary {
public:
    Dictionary() : keys_(kSlots, 0), codes_(kSlots, 0) {}
    void clear() { std::fill(keys_.begin(), keys_.end(), 0u); }
    // The entry code for prefix + byte, or 0 when there is none (no entry code is 0).
    std::uint16_t find(std::uint32_t prefix, std::uint8_t byte) const {
        const std::uint32_t key = makeKey(prefix, byte);
        for (std::size_t i = slot(key);; i = (i + 1) & (kSlots - 1)) {
            if (keys_[i] == 0) return 0;
            if (keys_[i] == key) return codes_[i];
        }
    }
    void add(std::uint32_t prefix, std::uint8_t byte, std::uint16_t code) {
        const std::uint32_t key = makeKey(prefix, byte);
        std::size_t i = slot(key);
        while (keys_[i] != 0)
            i = (i + 1) & (kSlots - 1);
        keys_[i] = key;
        codes_[i] = code;
    }

private:
    static constexpr std::size_t kSlots = 1u << 15;
    // +1 so that no key is 0 (the empty slot).
    static std::uint32_t makeKey(std::uint32_t prefix, std::uint8_t byte) {
        return ((prefix << 8) | byte) + 1;
    }
    static std::size_t slot(std::uint32_t key) { return (key * 2654435761u) >> (32 - 15); }
    std::vector<std::uint32_t> keys_;
    std::vector<std::uint16_t> codes_;
};

} // namespace

std::uint64_t maxDecompressedSize(std::size_t packedSize) {
    const std::uint64_t words = std::uint64_t{packedSize} * 8 / kWordBits;
    const std::uint64_t longest = kLzwMaxEntries + 1;
    if (words <= longest) return words * (words + 1) / 2;
    return longest * (longest + 1) / 2 + (words - longest) * longest;
}

Bytes decompress(ByteSpan packed, std::size_t expectedSize, const std::string& path, std::uint64_t base,
                 Warnings* warnings) {
    const ByteReader at(packed, path, base, warnings); // for failAt/warnAt with absolute offsets
    if (expectedSize > maxDecompressedSize(packed.size())) {
        at.failAt(0, "LZW expected size",
                  std::to_string(expectedSize) + " bytes cannot come from a stream of " +
                      std::to_string(packed.size()) + " bytes (at most " +
                      std::to_string(maxDecompressedSize(packed.size())) + ")");
    }
    Bytes out;
    out.reserve(expectedSize);
    // Per entry: where its token starts in `out` and how long the entry is (the token's length
    // plus one). §1.2.1 works the entry's length out from the token it names; the same number.
    std::vector<std::uint32_t> entryStart(kLzwMaxEntries);
    std::vector<std::uint32_t> entryLength(kLzwMaxEntries);
    std::size_t tokens = 0; // tokens since the last reset
    WordReader words(packed);
    for (;;) {
        const std::size_t wordAt = words.wordStart();
        std::uint32_t word = 0;
        if (!words.next(word)) {
            if (out.size() < expectedSize)
                at.failAt(packed.size(), "LZW stream",
                          "the stream ends after " + std::to_string(out.size()) + " of " +
                              std::to_string(expectedSize) + " bytes, without the end word (truncated)");
            at.failAt(packed.size(), "LZW stream",
                      "no end word (0x3FFF) after the " + std::to_string(expectedSize) + " bytes");
        }
        if (word == kLzwEndCode) break;
        if (word == kLzwResetCode) {
            tokens = 0;
            continue;
        }
        std::size_t length = 1;
        std::uint32_t entry = 0;
        if (word >= kLzwFirstEntryCode) {
            entry = word - kLzwFirstEntryCode;
            // Entry n exists once token n + 1 has been read, that is when n < tokens (the token
            // just before this one defines its entry with this token's first byte).
            if (entry >= tokens || entry >= kLzwMaxEntries) {
                at.failAt(wordAt, "LZW code",
                          "word " + hex(word) + " names dictionary entry " + std::to_string(entry) +
                              ", but only " + std::to_string(std::min(tokens, kLzwMaxEntries)) +
                              " are defined");
            }
            length = entryLength[entry];
        }
        if (length > expectedSize - out.size()) {
            at.failAt(wordAt, "LZW code",
                      "word " + hex(word) + " unpacks " + std::to_string(length) + " bytes at " +
                          std::to_string(out.size()) + ", past the expected " + std::to_string(expectedSize));
        }
        const std::size_t start = out.size();
        if (tokens < kLzwMaxEntries) {
            entryStart[tokens] = static_cast<std::uint32_t>(start);
            entryLength[tokens] = static_cast<std::uint32_t>(length + 1);
        }
        ++tokens;
        if (word < kLzwFirstEntryCode) {
            out.push_back(static_cast<std::uint8_t>(word));
            continue;
        }
        // Byte by byte: the entry made by the token just before ends with this token's first
        // byte, written a moment before it is read (LZW's "KwKwK" case).
        const std::size_t from = entryStart[entry];
        for (std::size_t i = 0; i < length; ++i) {
            // Cannot happen for an entry defined as above; §1.2 says a zero byte then.
            out.push_back(from + i < out.size() ? out[from + i] : std::uint8_t{0});
        }
    }
    const std::size_t used = words.bytesUsed();
    if (out.size() < expectedSize) {
        at.warnAt(used, "LZW stream",
                  "the end word comes after " + std::to_string(out.size()) + " of " +
                      std::to_string(expectedSize) + " bytes; the rest is zeros");
        out.resize(expectedSize, 0);
    }
    const std::size_t trailing = packed.size() - used;
    if (trailing != 1 || packed[used] != 0) {
        at.warnAt(used, "LZW stream",
                  std::to_string(trailing) +
                      " bytes after the end word where the encoder writes one 0x00 byte");
    }
    return out;
}

Bytes compress(ByteSpan data) {
    WordWriter out;
    out.reserve(data.size() / 2 + 8);
    if (!data.empty()) {
        Dictionary dict;
        std::size_t entries = 0;
        std::size_t refusals = 0;
        std::uint32_t current = data[0]; // the code of the longest match so far
        for (std::size_t i = 1; i < data.size(); ++i) {
            const std::uint8_t byte = data[i];
            if (const std::uint16_t longer = dict.find(current, byte)) {
                current = longer;
                continue;
            }
            out.put(current);
            if (entries < kLzwMaxEntries) {
                dict.add(current, byte, static_cast<std::uint16_t>(kLzwFirstEntryCode + entries));
                ++entries;
            } else if (++refusals == kLzwResetAfterRefusals) {
                out.put(kLzwResetCode);
                dict.clear();
                entries = 0;
                refusals = 0;
            }
            current = byte;
        }
        out.put(current);
    }
    out.put(kLzwEndCode);
    return out.finish();
}

} // namespace rgx::loaders::systemshock

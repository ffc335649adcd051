#pragma once
// Bounds-checked little/big-endian reading and writing of byte buffers, shared by every format.
//
// Contract of ByteReader: it never reads outside the span it was given; every failed read throws
// rgx::Error naming the file path, the absolute file offset and the field being read. Counts read
// from a file are checked with checkCount() before anything is allocated from them, so a corrupt
// count can never cause an allocation larger than the bytes that remain. A reader may carry a
// warning sink: warnAt() records a tolerated departure from the reference there (and does nothing
// without one); sub-readers and copies share the sink.

#include "base/error.h"

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::loaders {

using Bytes = std::vector<std::uint8_t>;
using rgx::Warning; // a reader's tolerated departure from the reference (base/error.h)
using rgx::Warnings;
using ByteSpan = std::span<const std::uint8_t>;

class ByteReader {
public:
    // data: the bytes to read; path: file name used in errors; base: absolute file offset of
    // data[0] (so a sub-reader over a segment still reports offsets in the whole file).
    // warnings: where warnAt() records; may be null (warnings are then dropped).
    ByteReader(ByteSpan data, std::string path, std::uint64_t base = 0, Warnings* warnings = nullptr)
        : data_(data), path_(std::move(path)), base_(base), warnings_(warnings) {}

    std::size_t pos() const { return pos_; }
    std::size_t size() const { return data_.size(); }
    std::size_t remaining() const { return data_.size() - pos_; }
    bool atEnd() const { return pos_ >= data_.size(); }
    std::uint64_t absolute(std::size_t local) const { return base_ + local; }
    std::uint64_t base() const { return base_; }
    const std::string& path() const { return path_; }
    ByteSpan data() const { return data_; }
    Warnings* warnings() const { return warnings_; }

    [[noreturn]] void failAt(std::size_t localOffset, std::string_view field, std::string message) const {
        throw Error(path_, base_ + localOffset, std::string(field), std::move(message));
    }
    [[noreturn]] void fail(std::string_view field, std::string message) const {
        failAt(pos_, field, std::move(message));
    }
    // Records a departure from the reference that the reader tolerates (see the header comment).
    void warnAt(std::size_t localOffset, std::string_view field, std::string message) const {
        if (warnings_)
            warnings_->push_back({path_, base_ + localOffset, std::string(field), std::move(message)});
    }

    // Throws unless n more bytes are available at the current position.
    void require(std::size_t n, std::string_view field) const {
        if (n > remaining()) {
            fail(field, "needs " + std::to_string(n) + " bytes, only " + std::to_string(remaining()) +
                            " left (truncated)");
        }
    }
    void seek(std::size_t localOffset, std::string_view field) {
        if (localOffset > data_.size()) {
            failAt(pos_, field,
                   "offset " + std::to_string(localOffset) + " is past the end (size " +
                       std::to_string(data_.size()) + ")");
        }
        pos_ = localOffset;
    }
    void skip(std::size_t n, std::string_view field) {
        require(n, field);
        pos_ += n;
    }

    // Throws unless count elements of elemSize bytes fit in the remaining bytes. Returns count.
    std::size_t checkCount(std::uint64_t count, std::size_t elemSize, std::string_view field) const {
        if (elemSize != 0 && count > remaining() / elemSize) {
            fail(field, "count " + std::to_string(count) + " x " + std::to_string(elemSize) +
                            " bytes exceeds the " + std::to_string(remaining()) + " bytes left");
        }
        return static_cast<std::size_t>(count);
    }

    std::uint8_t u8(std::string_view field) {
        require(1, field);
        return data_[pos_++];
    }
    std::int8_t i8(std::string_view field) { return static_cast<std::int8_t>(u8(field)); }
    std::uint16_t u16(std::string_view field) {
        require(2, field);
        std::uint16_t v = static_cast<std::uint16_t>(data_[pos_] | (data_[pos_ + 1] << 8));
        pos_ += 2;
        return v;
    }
    std::int16_t i16(std::string_view field) { return static_cast<std::int16_t>(u16(field)); }
    std::uint32_t u32(std::string_view field) {
        require(4, field);
        std::uint32_t v = loadU32(pos_);
        pos_ += 4;
        return v;
    }
    std::int32_t i32(std::string_view field) { return static_cast<std::int32_t>(u32(field)); }
    std::uint64_t u64(std::string_view field) {
        require(8, field);
        const std::uint64_t v = std::uint64_t{loadU32(pos_)} | (std::uint64_t{loadU32(pos_ + 4)} << 32);
        pos_ += 8;
        return v;
    }
    std::uint16_t u16be(std::string_view field) {
        require(2, field);
        std::uint16_t v = static_cast<std::uint16_t>((data_[pos_] << 8) | data_[pos_ + 1]);
        pos_ += 2;
        return v;
    }
    std::uint32_t u32be(std::string_view field) {
        require(4, field);
        std::uint32_t v = (std::uint32_t{data_[pos_]} << 24) | (std::uint32_t{data_[pos_ + 1]} << 16) |
                          (std::uint32_t{data_[pos_ + 2]} << 8) | std::uint32_t{data_[pos_ + 3]};
        pos_ += 4;
        return v;
    }
    float f32(std::string_view field) {
        std::uint32_t bits = u32(field);
        float f;
        std::memcpy(&f, &bits, 4);
        return f;
    }
    ByteSpan bytes(std::size_t n, std::string_view field) {
        require(n, field);
        ByteSpan s = data_.subspan(pos_, n);
        pos_ += n;
        return s;
    }
    // Reads exactly n bytes; the string stops at the first NUL (the rest is padding).
    std::string fixedString(std::size_t n, std::string_view field) {
        ByteSpan s = bytes(n, field);
        std::size_t len = 0;
        while (len < n && s[len] != 0)
            ++len;
        return std::string(reinterpret_cast<const char*>(s.data()), len);
    }
    // 4-character tag such as "OARC" or "END ", raw.
    std::string tag(std::string_view field) { return fixedRaw(4, field); }
    // Exactly n bytes as a string, NULs included.
    std::string fixedRaw(std::size_t n, std::string_view field) {
        ByteSpan s = bytes(n, field);
        return std::string(reinterpret_cast<const char*>(s.data()), n);
    }

    // A reader over [localOffset, localOffset + length) of this one, reporting absolute offsets.
    ByteReader sub(std::size_t localOffset, std::size_t length, std::string_view field) const {
        if (localOffset > data_.size() || length > data_.size() - localOffset) {
            failAt(pos_, field,
                   "range [" + std::to_string(localOffset) + ", +" + std::to_string(length) +
                       ") is outside the " + std::to_string(data_.size()) + " bytes available");
        }
        return ByteReader(data_.subspan(localOffset, length), path_, base_ + localOffset, warnings_);
    }

private:
    std::uint32_t loadU32(std::size_t at) const {
        return std::uint32_t{data_[at]} | (std::uint32_t{data_[at + 1]} << 8) |
               (std::uint32_t{data_[at + 2]} << 16) | (std::uint32_t{data_[at + 3]} << 24);
    }

    ByteSpan data_;
    std::string path_;
    std::uint64_t base_ = 0;
    Warnings* warnings_ = nullptr;
    std::size_t pos_ = 0;
};

class ByteWriter {
public:
    std::size_t pos() const { return buf_.size(); }
    const Bytes& bytes() const { return buf_; }
    Bytes take() { return std::move(buf_); }
    void reserve(std::size_t n) { buf_.reserve(n); }

    void u8(std::uint8_t v) { buf_.push_back(v); }
    void i8(std::int8_t v) { u8(static_cast<std::uint8_t>(v)); }
    void u16(std::uint16_t v) {
        buf_.push_back(static_cast<std::uint8_t>(v));
        buf_.push_back(static_cast<std::uint8_t>(v >> 8));
    }
    void i16(std::int16_t v) { u16(static_cast<std::uint16_t>(v)); }
    void u32(std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            buf_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
    void u64(std::uint64_t v) {
        u32(static_cast<std::uint32_t>(v));
        u32(static_cast<std::uint32_t>(v >> 32));
    }
    void u16be(std::uint16_t v) {
        buf_.push_back(static_cast<std::uint8_t>(v >> 8));
        buf_.push_back(static_cast<std::uint8_t>(v));
    }
    void u32be(std::uint32_t v) {
        for (int i = 3; i >= 0; --i)
            buf_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void f32(float f) {
        std::uint32_t bits;
        std::memcpy(&bits, &f, 4);
        u32(bits);
    }
    void bytes(ByteSpan s) { buf_.insert(buf_.end(), s.begin(), s.end()); }
    void bytes(const void* p, std::size_t n) {
        if (n == 0) return;
        // resize + memcpy rather than insert(): GCC 12 reports a false stringop-overflow for the
        // inlined range insert in some callers.
        const std::size_t at = buf_.size();
        buf_.resize(at + n);
        std::memcpy(buf_.data() + at, p, n);
    }
    void zeros(std::size_t n) { buf_.insert(buf_.end(), n, 0); }
    // Writes s truncated or NUL-padded to exactly n bytes.
    void fixedString(std::string_view s, std::size_t n) {
        std::size_t len = s.size() < n ? s.size() : n;
        bytes(s.data(), len);
        zeros(n - len);
    }
    void tag(std::string_view fourChars) { fixedString(fourChars, 4); }

    void patchU32(std::size_t at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            buf_.at(at + i) = static_cast<std::uint8_t>(v >> (8 * i));
    }
    void patchU32be(std::size_t at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            buf_.at(at + i) = static_cast<std::uint8_t>(v >> (8 * (3 - i)));
    }

private:
    Bytes buf_;
};

// FNV-1a, 64 bits: a checksum of bytes (the pipeline cache's file) and a key of content (the
// embedded shaders). Not cryptographic. Chain calls by passing the last result as `hash`.
inline constexpr std::uint64_t kFnv1a64Offset = 0xcbf29ce484222325ull;
inline std::uint64_t fnv1a64(ByteSpan bytes, std::uint64_t hash = kFnv1a64Offset) {
    for (const std::uint8_t b : bytes) {
        hash ^= b;
        hash *= 0x100000001b3ull;
    }
    return hash;
}

} // namespace rgx::loaders

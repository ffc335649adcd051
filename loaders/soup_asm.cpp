#include "loaders/soup_asm.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

namespace rgx::loaders {

namespace {

const char* kObjectNames[] = {"Me", "Player", "Camera"};

// ---- the assembler -------------------------------------------------------------------------

struct Token {
    enum Kind { Ident, Number, Key, Punct, End } kind = End;
    std::string text;
    std::int64_t number = 0;
    bool spaced = false; // whitespace before it: `Me.x++` is ObjDot++, `Me.x ++` a formula's ++
};

class Parser {
public:
    Parser(const SoupDef* def, const std::string& path) : def_(def), path_(path) {}

    Bytes run(std::string_view text) {
        std::size_t lineNo = 0;
        std::size_t start = 0;
        while (start <= text.size()) {
            std::size_t end = text.find('\n', start);
            if (end == std::string_view::npos) end = text.size();
            ++lineNo;
            line_ = lineNo;
            statementLine(text.substr(start, end - start));
            start = end + 1;
        }
        for (const Fixup& f : fixups_) {
            std::uint32_t target = 0;
            if (auto it = labels_.find(f.label); it != labels_.end()) {
                target = it->second;
            } else if (f.label.size() > 2 && f.label.rfind("L_", 0) == 0) {
                target = static_cast<std::uint32_t>(parseHex(f.label.substr(2), f.line));
            } else {
                line_ = f.line;
                fail("no label " + f.label);
            }
            for (int i = 0; i < 4; ++i)
                out_[f.at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(target >> (8 * i));
        }
        return out_;
    }

private:
    struct Fixup {
        std::size_t at;
        std::string label;
        std::size_t line;
    };

    [[noreturn]] void fail(const std::string& message) const {
        throw Error(path_, Error::kNoOffset, "line " + std::to_string(line_), message);
    }

    std::uint64_t parseHex(const std::string& s, std::size_t line) {
        std::uint64_t v = 0;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
        if (ec != std::errc() || p != s.data() + s.size() || v > 0xFFFFFFFFu) {
            line_ = line;
            fail("bad label " + s);
        }
        return v;
    }

    // -- tokens
    void tokenize(std::string_view s) {
        toks_.clear();
        pos_ = 0;
        std::size_t i = 0;
        bool spaced = false;
        while (i < s.size()) {
            const char c = s[i];
            if (c == ';') break;
            if (std::isspace(static_cast<unsigned char>(c))) {
                ++i;
                spaced = true;
                continue;
            }
            Token t;
            t.spaced = spaced;
            spaced = false;
            if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
                std::size_t j = i;
                while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_'))
                    ++j;
                t.kind = Token::Ident;
                t.text = std::string(s.substr(i, j - i));
                i = j;
            } else if (std::isdigit(static_cast<unsigned char>(c))) {
                std::size_t j = i;
                int base = 10;
                if (c == '0' && i + 1 < s.size() && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
                    base = 16;
                    j += 2;
                }
                const std::size_t from = j;
                while (j < s.size() && std::isxdigit(static_cast<unsigned char>(s[j])))
                    ++j;
                std::uint64_t v = 0;
                auto [p, ec] = std::from_chars(s.data() + from, s.data() + j, v, base);
                if (ec != std::errc() || p != s.data() + j || v > 0xFFFFFFFFull) fail("bad number");
                t.kind = Token::Number;
                t.number = static_cast<std::int64_t>(v);
                t.text = std::string(s.substr(i, j - i));
                i = j;
            } else if (c == '\'') {
                std::size_t j = s.find('\'', i + 1);
                if (j == std::string_view::npos || j - i - 1 != 4) fail("a key is 4 characters in quotes");
                t.kind = Token::Key;
                t.text = std::string(s.substr(i + 1, 4));
                i = j + 1;
            } else {
                static constexpr std::string_view two[] = {"==", "!=", "<=", ">=", "<<", ">>", "++", "--"};
                t.kind = Token::Punct;
                std::size_t length = 1;
                for (std::string_view p : two) {
                    if (s.substr(i, 2) == p) length = 2;
                }
                // assign(), not a temporary string: GCC 12 at -O3 reports a false -Wrestrict there.
                t.text.assign(s.data() + i, length);
                i += length;
            }
            toks_.push_back(std::move(t));
        }
        toks_.push_back(Token{});
    }
    const Token& peek(std::size_t k = 0) const { return toks_[std::min(pos_ + k, toks_.size() - 1)]; }
    Token next() {
        Token t = peek();
        if (pos_ < toks_.size() - 1) ++pos_;
        return t;
    }
    bool accept(const std::string& punct) {
        if (peek().kind == Token::Punct && peek().text == punct) {
            ++pos_;
            return true;
        }
        return false;
    }
    void expect(const std::string& punct) {
        if (!accept(punct)) fail("expected '" + punct + "' before '" + peek().text + "'");
    }
    bool isWord(const Token& t, const char* w) const { return t.kind == Token::Ident && t.text == w; }

    // -- output
    void u8(std::uint64_t v) { out_.push_back(static_cast<std::uint8_t>(v)); }
    void u16(std::uint64_t v) {
        u8(v);
        u8(v >> 8);
    }
    void u32(std::uint64_t v) {
        for (int i = 0; i < 4; ++i)
            u8(v >> (8 * i));
    }
    void label() {
        const Token t = next();
        if (t.kind == Token::Number) {
            u32(static_cast<std::uint64_t>(t.number));
            return;
        }
        if (t.kind != Token::Ident) fail("expected a label");
        fixups_.push_back({out_.size(), t.text, line_});
        u32(0);
    }

    std::int64_t signedNumber() {
        const bool negative = accept("-");
        const Token t = next();
        if (t.kind != Token::Number) fail("expected a number before '" + t.text + "'");
        return negative ? -t.number : t.number;
    }

    struct Notes {
        std::uint32_t pad = 0, op = 0, objpad = 0;
        int opcode = -1;
    };
    Notes notes() {
        Notes n;
        if (!accept("{")) return n;
        do {
            const Token k = next();
            expect("=");
            const std::int64_t v = signedNumber();
            if (k.text == "pad")
                n.pad = static_cast<std::uint32_t>(v);
            else if (k.text == "op")
                n.op = static_cast<std::uint32_t>(v);
            else if (k.text == "objpad")
                n.objpad = static_cast<std::uint32_t>(v);
            else if (k.text == "opcode")
                n.opcode = static_cast<int>(v);
            else
                fail("unknown annotation " + k.text);
        } while (accept(","));
        expect("}");
        return n;
    }

    // The decimal number after `prefix` in `text` (var3, ref_12, fn_60), if that is all it is.
    std::optional<std::uint32_t> suffixNumber(const std::string& text, std::string_view prefix) const {
        if (text.size() <= prefix.size() || text.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
        std::uint32_t v = 0;
        auto [p, ec] = std::from_chars(text.data() + prefix.size(), text.data() + text.size(), v);
        if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
        return v;
    }

    std::uint16_t functionId(const std::string& name) {
        if (auto id = suffixNumber(name, "fn_"); id && *id <= 0xFFFF) return static_cast<std::uint16_t>(*id);
        if (def_) {
            if (auto id = findSoupFunction(*def_, name)) return *id;
        }
        fail("unknown function " + name);
    }

    // An object: Me/Player/Camera, str[i], var<i>. Returns false when the tokens are no object.
    bool objectAhead() const {
        const Token& t = peek();
        if (t.kind != Token::Ident) return false;
        if (t.text == "str") return peek(1).text == "[" && peek(3).text == "]" && peek(4).text == ".";
        return peek(1).text == ".";
    }
    void object(std::uint32_t objpad) {
        const Token t = next();
        if (t.text == "str") {
            expect("[");
            const std::int64_t i = signedNumber();
            expect("]");
            u8(0x04);
            u8(static_cast<std::uint64_t>(i));
            return;
        }
        for (std::uint8_t s = 0; s < 3; ++s) {
            if (t.text == kObjectNames[s]) {
                u8(s);
                u8(objpad);
                return;
            }
        }
        if (auto v = suffixNumber(t.text, "var")) {
            u8(0x0A);
            if (kSoupVarObjectBytes == 1) u8(*v);
            return;
        }
        fail("unknown object " + t.text);
    }
    std::uint16_t refId(const std::string& name) {
        if (auto v = suffixNumber(name, "ref_")) return static_cast<std::uint16_t>(*v);
        if (def_) {
            if (auto id = findSoupRef(*def_, name)) return *id;
        }
        fail("unknown reference " + name);
    }
    std::uint16_t flagId(const Token& t) {
        if (t.kind == Token::Number) return static_cast<std::uint16_t>(t.number);
        if (def_) {
            if (auto id = findSoupFlag(*def_, t.text)) return *id;
        }
        fail("unknown flag " + t.text);
    }

    // Writes a call's id, count and args (the opcode is already written).
    void callBody(const std::string& name) {
        const std::uint16_t id = functionId(name);
        u16(id);
        expect("(");
        const std::size_t countAt = out_.size();
        u8(0);
        std::uint32_t count = 0;
        if (!accept(")")) {
            do {
                value(SoupMode::Parameter);
                ++count;
            } while (accept(","));
            expect(")");
        }
        if (count > 255) fail("more than 255 arguments");
        out_[countAt] = static_cast<std::uint8_t>(count);
    }

    void formula() {
        for (;;) {
            value(SoupMode::Formula);
            const Token& t = peek();
            static const char* ops[] = {"", "+", "-", "*", "/", "<<", ">>", "&", "|", "^", "++", "--"};
            int op = 0;
            if (t.kind == Token::Punct) {
                for (int k = 1; k < 12; ++k) {
                    if (t.text == ops[k]) op = k;
                }
            }
            if (op == 0) {
                u8(0);
                return;
            }
            next();
            u8(static_cast<std::uint64_t>(op));
            if (op >= 10) {
                if (kSoupByteAfterIncDec) u8(pendingPad_);
                return;
            }
        }
    }

    void value(SoupMode mode) {
        const bool main = mode == SoupMode::Main;
        // Call prefixes.
        int kind = 2;
        if (isWord(peek(), "task") && peek(1).kind == Token::Ident) {
            next();
            kind = 0;
        } else if (accept("@")) {
            kind = 1;
        }
        const Token t = peek();
        if (t.kind == Token::Number || (t.kind == Token::Punct && t.text == "-")) {
            const std::int64_t v = signedNumber();
            u8(0x07);
            u32(static_cast<std::uint64_t>(v));
            return;
        }
        if (t.kind == Token::Key) {
            next();
            u8(0x07);
            for (char c : t.text)
                u8(static_cast<unsigned char>(c));
            return;
        }
        if (accept("#")) {
            const std::int64_t v = signedNumber();
            u8(0x16);
            u32(static_cast<std::uint64_t>(v));
            return;
        }
        if (t.kind != Token::Ident) fail("expected a value before '" + t.text + "'");
        if ((t.text == "item" || t.text == "map") && peek(1).text == ":") {
            next();
            next();
            u8(0x07);
            u32(static_cast<std::uint64_t>(signedNumber()));
            return;
        }
        if (t.text == "flag" && peek(1).text == ":") {
            next();
            next();
            const std::uint16_t id = flagId(next());
            const Notes n = notes();
            u8(0x06);
            u16(id);
            tail(mode, n, true);
            return;
        }
        if (t.text == "anchor" && peek(1).kind == Token::Number) {
            next();
            u8(0x17);
            u8(static_cast<std::uint64_t>(signedNumber()));
            return;
        }
        if (objectAhead()) {
            // Object property or object call. The opcode and the object's padding byte are
            // patched once the notes after the value are read.
            const std::size_t opAt = out_.size();
            u8(0);
            const std::size_t objAt = out_.size();
            object(0);
            expect(".");
            const Token member = next();
            if (peek().text == "(") {
                if (main) u8(static_cast<std::uint64_t>(kind));
                callBody(member.text);
                const Notes n = notes();
                int opcode = (main ? kind : (kind == 0 ? 0 : 2)) == 2 ? 0x1A : 0x19;
                if (n.opcode >= 0) opcode = n.opcode;
                out_[opAt] = static_cast<std::uint8_t>(opcode);
                if (out_[objAt] <= 2) out_[objAt + 1] = static_cast<std::uint8_t>(n.objpad);
                return;
            }
            if (kind != 2) fail("task/@ before a property");
            u16(refId(member.text));
            int op = 0x14;
            if (!peek().spaced && accept("++"))
                op = 0x0F;
            else if (!peek().spaced && accept("--"))
                op = 0x10;
            const Notes n = notes();
            out_[opAt] = static_cast<std::uint8_t>(op);
            if (out_[objAt] <= 2) out_[objAt + 1] = static_cast<std::uint8_t>(n.objpad);
            if (op == 0x14) {
                if (main) {
                    expect("=");
                    pendingPad_ = n.pad;
                    formula();
                } else if (mode == SoupMode::Lhs) {
                    u8(n.op);
                }
            }
            return;
        }
        if (t.text == "str" && peek(1).text == "[") {
            next();
            next();
            const std::int64_t i = signedNumber();
            expect("]");
            u8(0x15);
            u32(static_cast<std::uint64_t>(i));
            return;
        }
        if (auto v = suffixNumber(t.text, "var")) {
            next();
            const Notes n = notes();
            u8(0x0A);
            u8(*v);
            tail(mode, n, false);
            return;
        }
        if (peek(1).text == "(") {
            next();
            u8(static_cast<std::uint64_t>(kind));
            callBody(t.text);
            return;
        }
        fail("cannot read '" + t.text + "' as a value");
    }

    // What follows a flag or variable in each mode.
    void tail(SoupMode mode, const Notes& n, bool flag) {
        switch (mode) {
        case SoupMode::Main:
            expect("=");
            pendingPad_ = n.pad;
            formula();
            break;
        case SoupMode::Lhs:
        case SoupMode::Rhs:
            u8(n.op);
            break;
        case SoupMode::Parameter:
            if (flag) {
                u16(n.pad);
            } else {
                u8(n.pad);
                u8(n.pad >> 8);
                u8(n.pad >> 16);
            }
            break;
        case SoupMode::Formula:
            break;
        }
    }

    void statementLine(std::string_view line) {
        tokenize(line);
        // Labels: NAME: at the line's start (flag:, item: and map: are values).
        while (peek().kind == Token::Ident && peek(1).text == ":" && peek().text != "flag" &&
               peek().text != "item" && peek().text != "map") {
            labels_[peek().text] = static_cast<std::uint32_t>(out_.size());
            pos_ += 2;
        }
        if (peek().kind == Token::End) return;
        const Token& t = peek();
        auto jump = [&](std::uint8_t op) {
            next();
            u8(op);
            label();
        };
        if (isWord(t, "if")) {
            next();
            u8(0x03);
            for (;;) {
                value(SoupMode::Lhs);
                static const char* cmps[] = {"==", "!=", "<", ">", "<=", ">="};
                const Token c = next();
                int cmp = -1;
                for (int k = 0; k < 6; ++k) {
                    if (c.text == cmps[k]) cmp = k;
                }
                if (cmp < 0) fail("expected a comparison before '" + c.text + "'");
                u8(static_cast<std::uint64_t>(cmp));
                value(SoupMode::Rhs);
                if (isWord(peek(), "and")) {
                    next();
                    u8(1);
                } else if (isWord(peek(), "or")) {
                    next();
                    u8(2);
                } else {
                    u8(0);
                    break;
                }
            }
            if (!isWord(next(), "else")) fail("expected 'else LABEL' after the condition");
            label();
        } else if (isWord(t, "Goto")) {
            jump(0x04);
        } else if (isWord(t, "End")) {
            if (peek(1).kind == Token::End) { // a bare End: target 0
                next();
                u8(0x05);
                u32(0);
            } else {
                jump(0x05);
            }
        } else if (isWord(t, "Gosub")) {
            jump(0x11);
        } else if (isWord(t, "taskpause")) {
            jump(0x1B);
        } else if (isWord(t, "Return")) {
            next();
            u8(0x12);
        } else if (isWord(t, "Endint")) {
            next();
            u8(0x13);
        } else if (isWord(t, "scriptrv")) {
            next();
            u8(0x1E);
            u8(static_cast<std::uint64_t>(signedNumber()));
        } else {
            value(SoupMode::Main);
        }
        if (peek().kind != Token::End) fail("unexpected '" + peek().text + "'");
    }

    const SoupDef* def_;
    std::string path_;
    std::size_t line_ = 0;
    std::vector<Token> toks_;
    std::size_t pos_ = 0;
    Bytes out_;
    std::map<std::string, std::uint32_t> labels_;
    std::vector<Fixup> fixups_;
    std::uint32_t pendingPad_ = 0;
};

} // namespace

Bytes assembleSoup(std::string_view text, const SoupDef* def, const std::string& path) {
    Parser p(def, path);
    return p.run(text);
}

} // namespace rgx::loaders

#include "loaders/redguard/soup_asm.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <optional>

// The assembler's half of loaders/redguard/soup_asm.h: listing text -> a SoupCode, written by the one
// encoder (loaders/redguard/soup_bytecode.h). What follows each value in each mode comes from the grammar
// table (soupOpInfo's tails), as in the decoder.

namespace rgx::loaders {

namespace {

struct Token {
    enum Kind { Ident, Number, Key, Punct, End } kind = End;
    std::string text;
    std::int64_t number = 0;
    bool spaced = false; // whitespace before it: `Me.x++` is ObjDot++, `Me.x ++` a formula's ++
};

// The bytes that are not the canonical zeros, written after a value: {pad=N,op=N,objpad=N,opcode=N}.
struct Notes {
    std::uint32_t pad = 0, op = 0, objpad = 0;
    int opcode = -1;
};

class Parser {
public:
    Parser(const SoupDef* def, const std::string& path, SoupId0Count id0) : def_(def), path_(path) {
        code_.id0 = id0;
    }

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
            code_.exprs[f.expr].value = static_cast<std::int32_t>(target);
        }
        return encodeSoupCode(code_);
    }

private:
    struct Fixup {
        std::uint32_t expr;
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
    bool isKeyword(const Token& t, SoupOp op) const { return isWord(t, soupKeyword(op)); }

    // -- nodes
    std::uint32_t newExpr(SoupOp op, SoupMode mode) {
        SoupExpr x;
        x.op = op;
        x.mode = mode;
        code_.exprs.push_back(x);
        return static_cast<std::uint32_t>(code_.exprs.size() - 1);
    }
    SoupExpr& expr(std::uint32_t e) { return code_.exprs[e]; }

    // A jump target: a number, or a label resolved once every line is read.
    void target(std::uint32_t e) {
        const Token t = next();
        if (t.kind == Token::Number) {
            expr(e).value = static_cast<std::int32_t>(static_cast<std::uint32_t>(t.number));
            return;
        }
        if (t.kind != Token::Ident) fail("expected a label");
        fixups_.push_back({e, t.text, line_});
    }

    std::int64_t signedNumber() {
        const bool negative = accept("-");
        const Token t = next();
        if (t.kind != Token::Number) fail("expected a number before '" + t.text + "'");
        return negative ? -t.number : t.number;
    }

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

    // An object: Me/Player/Camera, str[i], var<i>. objectAhead: whether the tokens are one.
    bool objectAhead() const {
        const Token& t = peek();
        if (t.kind != Token::Ident) return false;
        if (t.text == "str") return peek(1).text == "[" && peek(3).text == "]" && peek(4).text == ".";
        return peek(1).text == ".";
    }
    SoupObject object() {
        const Token t = next();
        SoupObject o;
        if (t.text == "str") {
            expect("[");
            const std::int64_t i = signedNumber();
            expect("]");
            o.selector = SoupSelector::String;
            o.arg = static_cast<std::uint8_t>(i);
            return o;
        }
        for (SoupSelector s : {SoupSelector::Me, SoupSelector::Player, SoupSelector::Camera}) {
            if (t.text == soupSelectorName(s)) {
                o.selector = s;
                return o;
            }
        }
        if (auto v = suffixNumber(t.text, "var")) {
            o.selector = SoupSelector::Variable;
            o.arg = static_cast<std::uint8_t>(*v);
            return o;
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

    // A call's function, count and arguments. The arguments are parsed as trees first and their
    // root nodes copied into one contiguous block (SoupExpr::first), as the decoder lays them out.
    void callBody(std::uint32_t e, const std::string& name) {
        const std::uint16_t id = functionId(name);
        expect("(");
        std::vector<std::uint32_t> args;
        if (!accept(")")) {
            do {
                args.push_back(value(SoupMode::Parameter));
            } while (accept(","));
            expect(")");
        }
        if (args.size() > 255) fail("more than 255 arguments");
        if (id == 0 && !args.empty() && code_.id0 == SoupId0Count::None)
            fail("NullFunction takes no arguments where id-0 calls carry no count byte");
        const std::uint32_t first = static_cast<std::uint32_t>(code_.exprs.size());
        for (std::uint32_t a : args)
            code_.exprs.push_back(code_.exprs[a]);
        SoupExpr& x = expr(e);
        x.function = id;
        x.paramCount = static_cast<std::uint8_t>(args.size());
        x.first = first;
        x.count = static_cast<std::uint32_t>(args.size());
    }

    // A MAIN assignment's terms; the byte after ++/-- is the target's {pad=N}.
    void formula(std::uint32_t e, std::uint32_t padAfterIncDec) {
        const std::uint32_t first = static_cast<std::uint32_t>(code_.terms.size());
        for (;;) {
            const std::uint32_t v = value(SoupMode::Formula);
            SoupOperator op = SoupOperator::End;
            if (peek().kind == Token::Punct) {
                for (std::uint8_t k = 1; k <= kSoupOperatorLast; ++k) {
                    if (peek().text == soupOperatorSymbol(static_cast<SoupOperator>(k)))
                        op = static_cast<SoupOperator>(k);
                }
            }
            if (op != SoupOperator::End) next();
            code_.terms.push_back({v, op});
            if (soupOperatorEndsFormula(op)) {
                if (soupOperatorIsIncDec(op)) expr(e).pad = padAfterIncDec;
                break;
            }
        }
        expr(e).first = first;
        expr(e).count = static_cast<std::uint32_t>(code_.terms.size() - first);
    }

    // What follows a value in its mode, from the grammar table.
    void tail(std::uint32_t e, const Notes& n) {
        switch (soupOpInfo(expr(e).op).tail[static_cast<std::size_t>(expr(e).mode)]) {
        case SoupTail::None:
            break;
        case SoupTail::Formula:
            expect("=");
            formula(e, n.pad);
            break;
        case SoupTail::Operator:
            expr(e).trailing = static_cast<std::uint8_t>(n.op);
            break;
        case SoupTail::Pad16:
        case SoupTail::Pad24:
            expr(e).pad = n.pad;
            break;
        }
    }

    std::uint32_t number(SoupOp op, SoupMode mode, std::int64_t v) {
        const std::uint32_t e = newExpr(op, mode);
        expr(e).value = static_cast<std::int32_t>(static_cast<std::uint32_t>(v));
        return e;
    }

    std::uint32_t value(SoupMode mode) {
        const bool main = mode == SoupMode::Main;
        // Call prefixes.
        SoupCallKind kind = SoupCallKind::Function;
        if (isWord(peek(), "task") && peek(1).kind == Token::Ident) {
            next();
            kind = SoupCallKind::Task;
        } else if (accept("@")) {
            kind = SoupCallKind::Multitask;
        }
        const Token t = peek();
        if (t.kind == Token::Number || (t.kind == Token::Punct && t.text == "-"))
            return number(SoupOp::Numeric, mode, signedNumber());
        if (t.kind == Token::Key) {
            next();
            std::uint32_t v = 0;
            for (std::size_t i = 0; i < 4; ++i)
                v |= std::uint32_t{static_cast<unsigned char>(t.text[i])} << (8 * i);
            return number(SoupOp::Numeric, mode, v);
        }
        if (accept("#")) return number(SoupOp::NumericAlt, mode, signedNumber());
        if (t.kind != Token::Ident) fail("expected a value before '" + t.text + "'");
        if ((t.text == "item" || t.text == "map") && peek(1).text == ":") {
            next();
            next();
            return number(SoupOp::Numeric, mode, signedNumber());
        }
        if (t.text == "flag" && peek(1).text == ":") {
            next();
            next();
            const std::uint32_t e = number(SoupOp::Flag, mode, flagId(next()));
            tail(e, notes());
            return e;
        }
        if (isKeyword(t, SoupOp::Anchor) && peek(1).kind == Token::Number) {
            next();
            return number(SoupOp::Anchor, mode, signedNumber());
        }
        if (objectAhead()) {
            const SoupObject o = object();
            expect(".");
            const Token member = next();
            if (peek().text == "(") {
                // Object call: ObjTask/ObjFunc by the kind (MAIN: its byte; elsewhere the opcode).
                const SoupOp op = main ? soupObjectCallOp(kind)
                                       : (kind == SoupCallKind::Task ? SoupOp::ObjTask : SoupOp::ObjFunc);
                const std::uint32_t e = newExpr(op, mode);
                expr(e).object = o;
                if (main) expr(e).dispatch = kind;
                callBody(e, member.text);
                const Notes n = notes();
                if (n.opcode >= 0) {
                    const SoupOpInfo* info = soupOpInfo(static_cast<std::uint8_t>(n.opcode));
                    if (!info || info->operand != SoupOperand::ObjectCall)
                        fail("opcode=" + std::to_string(n.opcode) + " is no object call");
                    expr(e).op = info->op;
                }
                if (soupSelectorIsFixed(o.selector)) expr(e).object.arg = static_cast<std::uint8_t>(n.objpad);
                return e;
            }
            if (kind != SoupCallKind::Function) fail("task/@ before a property");
            SoupOp op = SoupOp::ObjectDot;
            const std::uint16_t ref = refId(member.text);
            if (!peek().spaced && accept(soupOperatorSymbol(SoupOperator::Inc)))
                op = SoupOp::ObjInc;
            else if (!peek().spaced && accept(soupOperatorSymbol(SoupOperator::Dec)))
                op = SoupOp::ObjDec;
            const std::uint32_t e = newExpr(op, mode);
            expr(e).object = o;
            expr(e).ref = ref;
            const Notes n = notes();
            if (soupSelectorIsFixed(o.selector)) expr(e).object.arg = static_cast<std::uint8_t>(n.objpad);
            tail(e, n);
            return e;
        }
        if (t.text == "str" && peek(1).text == "[") {
            next();
            next();
            const std::int64_t i = signedNumber();
            expect("]");
            return number(SoupOp::String, mode, i);
        }
        if (auto v = suffixNumber(t.text, "var")) {
            next();
            const std::uint32_t e = number(SoupOp::LocalVar, mode, *v);
            tail(e, notes());
            return e;
        }
        if (peek(1).text == "(") {
            next();
            const SoupOp op = kind == SoupCallKind::Task        ? SoupOp::Task
                              : kind == SoupCallKind::Multitask ? SoupOp::Multitask
                                                                : SoupOp::Function;
            const std::uint32_t e = newExpr(op, mode);
            callBody(e, t.text);
            return e;
        }
        fail("cannot read '" + t.text + "' as a value");
    }

    // `if LHS cmp RHS [and|or ...] else LABEL`
    void ifStatement(SoupInstruction& in) {
        next();
        in.expr = newExpr(SoupOp::If, SoupMode::Main);
        in.firstCondition = static_cast<std::uint32_t>(code_.conditions.size());
        for (;;) {
            SoupCondition c;
            c.lhs = value(SoupMode::Lhs);
            const Token cmp = next();
            bool found = false;
            for (std::uint8_t k = 0; k <= kSoupComparisonLast; ++k) {
                if (cmp.text == soupComparisonText(static_cast<SoupComparison>(k))) {
                    c.comparison = static_cast<SoupComparison>(k);
                    found = true;
                }
            }
            if (!found) fail("expected a comparison before '" + cmp.text + "'");
            c.rhs = value(SoupMode::Rhs);
            for (SoupConjunction j : {SoupConjunction::And, SoupConjunction::Or}) {
                if (isWord(peek(), soupConjunctionText(j))) {
                    next();
                    c.conjunction = j;
                }
            }
            code_.conditions.push_back(c);
            if (c.conjunction == SoupConjunction::End) break;
        }
        in.conditionCount = static_cast<std::uint32_t>(code_.conditions.size() - in.firstCondition);
        if (!isWord(next(), "else")) fail("expected 'else LABEL' after the condition");
        target(in.expr);
    }

    void statementLine(std::string_view line) {
        tokenize(line);
        // Labels: NAME: at the line's start (flag:, item: and map: are values).
        while (peek().kind == Token::Ident && peek(1).text == ":" && peek().text != "flag" &&
               peek().text != "item" && peek().text != "map") {
            labels_[peek().text] = offset_;
            pos_ += 2;
        }
        if (peek().kind == Token::End) return;
        const Token& t = peek();
        SoupInstruction in;
        in.offset = offset_;
        bool done = false;
        if (isKeyword(t, SoupOp::If)) {
            ifStatement(in);
            done = true;
        }
        for (SoupOp op : {SoupOp::Goto, SoupOp::End, SoupOp::Gosub, SoupOp::TaskPause}) {
            if (done || !isKeyword(t, op)) continue;
            next();
            in.expr = newExpr(op, SoupMode::Main);
            if (op != SoupOp::End || peek().kind != Token::End) target(in.expr); // a bare End: target 0
            done = true;
        }
        for (SoupOp op : {SoupOp::Return, SoupOp::Endint}) {
            if (done || !isKeyword(t, op)) continue;
            next();
            in.expr = newExpr(op, SoupMode::Main);
            done = true;
        }
        if (!done && isKeyword(t, SoupOp::ScriptRV)) {
            next();
            in.expr = number(SoupOp::ScriptRV, SoupMode::Main, signedNumber());
            done = true;
        }
        if (!done) in.expr = value(SoupMode::Main);
        if (peek().kind != Token::End) fail("unexpected '" + peek().text + "'");
        ByteWriter w;
        encodeSoupInstruction(code_, in, w);
        in.length = static_cast<std::uint32_t>(w.pos());
        offset_ += in.length;
        code_.instructions.push_back(in);
    }

    const SoupDef* def_;
    std::string path_;
    std::size_t line_ = 0;
    std::vector<Token> toks_;
    std::size_t pos_ = 0;
    SoupCode code_;
    std::uint32_t offset_ = 0;
    std::map<std::string, std::uint32_t> labels_;
    std::vector<Fixup> fixups_;
};

} // namespace

Bytes assembleSoup(std::string_view text, const SoupDef* def, const std::string& path, SoupId0Count id0) {
    Parser p(def, path, id0);
    return p.run(text);
}

} // namespace rgx::loaders

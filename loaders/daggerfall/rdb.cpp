#include "loaders/daggerfall/rdb.h"

#include "loaders/daggerfall/rmb.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>

namespace rgx::loaders::daggerfall {

namespace {

constexpr std::size_t kTagAt = kRdbObjectHeaderAt + 52;
constexpr std::size_t kFileSizeAt = kRdbObjectHeaderAt + 16;
constexpr std::size_t kRootOffsetAt = 12;

[[noreturn]] void writerFail(std::string_view field, std::string message) {
    throw Error("<memory>", Error::kNoOffset, std::string(field), std::move(message));
}

std::string hex(std::int64_t v) {
    if (v < 0) return std::to_string(v);
    static const char* digits = "0123456789abcdef";
    std::string s;
    do {
        s.insert(s.begin(), digits[v & 15]);
        v >>= 4;
    } while (v != 0);
    return "0x" + s;
}

// Byte ranges of the records read so far, so no two different records share a byte: then the
// writer's records, written over the section, cannot change one another.
class Spans {
public:
    struct Span {
        std::size_t start = 0;
        std::size_t length = 0;
        const char* kind = "";
    };
    // The record s overlaps, or nullptr; the same record read twice (same start and kind) is none.
    const Span* conflict(const Span& s) const {
        auto it = byStart_.lower_bound(s.start);
        if (it != byStart_.end() && it->first == s.start) {
            const bool same = std::string_view(it->second.kind) == s.kind && it->second.length == s.length;
            return same ? nullptr : &it->second;
        }
        if (it != byStart_.end() && it->first < s.start + s.length) return &it->second;
        if (it != byStart_.begin()) {
            const Span& p = std::prev(it)->second;
            if (p.start + p.length > s.start) return &p;
        }
        return nullptr;
    }
    void add(const Span& s) { byStart_.emplace(s.start, s); }
    // Zeroes every span's bytes in section (which starts at file offset 9532).
    void clear(Bytes& section) const {
        for (const auto& [start, s] : byStart_) {
            const auto from = section.begin() + static_cast<std::ptrdiff_t>(start - kRdbObjectSectionAt);
            std::fill(from, from + static_cast<std::ptrdiff_t>(s.length), 0);
        }
    }

private:
    std::map<std::size_t, Span> byStart_;
};

ByteWriter objectBytes(const RdbObjectList& list, std::size_t i) {
    const RdbObject& o = list.objects[i];
    ByteWriter w;
    w.i32(i + 1 < list.objects.size() ? list.objects[i + 1].offset : list.tailNext);
    w.i32(i == 0 ? list.headPrev : list.objects[i - 1].offset);
    w.i32(o.x);
    w.i32(o.y);
    w.i32(o.z);
    w.u8(o.type);
    w.i32(o.postOffset);
    return w;
}

// Copies bytes to file offset `at` of the object section; throws when they do not fit.
void put(Bytes& section, std::int64_t at, const Bytes& bytes, std::string_view field) {
    const std::int64_t local = at - static_cast<std::int64_t>(kRdbObjectSectionAt);
    if (at < static_cast<std::int64_t>(kRdbObjectSectionAt) ||
        static_cast<std::uint64_t>(local) + bytes.size() > section.size()) {
        writerFail(field, "offset " + hex(at) + " is outside the object section (" +
                              std::to_string(section.size()) + " bytes from 9532); call layoutRdb");
    }
    std::copy(bytes.begin(), bytes.end(), section.begin() + local);
}

// Every record of block, written over section at its offset.
void overlayRecords(const RdbBlock& block, Bytes& section) {
    ByteWriter grid;
    for (const RdbObjectList& list : block.roots)
        grid.i32(list.objects.empty() ? list.emptyRoot : list.objects.front().offset);
    put(section, block.header.objectRootOffset, grid.bytes(), "RDB roots grid");
    for (const RdbUnknownNode& n : block.unknownList) {
        ByteWriter w;
        w.i32(n.next);
        w.i16(n.index);
        w.u32(n.value);
        put(section, n.offset, w.bytes(), "RDB unknown list node");
    }
    for (const RdbObjectList& list : block.roots) {
        for (std::size_t i = 0; i < list.objects.size(); ++i) {
            const RdbObject& o = list.objects[i];
            put(section, o.offset, objectBytes(list, i).bytes(), "RDB object");
            ByteWriter w;
            if (const auto* m = std::get_if<RdbModelPost>(&o.post)) {
                w.i32(m->xAngle);
                w.i32(m->yAngle);
                w.i32(m->zAngle);
                w.u16(m->modelIndex);
                w.u32(m->triggerFlagStartingLock);
                w.u8(m->soundIndex);
                w.i32(m->actionOffset);
                if (m->action) {
                    ByteWriter a;
                    a.u8(m->action->axis);
                    a.u16(m->action->duration);
                    a.u16(m->action->magnitude);
                    a.i32(m->action->targetOffset);
                    a.u8(m->action->type);
                    put(section, m->actionOffset, a.bytes(), "RDB action");
                }
            } else if (const auto* l = std::get_if<RdbLightPost>(&o.post)) {
                w.u32(l->unknown1);
                w.u32(l->unknown2);
                w.u16(l->radius);
            } else if (const auto* f = std::get_if<RdbFlatPost>(&o.post)) {
                w.u16(f->textureBits);
                w.u16(f->flags);
                w.u16(f->factionOrMobileId);
                w.i32(f->nextObjectOffset);
                w.u8(f->action);
            }
            if (w.pos() != 0) put(section, o.postOffset, w.bytes(), "RDB post record");
        }
    }
}

class Reader {
public:
    Reader(ByteSpan bytes, const std::string& path, Warnings* warnings) : r_(bytes, path, 0, warnings) {}

    RdbBlock read() {
        readFixed();
        readRoots();
        checkActions();
        readUnknownList();
        const ByteSpan section = r_.data().subspan(kRdbObjectSectionAt);
        block_.objectSection.assign(section.begin(), section.end());
        // Keep only the bytes no record covers: the records are written over them.
        spans_.clear(block_.objectSection);
        return std::move(block_);
    }

private:
    void readFixed() {
        RdbHeader& h = block_.header;
        h.unknown1 = r_.u32("RDB header");
        h.width = r_.u32("RDB grid width");
        h.height = r_.u32("RDB grid height");
        h.objectRootOffset = r_.u32("RDB object root offset");
        h.unknown2 = r_.u32("RDB header");
        for (RdbModelReference& ref : block_.modelRefs) {
            ref.modelId = readPaddedName(r_, 5, "RDB model reference");
            ref.type = readPaddedName(r_, 3, "RDB model reference");
        }
        for (std::uint32_t& v : block_.modelData)
            v = r_.u32("RDB model data");
        RdbObjectHeader& oh = block_.objectHeader;
        oh.unknownListOffset = r_.i32("RDB object header");
        oh.unknown1 = r_.u32("RDB object header");
        oh.unknown2 = r_.u32("RDB object header");
        oh.unknown3 = r_.u32("RDB object header");
        oh.fileSize = r_.u32("RDB file size");
        ByteSpan u4 = r_.bytes(32, "RDB object header");
        std::copy(u4.begin(), u4.end(), oh.unknown4.begin());
        oh.tag = r_.fixedRaw(4, "RDB tag");
        ByteSpan u5 = r_.bytes(456, "RDB object header");
        std::copy(u5.begin(), u5.end(), oh.unknown5.begin());
        if (oh.tag != "DAGR") r_.warnAt(kTagAt, "RDB tag", "is not \"DAGR\"");
        if (oh.fileSize != r_.size()) {
            r_.warnAt(kFileSizeAt, "RDB file size",
                      "is " + std::to_string(oh.fileSize) + ", the record is " + std::to_string(r_.size()) +
                          " bytes");
        }
    }

    // Throws unless [at, at + length) lies in the object section and overlaps no other record.
    void claim(std::size_t linkAt, std::string_view field, std::int64_t at, std::size_t length,
               const char* kind) {
        if (at < static_cast<std::int64_t>(kRdbObjectSectionAt)) {
            r_.failAt(linkAt, field, "offset " + hex(at) + " is outside the object section (from 9532)");
        }
        if (static_cast<std::uint64_t>(at) + length > r_.size()) {
            r_.failAt(linkAt, field,
                      "offset " + hex(at) + " + " + std::to_string(length) + " bytes is past the end (size " +
                          std::to_string(r_.size()) + ")");
        }
        if (length == 0) return; // an empty grid holds no byte
        const Spans::Span span{static_cast<std::size_t>(at), length, kind};
        if (const Spans::Span* c = spans_.conflict(span)) {
            r_.failAt(linkAt, field,
                      std::string(kind) + " at " + hex(at) + " overlaps the " + c->kind + " at " +
                          hex(static_cast<std::int64_t>(c->start)));
        }
        spans_.add(span);
    }

    void readRoots() {
        const RdbHeader& h = block_.header;
        if (h.objectRootOffset != kRdbObjectSectionAt) {
            r_.warnAt(kRootOffsetAt, "RDB object root offset",
                      "is " + std::to_string(h.objectRootOffset) +
                          ", not 9532 right after the object header (DFU refuses such a block)");
        }
        const std::uint64_t count = std::uint64_t{h.width} * h.height;
        if (h.objectRootOffset < kRdbObjectSectionAt || h.objectRootOffset > r_.size()) {
            r_.failAt(kRootOffsetAt, "RDB object root offset",
                      "offset " + hex(h.objectRootOffset) + " is outside the object section");
        }
        r_.seek(h.objectRootOffset, "RDB object root offset");
        r_.checkCount(count, 4, "RDB roots grid");
        claim(kRootOffsetAt, "RDB object root offset", h.objectRootOffset, count * 4, "roots grid");
        block_.roots.resize(count);
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t rootAt = h.objectRootOffset + 4 * i;
            r_.seek(rootAt, "RDB object root");
            readList(rootAt, r_.i32("RDB object root"), block_.roots[i]);
        }
    }

    void readList(std::size_t linkAt, std::int32_t root, RdbObjectList& list) {
        if (root < 0) {
            list.emptyRoot = root;
            return;
        }
        std::string_view linkField = "RDB object root";
        std::int64_t at = root;
        while (true) {
            // One set for all lists: a list that loops, or runs into another list, is refused.
            if (!visited_.insert(at).second) {
                r_.failAt(linkAt, linkField,
                          "reaches the object at " + hex(at) + " again (a list that loops or joins another)");
            }
            claim(linkAt, linkField, at, kRdbObjectSize, "object record");
            ByteReader o = r_.sub(static_cast<std::size_t>(at), kRdbObjectSize, "RDB object");
            RdbObject obj;
            obj.offset = static_cast<std::int32_t>(at);
            const std::int32_t next = o.i32("RDB object next");
            const std::int32_t prev = o.i32("RDB object prev");
            obj.x = o.i32("RDB object");
            obj.y = o.i32("RDB object");
            obj.z = o.i32("RDB object");
            obj.type = o.u8("RDB object type");
            obj.postOffset = o.i32("RDB object post offset");
            if (list.objects.empty()) {
                list.headPrev = prev;
            } else if (prev != list.objects.back().offset) {
                r_.warnAt(static_cast<std::size_t>(at) + 4, "RDB object prev",
                          "is " + hex(prev) + ", the previous object is at " +
                              hex(list.objects.back().offset) + " (written so)");
            }
            readPost(obj);
            list.objects.push_back(std::move(obj));
            if (next < 0) {
                list.tailNext = next;
                return;
            }
            linkAt = static_cast<std::size_t>(at);
            linkField = "RDB object next";
            at = next;
        }
    }

    void readPost(RdbObject& obj) {
        const std::size_t linkAt = static_cast<std::size_t>(obj.offset) + 21;
        constexpr std::string_view field = "RDB object post offset";
        switch (obj.type) {
        case static_cast<std::uint8_t>(RdbObjectType::Model): {
            claim(linkAt, field, obj.postOffset, kRdbModelPostSize, "3D object post record");
            ByteReader p = r_.sub(static_cast<std::size_t>(obj.postOffset), kRdbModelPostSize, field);
            RdbModelPost m;
            m.xAngle = p.i32("RDB 3D object post");
            m.yAngle = p.i32("RDB 3D object post");
            m.zAngle = p.i32("RDB 3D object post");
            m.modelIndex = p.u16("RDB model index");
            m.triggerFlagStartingLock = p.u32("RDB 3D object post");
            m.soundIndex = p.u8("RDB 3D object post");
            m.actionOffset = p.i32("RDB action offset");
            if (m.modelIndex >= kRdbModelCount) {
                r_.warnAt(static_cast<std::size_t>(obj.postOffset) + 12, "RDB model index",
                          "is " + std::to_string(m.modelIndex) + ", past the 750 model references");
            }
            // DFU reads an action where the offset is positive; the text's "none" is -2.
            if (m.actionOffset > 0) {
                claim(static_cast<std::size_t>(obj.postOffset) + 19, "RDB action offset", m.actionOffset,
                      kRdbActionSize, "action record");
                ByteReader a = r_.sub(static_cast<std::size_t>(m.actionOffset), kRdbActionSize, "RDB action");
                RdbAction action;
                action.axis = a.u8("RDB action");
                action.duration = a.u16("RDB action");
                action.magnitude = a.u16("RDB action");
                action.targetOffset = a.i32("RDB action target");
                action.type = a.u8("RDB action");
                m.action = action;
            }
            obj.post = m;
            return;
        }
        case static_cast<std::uint8_t>(RdbObjectType::Light): {
            claim(linkAt, field, obj.postOffset, kRdbLightPostSize, "light post record");
            ByteReader p = r_.sub(static_cast<std::size_t>(obj.postOffset), kRdbLightPostSize, field);
            RdbLightPost l;
            l.unknown1 = p.u32("RDB light post");
            l.unknown2 = p.u32("RDB light post");
            l.radius = p.u16("RDB light post");
            obj.post = l;
            return;
        }
        case static_cast<std::uint8_t>(RdbObjectType::Flat): {
            claim(linkAt, field, obj.postOffset, kRdbFlatPostSize, "flat post record");
            ByteReader p = r_.sub(static_cast<std::size_t>(obj.postOffset), kRdbFlatPostSize, field);
            RdbFlatPost f;
            f.textureBits = p.u16("RDB flat post");
            f.flags = p.u16("RDB flat post");
            f.factionOrMobileId = p.u16("RDB flat post");
            f.nextObjectOffset = p.i32("RDB flat post");
            f.action = p.u8("RDB flat post");
            obj.post = f;
            return;
        }
        default:
            r_.warnAt(static_cast<std::size_t>(obj.offset) + 20, "RDB object type",
                      "is " + std::to_string(obj.type) +
                          "; the text knows 1-3 (DFU refuses the block); its post record is not read");
        }
    }

    // Targets that land on no object are warnings; a chain of targets that loops is refused,
    // since activating it would never end.
    void checkActions() {
        std::unordered_map<std::int32_t, const RdbObject*> byOffset;
        for (const RdbObjectList& list : block_.roots)
            for (const RdbObject& o : list.objects)
                byOffset.emplace(o.offset, &o);
        auto actionOf = [](const RdbObject& o) -> const RdbModelPost* {
            const auto* m = std::get_if<RdbModelPost>(&o.post);
            return m && m->action && m->action->targetOffset >= 0 ? m : nullptr;
        };
        auto targetOf = [&](const RdbObject& o) -> const RdbObject* {
            const RdbModelPost* m = actionOf(o);
            if (!m) return nullptr;
            auto it = byOffset.find(m->action->targetOffset);
            return it == byOffset.end() ? nullptr : it->second;
        };
        std::unordered_map<std::int32_t, std::uint8_t> state; // 1 on the walk, 2 done
        for (const RdbObjectList& list : block_.roots) {
            for (const RdbObject& o : list.objects) {
                if (const RdbModelPost* m = actionOf(o); m && !targetOf(o)) {
                    r_.warnAt(static_cast<std::size_t>(m->actionOffset) + 5, "RDB action target",
                              "offset " + hex(m->action->targetOffset) + " is no object record (no target)");
                }
                std::vector<const RdbObject*> walk;
                const RdbObject* cur = &o;
                while (cur && state[cur->offset] == 0) {
                    state[cur->offset] = 1;
                    walk.push_back(cur);
                    cur = targetOf(*cur);
                }
                if (cur && !walk.empty() && state[cur->offset] == 1) {
                    r_.failAt(static_cast<std::size_t>(actionOf(*walk.back())->actionOffset) + 5,
                              "RDB action target",
                              "action targets loop back to the object at " + hex(cur->offset));
                }
                for (const RdbObject* w : walk)
                    state[w->offset] = 2;
            }
        }
    }

    // DFU's unknown list: 10-byte nodes from the object header's offset. Optional: one that
    // cannot be read is dropped with a warning (its bytes stay in the section).
    void readUnknownList() {
        Spans trial = spans_;
        std::set<std::int64_t> seen;
        std::vector<RdbUnknownNode> nodes;
        std::int64_t at = block_.objectHeader.unknownListOffset;
        std::size_t linkAt = kRdbObjectHeaderAt;
        while (true) {
            std::string problem;
            const Spans::Span span{static_cast<std::size_t>(std::max<std::int64_t>(at, 0)),
                                   kRdbUnknownNodeSize, "unknown list node"};
            if (at < static_cast<std::int64_t>(kRdbObjectSectionAt) ||
                static_cast<std::uint64_t>(at) + kRdbUnknownNodeSize > r_.size()) {
                problem = "offset " + hex(at) + " is outside the object section";
            } else if (!seen.insert(at).second) {
                problem = "the list loops back to " + hex(at);
            } else if (const Spans::Span* c = trial.conflict(span)) {
                problem = "the node at " + hex(at) + " overlaps the " + c->kind + " at " +
                          hex(static_cast<std::int64_t>(c->start));
            }
            if (!problem.empty()) {
                r_.warnAt(linkAt, "RDB unknown list", problem + "; the list is dropped");
                return;
            }
            trial.add(span);
            ByteReader n = r_.sub(static_cast<std::size_t>(at), kRdbUnknownNodeSize, "RDB unknown list");
            RdbUnknownNode node;
            node.offset = static_cast<std::int32_t>(at);
            node.next = n.i32("RDB unknown list");
            node.index = n.i16("RDB unknown list");
            node.value = n.u32("RDB unknown list");
            nodes.push_back(node);
            if (node.next < 0) break;
            linkAt = static_cast<std::size_t>(at);
            at = node.next;
        }
        block_.unknownList = std::move(nodes);
        spans_ = std::move(trial);
    }

    ByteReader r_;
    RdbBlock block_;
    Spans spans_;
    std::set<std::int64_t> visited_;
};

} // namespace

std::optional<std::uint32_t> rdbModelIdNumber(const RdbModelReference& ref) {
    if (ref.modelId.size() != 5) return std::nullopt;
    std::uint32_t v = 0;
    for (char c : ref.modelId) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + static_cast<std::uint32_t>(c - '0');
    }
    return v;
}

const RdbObject* findRdbObject(const RdbBlock& block, std::int32_t offset) {
    for (const RdbObjectList& list : block.roots)
        for (const RdbObject& o : list.objects)
            if (o.offset == offset) return &o;
    return nullptr;
}

std::vector<const RdbObject*> rdbActionChain(const RdbBlock& block, const RdbObject& start) {
    std::unordered_map<std::int32_t, const RdbObject*> byOffset;
    for (const RdbObjectList& list : block.roots)
        for (const RdbObject& o : list.objects)
            byOffset.emplace(o.offset, &o);
    std::vector<const RdbObject*> chain{&start};
    std::set<std::int32_t> seen{start.offset};
    const RdbObject* cur = &start;
    while (true) {
        const auto* m = std::get_if<RdbModelPost>(&cur->post);
        if (!m || !m->action || m->action->targetOffset < 0) break;
        const auto it = byOffset.find(m->action->targetOffset);
        if (it == byOffset.end() || !seen.insert(it->second->offset).second) break;
        cur = it->second;
        chain.push_back(cur);
    }
    return chain;
}

RdbBlock readRdb(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    return Reader(bytes, path, warnings).read();
}

Bytes writeRdb(const RdbBlock& block) {
    const std::uint64_t count = std::uint64_t{block.header.width} * block.header.height;
    if (block.roots.size() != count) {
        writerFail("RDB roots grid", std::to_string(block.roots.size()) + " lists for a " +
                                         std::to_string(block.header.width) + " x " +
                                         std::to_string(block.header.height) + " grid");
    }
    ByteWriter w;
    const RdbHeader& h = block.header;
    w.u32(h.unknown1);
    w.u32(h.width);
    w.u32(h.height);
    w.u32(h.objectRootOffset);
    w.u32(h.unknown2);
    for (const RdbModelReference& ref : block.modelRefs) {
        w.fixedString(ref.modelId, 5);
        w.fixedString(ref.type, 3);
    }
    for (std::uint32_t v : block.modelData)
        w.u32(v);
    const RdbObjectHeader& oh = block.objectHeader;
    w.i32(oh.unknownListOffset);
    w.u32(oh.unknown1);
    w.u32(oh.unknown2);
    w.u32(oh.unknown3);
    w.u32(oh.fileSize);
    w.bytes(oh.unknown4.data(), oh.unknown4.size());
    w.fixedString(oh.tag, 4);
    w.bytes(oh.unknown5.data(), oh.unknown5.size());
    Bytes section = block.objectSection;
    overlayRecords(block, section);
    w.bytes(section);
    return w.take();
}

RdbBlock makeRdbBlock(std::uint32_t width, std::uint32_t height) {
    RdbBlock block;
    block.header.width = width;
    block.header.height = height;
    block.objectHeader.unknown4.fill(0xFF);
    block.objectHeader.unknown5.fill(0xFF);
    block.roots.resize(std::size_t{width} * height);
    return block;
}

void layoutRdb(RdbBlock& block) {
    const std::uint64_t count = std::uint64_t{block.header.width} * block.header.height;
    if (block.roots.size() != count) writerFail("RDB roots grid", "roots does not hold width x height lists");
    std::uint64_t cursor = kRdbObjectSectionAt + 4 * count;
    auto place = [&cursor](std::size_t size) {
        const std::uint64_t at = cursor;
        cursor += size;
        if (cursor > static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max()))
            writerFail("RDB object section", "past 2 GiB");
        return static_cast<std::int32_t>(at);
    };
    block.header.objectRootOffset = static_cast<std::uint32_t>(kRdbObjectSectionAt);
    if (block.unknownList.empty()) block.unknownList.push_back(RdbUnknownNode{});
    for (std::size_t i = 0; i < block.unknownList.size(); ++i) {
        RdbUnknownNode& n = block.unknownList[i];
        n.offset = place(kRdbUnknownNodeSize);
        n.next = i + 1 < block.unknownList.size() ? static_cast<std::int32_t>(cursor) : -1;
    }
    block.objectHeader.unknownListOffset = block.unknownList.front().offset;
    for (RdbObjectList& list : block.roots) {
        list.emptyRoot = list.headPrev = list.tailNext = -1;
        for (RdbObject& o : list.objects) {
            o.offset = place(kRdbObjectSize);
            o.postOffset = -1;
            if (auto* m = std::get_if<RdbModelPost>(&o.post)) {
                o.type = static_cast<std::uint8_t>(RdbObjectType::Model);
                o.postOffset = place(kRdbModelPostSize);
                m->actionOffset = m->action ? place(kRdbActionSize) : kRdbNoAction;
            } else if (std::holds_alternative<RdbLightPost>(o.post)) {
                o.type = static_cast<std::uint8_t>(RdbObjectType::Light);
                o.postOffset = place(kRdbLightPostSize);
            } else if (std::holds_alternative<RdbFlatPost>(o.post)) {
                o.type = static_cast<std::uint8_t>(RdbObjectType::Flat);
                o.postOffset = place(kRdbFlatPostSize);
            }
        }
    }
    block.objectSection.assign(cursor - kRdbObjectSectionAt, 0);
    block.objectHeader.fileSize = static_cast<std::uint32_t>(cursor);
}

bool looksLikeRdb(ByteSpan bytes) {
    return bytes.size() >= kRdbObjectSectionAt && bytes[kTagAt] == 'D' && bytes[kTagAt + 1] == 'A' &&
           bytes[kTagAt + 2] == 'G' && bytes[kTagAt + 3] == 'R';
}

} // namespace rgx::loaders::daggerfall

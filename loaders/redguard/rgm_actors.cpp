// RGM actor sections with structure beyond fixed records: RAHD (count, 4 fixed bytes, 165-byte
// records), RAAN (entries found by string scan), RAGR (size-prefixed groups in 0-terminated
// lists) and WDNM (walk maps with nested nodes and routes).

#include "loaders/redguard/rgm_codec.h"

#include <algorithm>
#include <cstring>

namespace rgx::loaders::rgm_detail {

namespace {
constexpr std::size_t kActorSize = 165;

template <std::size_t N> std::array<std::uint8_t, N> arr(const std::uint8_t* p) {
    std::array<std::uint8_t, N> a;
    std::memcpy(a.data(), p, N);
    return a;
}
} // namespace

std::string decodeRahd(ByteReader& r, Rgm& rgm) {
    std::uint32_t count = r.u32("RAHD record_count");
    ByteSpan fixed = r.bytes(4, "RAHD fixed bytes");
    std::size_t n = r.checkCount(count, kActorSize, "RAHD record_count");
    if (r.remaining() != n * kActorSize) {
        return std::to_string(r.remaining() - n * kActorSize) + " bytes after " + std::to_string(n) +
               " records of 165 bytes";
    }
    const std::uint8_t* p = r.bytes(n * kActorSize, "RAHD records").data();
    std::memcpy(rgm.rahd.fixed.data(), fixed.data(), 4);
    rgm.rahd.actors.resize(n);
    for (std::size_t i = 0; i < n; ++i, p += kActorSize) {
        RgmActor& a = rgm.rahd.actors[i];
        a.field00 = le32(p + 0x00);
        assignName(a.scriptName, p + 0x04, 9);
        a.instances = le16(p + 0x0D);
        a.pad0F = le16(p + 0x0F);
        a.instanceCounter = lei32(p + 0x11);
        a.animSpeed = arr<4>(p + 0x15);
        a.ranmOffset = le32(p + 0x19);
        a.raatOffset = le32(p + 0x1D);
        a.raanCount = lei32(p + 0x21);
        a.raanDataSize = le32(p + 0x25);
        a.raanOffset = lei32(p + 0x29);
        a.animControlPrefix = le32(p + 0x2D);
        a.ragrOffset = le32(p + 0x31);
        a.pad35 = arr<8>(p + 0x35);
        a.rafsIndex = le32(p + 0x3D);
        a.numStrings = le32(p + 0x41);
        a.pad45 = le32(p + 0x45);
        a.stringOffsetsIndex = le32(p + 0x49);
        a.scriptLength = le32(p + 0x4D);
        a.scriptDataOffset = le32(p + 0x51);
        a.scriptPc = le32(p + 0x55);
        a.animBufferSwap = le32(p + 0x59);
        a.rahkOffset = le32(p + 0x5D);
        a.dialogueLock = arr<8>(p + 0x61);
        a.ralcOffset = le32(p + 0x69);
        a.actorFlags = arr<4>(p + 0x6D);
        a.raexOffset = le32(p + 0x71);
        a.numVariables = le32(p + 0x75);
        a.visibilityFlags = arr<4>(p + 0x79);
        a.variableOffset = le32(p + 0x7D);
        a.variableOffsetDup = le32(p + 0x81);
        a.animFrameData = le32(p + 0x85);
        a.soupFuncPrimary = lei32(p + 0x89);
        a.soupFuncSecondary = lei32(p + 0x8D);
        a.soupFuncTertiary = lei32(p + 0x91);
        a.combatFlag = lei16(p + 0x95);
        a.raexStat = lei16(p + 0x97);
        a.reserved99 = lei16(p + 0x99);
        a.reserved9B = lei16(p + 0x9B);
        a.ravcOffset = lei32(p + 0x9D);
        a.ravcCount = lei32(p + 0xA1);
    }
    return {};
}

void encodeRahd(const Rgm& rgm, ByteWriter& w) {
    w.u32(static_cast<std::uint32_t>(rgm.rahd.actors.size()));
    w.bytes(rgm.rahd.fixed.data(), 4);
    for (const RgmActor& a : rgm.rahd.actors) {
        w.u32(a.field00);
        w.fixedString(a.scriptName, 9);
        w.u16(a.instances);
        w.u16(a.pad0F);
        w.i32(a.instanceCounter);
        w.bytes(a.animSpeed.data(), 4);
        w.u32(a.ranmOffset);
        w.u32(a.raatOffset);
        w.i32(a.raanCount);
        w.u32(a.raanDataSize);
        w.i32(a.raanOffset);
        w.u32(a.animControlPrefix);
        w.u32(a.ragrOffset);
        w.bytes(a.pad35.data(), 8);
        w.u32(a.rafsIndex);
        w.u32(a.numStrings);
        w.u32(a.pad45);
        w.u32(a.stringOffsetsIndex);
        w.u32(a.scriptLength);
        w.u32(a.scriptDataOffset);
        w.u32(a.scriptPc);
        w.u32(a.animBufferSwap);
        w.u32(a.rahkOffset);
        w.bytes(a.dialogueLock.data(), 8);
        w.u32(a.ralcOffset);
        w.bytes(a.actorFlags.data(), 4);
        w.u32(a.raexOffset);
        w.u32(a.numVariables);
        w.bytes(a.visibilityFlags.data(), 4);
        w.u32(a.variableOffset);
        w.u32(a.variableOffsetDup);
        w.u32(a.animFrameData);
        w.i32(a.soupFuncPrimary);
        w.i32(a.soupFuncSecondary);
        w.i32(a.soupFuncTertiary);
        w.i16(a.combatFlag);
        w.i16(a.raexStat);
        w.i16(a.reserved99);
        w.i16(a.reserved9B);
        w.i32(a.ravcOffset);
        w.i32(a.ravcCount);
    }
}

std::string decodeRaan(ByteReader& r, Rgm& rgm) {
    // Each iteration consumes at least the 6-byte prefix and the NUL, so the walk ends.
    while (!r.atEnd()) {
        std::size_t at = r.pos();
        if (r.remaining() < 7)
            r.fail("RAAN entry", "entry needs 6 prefix bytes and a path, only " +
                                     std::to_string(r.remaining()) + " bytes left (truncated)");
        RgmRaanEntry e;
        e.reserved = r.u32("RAAN reserved");
        e.frameCount = r.u8("RAAN frame_count");
        e.modelType = r.u8("RAAN model_type");
        ByteSpan rest = r.data().subspan(r.pos());
        const void* nul = std::memchr(rest.data(), 0, rest.size());
        if (!nul) r.failAt(at, "RAAN file_path", "path has no NUL terminator before the end of the section");
        std::size_t len = static_cast<std::size_t>(static_cast<const std::uint8_t*>(nul) - rest.data());
        e.path.assign(reinterpret_cast<const char*>(rest.data()), len);
        r.skip(len + 1, "RAAN file_path");
        rgm.raan.push_back(std::move(e));
    }
    return {};
}

void encodeRaan(const Rgm& rgm, ByteWriter& w) {
    for (const RgmRaanEntry& e : rgm.raan) {
        w.u32(e.reserved);
        w.u8(e.frameCount);
        w.u8(e.modelType);
        // A path must not contain NUL (the reader would split it); write up to the first one.
        std::size_t len = e.path.find('\0');
        w.bytes(e.path.data(), len == std::string::npos ? e.path.size() : len);
        w.u8(0);
    }
}

namespace {
// Groups in the list starting at s, by hopping over the sizes (stops early on anything odd; the
// real walk reports it). Only used to size the vector once.
struct GroupCount {
    std::size_t groups = 0, commands = 0;
};
GroupCount countGroups(ByteSpan s) {
    GroupCount n;
    std::size_t at = 0;
    while (at + 2 <= s.size()) {
        std::size_t size = s[at] | (s[at + 1] << 8);
        // Only groups inside the bytes count, so a corrupt size cannot inflate the reservation.
        if (size == 0 || size > s.size() - at - 2) break;
        ++n.groups;
        n.commands += size / 3; // an upper bound of frame_count that the bytes justify
        at += 2 + size;
    }
    return n;
}
} // namespace

std::string decodeRagr(ByteReader& r, Rgm& rgm) {
    // Lists follow each other until the section ends; every loop step consumes >= 2 bytes.
    while (!r.atEnd()) {
        RgmAnimList list;
        GroupCount counted = countGroups(r.data().subspan(r.pos()));
        list.groups.reserve(counted.groups);
        list.commands.reserve(counted.commands);
        for (;;) {
            if (r.remaining() < 2) {
                r.fail("RAGR entry_size", "group list has no 0 terminator before the end of the section");
            }
            std::size_t at = r.pos();
            std::uint16_t size = r.u16("RAGR entry_size");
            if (size == 0) break;
            if (size < 8)
                r.failAt(at, "RAGR entry_size",
                         "size " + std::to_string(size) + " is smaller than the 8-byte group header");
            if (size > r.remaining()) {
                r.failAt(at, "RAGR entry_size",
                         "group size " + std::to_string(size) + " runs past the section (" +
                             std::to_string(r.remaining()) + " bytes left)");
            }
            const std::uint8_t* p = r.bytes(size, "RAGR group").data();
            RgmAnimGroup g;
            g.groupIndex = le16(p);
            g.animId = le16(p + 2);
            g.animType = le16(p + 4);
            std::size_t frames = le16(p + 6);
            if (frames * 3 > static_cast<std::size_t>(size - 8)) {
                r.failAt(at + 8, "RAGR frame_count",
                         "frame_count " + std::to_string(frames) + " needs " + std::to_string(frames * 3) +
                             " command bytes, the group has " + std::to_string(size - 8));
            }
            g.firstCommand = static_cast<std::uint32_t>(list.commands.size());
            g.commandCount = static_cast<std::uint32_t>(frames);
            const std::uint8_t* c = p + 8;
            list.commands.resize(g.firstCommand + frames);
            std::uint32_t* out = list.commands.data() + g.firstCommand;
            for (std::size_t k = 0; k < frames; ++k, c += 3)
                out[k] = packRagrBytes(c[0], c[1], c[2]);
            if (c != p + size) g.trailing.assign(c, p + size);
            list.groups.push_back(std::move(g));
        }
        rgm.ragr.push_back(std::move(list));
    }
    return {};
}

void encodeRagr(const Rgm& rgm, ByteWriter& w) {
    for (const RgmAnimList& list : rgm.ragr) {
        for (const RgmAnimGroup& g : list.groups) {
            std::span<const std::uint32_t> commands = rgmGroupCommands(list, g);
            w.u16(static_cast<std::uint16_t>(8 + commands.size() * 3 + g.trailing.size()));
            w.u16(g.groupIndex);
            w.u16(g.animId);
            w.u16(g.animType);
            w.u16(static_cast<std::uint16_t>(commands.size()));
            for (std::uint32_t c : commands) {
                w.u8(static_cast<std::uint8_t>(c));
                w.u8(static_cast<std::uint8_t>(c >> 8));
                w.u8(static_cast<std::uint8_t>(c >> 16));
            }
            w.bytes(g.trailing);
        }
        w.u16(0);
    }
}

} // namespace rgx::loaders::rgm_detail

namespace rgx::loaders {

void addRgmAnimGroup(RgmAnimList& list, std::uint16_t groupIndex, std::uint16_t animId,
                     std::uint16_t animType, std::span<const std::uint32_t> commands) {
    RgmAnimGroup g;
    g.groupIndex = groupIndex;
    g.animId = animId;
    g.animType = animType;
    g.firstCommand = static_cast<std::uint32_t>(list.commands.size());
    g.commandCount = static_cast<std::uint32_t>(commands.size());
    list.commands.insert(list.commands.end(), commands.begin(), commands.end());
    list.groups.push_back(std::move(g));
}

std::span<const std::uint32_t> rgmGroupCommands(const RgmAnimList& list, const RgmAnimGroup& group) {
    std::size_t first = std::min<std::size_t>(group.firstCommand, list.commands.size());
    std::size_t count = std::min<std::size_t>(group.commandCount, list.commands.size() - first);
    return std::span<const std::uint32_t>(list.commands).subspan(first, count);
}

} // namespace rgx::loaders

namespace rgx::loaders::rgm_detail {

namespace {
std::vector<RgmWalkMap> readWalkMaps(ByteReader& r) {
    std::size_t count = r.checkCount(r.u32("WDNM record_count"), 0x1C, "WDNM record_count");
    std::vector<RgmWalkMap> maps(count);
    for (RgmWalkMap& m : maps) {
        m.mapLength = r.u32("WDNM map_length");
        std::size_t nodes = r.checkCount(r.u32("WDNM node_count"), 12, "WDNM node_count");
        m.nodeCountDup = r.u32("WDNM node_count_dup");
        readPos(m.pos, r.bytes(12, "WDNM map_pos").data(), true, true);
        m.radius = r.u32("WDNM radius");
        // Bounded by the checked count; each node consumes >= 12 bytes.
        for (std::size_t i = 0; i < nodes; ++i) {
            RgmWalkNode node;
            node.nodeLength = r.u32("WDNM node_length");
            node.x = r.u16("WDNM node_pos_x");
            node.y = r.i16("WDNM node_pos_y");
            node.z = r.u16("WDNM node_pos_z");
            node.reserved = r.u8("WDNM reserved");
            std::size_t routes = r.checkCount(r.u8("WDNM route_count"), 4, "WDNM route_count");
            node.routes.resize(routes);
            for (RgmWalkRoute& route : node.routes) {
                route.targetNode = r.u16("WDNM target_node_id");
                route.cost = r.u16("WDNM cost");
            }
            m.nodes.push_back(std::move(node));
        }
    }
    return maps;
}
} // namespace

std::string decodeWdnm(ByteReader& r, Rgm& rgm) {
    // The walk-map layout is the least sure part of the reference: a payload that does not parse
    // exactly is kept raw instead of failing the whole file.
    try {
        std::vector<RgmWalkMap> maps = readWalkMaps(r);
        if (!r.atEnd()) return std::to_string(r.remaining()) + " bytes after the walk maps";
        rgm.wdnm = std::move(maps);
    } catch (const Error& e) {
        return "walk maps do not parse (" + e.field() + ": " + e.message() + ")";
    }
    return {};
}

void encodeWdnm(const Rgm& rgm, ByteWriter& w) {
    w.u32(static_cast<std::uint32_t>(rgm.wdnm.size()));
    for (const RgmWalkMap& m : rgm.wdnm) {
        w.u32(m.mapLength);
        w.u32(static_cast<std::uint32_t>(m.nodes.size()));
        w.u32(m.nodeCountDup);
        writePos(w, m.pos, true);
        w.u32(m.radius);
        for (const RgmWalkNode& n : m.nodes) {
            w.u32(n.nodeLength);
            w.u16(n.x);
            w.i16(n.y);
            w.u16(n.z);
            w.u8(n.reserved);
            w.u8(static_cast<std::uint8_t>(n.routes.size()));
            for (const RgmWalkRoute& route : n.routes) {
                w.u16(route.targetNode);
                w.u16(route.cost);
            }
        }
    }
}

} // namespace rgx::loaders::rgm_detail

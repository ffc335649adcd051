#include "loaders/drakan/level.h"

#include <algorithm>

#include "loaders/drakan/riot_io.h"
#include "loaders/drakan/srsc.h"

#include <stdexcept>

namespace rgx::loaders::drakan {

namespace {

// Bytes a layer definition holds at least: seven u32 before its name, the name's length, seven u32
// after it (the visible layers counted, none listed).
constexpr std::size_t kMinLayerDefinition = 7 * 4 + 2 + 7 * 4;
// An object's fields without its links, scale, data and field definitions.
constexpr std::size_t kMinObject = 4 + 4 + 4 + 12 + 4 + 2 + 2 + 6 + 4 + 4;
constexpr std::size_t kVertexBytes = 4, kCellBytes = 26;

std::uint64_t vertexCount(const Layer& l) {
    return (std::uint64_t{l.width} + 1) * (std::uint64_t{l.height} + 1);
}
std::uint64_t cellCount(const Layer& l) {
    return std::uint64_t{l.width} * l.height;
}

LevelInfo readInfo(ByteReader& r) {
    LevelInfo info;
    info.name = readRiotString(r, "level name");
    info.maxWidth = r.u32("level max width");
    info.maxHeight = r.u32("level max height");
    const std::uint32_t count = r.u32("level database count");
    r.checkCount(count, 6, "level database count"); // two u16 and an empty path each
    info.databases.resize(count);
    for (LevelDatabase& db : info.databases) {
        db.index = r.u16("level database index");
        const std::size_t at = r.pos();
        db.unknown = r.u16("level database unknown");
        // OpenDrakan's reader expects 0 here; kept and written back as read.
        if (db.unknown != 0)
            r.warnAt(at, "level database unknown",
                     "database " + std::to_string(db.index) + "'s second u16 is " +
                         std::to_string(db.unknown) + ", not 0");
        db.path = readRiotString(r, "level database path");
    }
    warnTrailing(r, "level name trailing");
    return info;
}

void readDefinition(ByteReader& r, Layer& l, std::size_t index, std::size_t layerCount) {
    const std::size_t at = r.pos();
    l.id = r.u32("layer id");
    l.width = r.u32("layer width");
    l.height = r.u32("layer height");
    // Bounded before the stream is inflated: its size follows from the sides.
    if (l.width > kMaxLayerSide || l.height > kMaxLayerSide)
        r.failAt(at + 4, "layer width",
                 "layer " + std::to_string(index) + " is " + std::to_string(l.width) + " x " +
                     std::to_string(l.height) + " cells, past " + std::to_string(kMaxLayerSide) + " a side");
    const std::uint32_t type = r.u32("layer type");
    if (type > static_cast<std::uint32_t>(LayerType::Between))
        r.warnAt(at + 12, "layer type",
                 "layer " + std::to_string(index) + " has type " + std::to_string(type) +
                     ", not 0, 1 or 2 (kept)");
    l.type = static_cast<LayerType>(type);
    l.originX = r.u32("layer origin x");
    l.originZ = r.u32("layer origin z");
    l.worldHeight = r.f32("layer world height");
    l.name = readRiotString(r, "layer name");
    l.flags = r.u32("layer flags");
    l.lightDirection = r.f32("layer light direction");
    l.lightAscension = r.f32("layer light ascension");
    l.lightColour = r.u32("layer light colour");
    l.ambientColour = r.u32("layer ambient colour");
    l.lightDropoff = r.u32("layer light dropoff");
    const std::uint32_t visible = r.u32("layer visible layer count");
    r.checkCount(visible, 4, "layer visible layer count");
    l.visibleLayers.resize(visible);
    for (std::uint32_t& v : l.visibleLayers) {
        v = r.u32("layer visible layer");
        if (v >= layerCount)
            r.warnAt(r.pos() - 4, "layer visible layer",
                     "layer " + std::to_string(index) + " lists layer index " + std::to_string(v) + " of " +
                         std::to_string(layerCount) + " (kept)");
    }
}

// The inflated stream, whose size was checked: the vertices, then the cells.
void readLayerData(const Bytes& data, Layer& l, const std::string& path) {
    ByteReader d(data, path + " (layer " + std::to_string(l.id) + " data)");
    l.vertices.resize(static_cast<std::size_t>(vertexCount(l)));
    for (LayerVertex& v : l.vertices) {
        v.type = d.u8("layer vertex type");
        v.unknown = d.u8("layer vertex unknown");
        v.height = d.u16("layer vertex height");
    }
    l.cells.resize(static_cast<std::size_t>(cellCount(l)));
    for (LayerCell& c : l.cells) {
        c.flags = d.u16("layer cell flags");
        c.left = readRecordRef(d, "layer cell left texture");
        c.right = readRecordRef(d, "layer cell right texture");
        for (std::uint16_t& uv : c.uv)
            uv = d.u16("layer cell uv");
    }
}

std::vector<Layer> readLayersFrom(ByteReader& r, std::uint32_t* marker) {
    const std::uint32_t count = r.u32("layer count");
    // Each layer holds at least its definition and its stream's size.
    r.checkCount(count, kMinLayerDefinition + 4, "layer count");
    std::vector<Layer> layers(count);
    for (std::size_t i = 0; i < layers.size(); ++i)
        readDefinition(r, layers[i], i, layers.size());
    const std::size_t markerAt = r.pos();
    const std::uint32_t m = r.u32("layers marker");
    // The description guesses a compression level; OpenDrakan's reader expects 1.
    if (m != 1) r.warnAt(markerAt, "layers marker", std::to_string(m) + ", not 1 (kept)");
    if (marker) *marker = m;
    // One zlib stream a layer (OpenDrakan's reader; the description's "~3 blocks" is not followed).
    for (Layer& l : layers) {
        const std::size_t at = r.pos();
        const std::uint32_t size = r.u32("layer compressed size");
        if (size > r.remaining())
            r.failAt(at, "layer compressed size",
                     "layer " + std::to_string(l.id) + "'s stream of " + std::to_string(size) +
                         " bytes runs past the record (" + std::to_string(r.remaining()) + " left)");
        const std::size_t streamAt = r.pos();
        const ByteSpan stream = r.bytes(size, "layer data");
        const std::uint64_t expected = vertexCount(l) * kVertexBytes + cellCount(l) * kCellBytes;
        const Bytes data = inflateZlib(stream, static_cast<std::size_t>(expected), r.path(),
                                       r.absolute(streamAt), "layer data");
        readLayerData(data, l, r.path());
    }
    warnTrailing(r, "layers trailing");
    return layers;
}

std::vector<LayerGroup> readGroupsFrom(ByteReader& r) {
    const std::uint32_t count = r.u32("layer group count");
    r.checkCount(count, 6, "layer group count"); // an empty name and a count each
    std::vector<LayerGroup> groups(count);
    for (LayerGroup& g : groups) {
        g.name = readRiotString(r, "layer group name");
        const std::uint32_t n = r.u32("layer group layer count");
        r.checkCount(n, 4, "layer group layer count");
        g.layers.resize(n);
        for (std::uint32_t& id : g.layers)
            id = r.u32("layer group layer");
    }
    warnTrailing(r, "layer groups trailing");
    return groups;
}

std::vector<LevelObject> readObjectsFrom(ByteReader& r) {
    const std::uint16_t count = r.u16("object count");
    r.checkCount(count, kMinObject, "object count");
    std::vector<LevelObject> objects(count);
    for (LevelObject& o : objects) {
        o.id = r.u32("object id");
        o.classRef = readRecordRef(r, "object class");
        o.lightingLayer = r.u32("object lighting layer");
        for (float& c : o.position)
            c = r.f32("object position");
        o.flags = r.u32("object flags");
        o.initialEvents = r.u16("object initial event count");
        const std::uint16_t links = r.u16("object link count");
        r.checkCount(links, 2, "object link count");
        o.links.resize(links);
        for (std::uint16_t& l : o.links)
            l = r.u16("object link");
        for (std::uint16_t& a : o.rotation)
            a = r.u16("object rotation");
        if (o.flags & kObjectScaled)
            for (float& s : o.scale)
                s = r.f32("object scale");
        // Objects store the dword count before the field count (classes the other way round).
        const std::uint32_t dwords = r.u32("object data size");
        const std::uint32_t fields = r.u32("object field count");
        r.checkCount(dwords, 4, "object data size");
        o.data.resize(dwords);
        for (std::uint32_t& d : o.data)
            d = r.u32("object data");
        r.checkCount(fields, 2 + 6, "object field count"); // an index and a definition each
        o.fieldIndices.resize(fields);
        for (std::uint16_t& i : o.fieldIndices)
            i = r.u16("object field index");
        o.fields = readFieldDefinitions(r, fields);
    }
    warnTrailing(r, "objects trailing");
    return objects;
}

// Where record `index`'s directory entry lies: the directory's offset is the header's u32 at 6.
// readSrsc has checked both, so the seeks cannot fail.
std::size_t directoryEntry(ByteSpan bytes, const std::string& path, std::size_t index) {
    ByteReader r(bytes, path);
    r.seek(6, "SRSC directory offset");
    return r.u32("SRSC directory offset") + index * kSrscEntrySize;
}

// The absolute offset of record `index`'s body, from its directory entry.
std::uint64_t bodyOffset(ByteSpan bytes, const std::string& path, std::size_t index) {
    ByteReader r(bytes, path);
    r.seek(directoryEntry(bytes, path, index) + 6, "SRSC body offset");
    return r.u32("SRSC body offset");
}

std::string hex4(std::uint16_t v) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s = "0x";
    for (int shift = 12; shift >= 0; shift -= 4)
        s += kDigits[(v >> shift) & 0xF];
    return s;
}

void writeLayerDefinition(ByteWriter& w, const Layer& l) {
    w.u32(l.id);
    w.u32(l.width);
    w.u32(l.height);
    w.u32(static_cast<std::uint32_t>(l.type));
    w.u32(l.originX);
    w.u32(l.originZ);
    w.f32(l.worldHeight);
    writeRiotString(w, l.name);
    w.u32(l.flags);
    w.f32(l.lightDirection);
    w.f32(l.lightAscension);
    w.u32(l.lightColour);
    w.u32(l.ambientColour);
    w.u32(l.lightDropoff);
    w.u32(static_cast<std::uint32_t>(l.visibleLayers.size()));
    for (const std::uint32_t v : l.visibleLayers)
        w.u32(v);
}

Bytes layerData(const Layer& l) {
    if (l.width > kMaxLayerSide || l.height > kMaxLayerSide)
        throw Error("<memory>", Error::kNoOffset, "layer width",
                    "layer " + std::to_string(l.id) + " is past " + std::to_string(kMaxLayerSide) +
                        " cells a side");
    if (l.vertices.size() != vertexCount(l))
        throw Error("<memory>", Error::kNoOffset, "layer vertices",
                    "layer " + std::to_string(l.id) + " has " + std::to_string(l.vertices.size()) +
                        " vertices, not " + std::to_string(vertexCount(l)));
    if (l.cells.size() != cellCount(l))
        throw Error("<memory>", Error::kNoOffset, "layer cells",
                    "layer " + std::to_string(l.id) + " has " + std::to_string(l.cells.size()) +
                        " cells, not " + std::to_string(cellCount(l)));
    ByteWriter w;
    w.reserve(l.vertices.size() * kVertexBytes + l.cells.size() * kCellBytes);
    for (const LayerVertex& v : l.vertices) {
        w.u8(v.type);
        w.u8(v.unknown);
        w.u16(v.height);
    }
    for (const LayerCell& c : l.cells) {
        w.u16(c.flags);
        writeRecordRef(w, c.left);
        writeRecordRef(w, c.right);
        for (const std::uint16_t uv : c.uv)
            w.u16(uv);
    }
    return w.take();
}

} // namespace

double layerVertexHeight(const Layer& layer, std::uint32_t x, std::uint32_t z) {
    if (x > layer.width || z > layer.height)
        throw std::out_of_range("layer vertex (" + std::to_string(x) + ", " + std::to_string(z) +
                                ") is outside the " + std::to_string(layer.width) + " x " +
                                std::to_string(layer.height) + " cells");
    const LayerVertex& v = layer.vertices.at(std::size_t{x} + (std::size_t{layer.width} + 1) * z);
    return double{layer.worldHeight} + (static_cast<int>(v.height) - 0x8000) * 2.0;
}

std::string layerTypeName(LayerType type) {
    switch (type) {
    case LayerType::Floor:
        return "floor";
    case LayerType::Ceiling:
        return "ceiling";
    case LayerType::Between:
        return "between";
    }
    return "type " + std::to_string(static_cast<std::uint32_t>(type));
}

LayerSummary summariseLayer(const Layer& layer) {
    LayerSummary out;
    for (std::size_t i = 0; i < layer.vertices.size(); ++i) {
        const double h = layer.worldHeight + (static_cast<double>(layer.vertices[i].height) - 0x8000) * 2;
        out.lowest = i == 0 ? h : std::min(out.lowest, h);
        out.highest = i == 0 ? h : std::max(out.highest, h);
    }
    for (const LayerCell& c : layer.cells)
        for (const RecordRef& t : {c.left, c.right}) {
            out.holes += t == kHoleTexture;
            out.invisible += t == kInvisibleTexture;
        }
    return out;
}

LevelInfo readLevelInfo(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    return readInfo(r);
}

Bytes writeLevelInfo(const LevelInfo& info) {
    ByteWriter w;
    writeRiotString(w, info.name);
    w.u32(info.maxWidth);
    w.u32(info.maxHeight);
    w.u32(static_cast<std::uint32_t>(info.databases.size()));
    for (const LevelDatabase& db : info.databases) {
        w.u16(db.index);
        w.u16(db.unknown);
        writeRiotString(w, db.path);
    }
    return w.take();
}

std::vector<Layer> readLayers(ByteSpan body, const std::string& path, Warnings* warnings,
                              std::uint32_t* marker) {
    ByteReader r(body, path, 0, warnings);
    return readLayersFrom(r, marker);
}

Bytes writeLayers(const std::vector<Layer>& layers, std::uint32_t marker) {
    ByteWriter w;
    w.u32(static_cast<std::uint32_t>(layers.size()));
    for (const Layer& l : layers)
        writeLayerDefinition(w, l);
    w.u32(marker);
    for (const Layer& l : layers) {
        const Bytes stream = deflateZlib(layerData(l), 6);
        w.u32(static_cast<std::uint32_t>(stream.size()));
        w.bytes(stream);
    }
    return w.take();
}

std::vector<LayerGroup> readLayerGroups(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    return readGroupsFrom(r);
}

Bytes writeLayerGroups(const std::vector<LayerGroup>& groups) {
    ByteWriter w;
    w.u32(static_cast<std::uint32_t>(groups.size()));
    for (const LayerGroup& g : groups) {
        writeRiotString(w, g.name);
        w.u32(static_cast<std::uint32_t>(g.layers.size()));
        for (const std::uint32_t id : g.layers)
            w.u32(id);
    }
    return w.take();
}

std::vector<LevelObject> readLevelObjects(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    return readObjectsFrom(r);
}

Bytes writeLevelObjects(const std::vector<LevelObject>& objects) {
    if (objects.size() > 0xFFFF)
        throw Error("<memory>", Error::kNoOffset, "object count",
                    std::to_string(objects.size()) + " objects: at most 65,535");
    ByteWriter w;
    w.u16(static_cast<std::uint16_t>(objects.size()));
    for (const LevelObject& o : objects) {
        if (o.links.size() > 0xFFFF)
            throw Error("<memory>", Error::kNoOffset, "object link count",
                        "object " + std::to_string(o.id) + " has " + std::to_string(o.links.size()) +
                            " links: at most 65,535");
        if (o.fieldIndices.size() != o.fields.size())
            throw Error("<memory>", Error::kNoOffset, "object field count",
                        "object " + std::to_string(o.id) + " has " + std::to_string(o.fieldIndices.size()) +
                            " field indices and " + std::to_string(o.fields.size()) +
                            " field definitions: one each");
        w.u32(o.id);
        writeRecordRef(w, o.classRef);
        w.u32(o.lightingLayer);
        for (const float c : o.position)
            w.f32(c);
        w.u32(o.flags);
        w.u16(o.initialEvents);
        w.u16(static_cast<std::uint16_t>(o.links.size()));
        for (const std::uint16_t l : o.links)
            w.u16(l);
        for (const std::uint16_t a : o.rotation)
            w.u16(a);
        if (o.flags & kObjectScaled)
            for (const float s : o.scale)
                w.f32(s);
        w.u32(static_cast<std::uint32_t>(o.data.size()));
        w.u32(static_cast<std::uint32_t>(o.fields.size()));
        for (const std::uint32_t d : o.data)
            w.u32(d);
        for (const std::uint16_t i : o.fieldIndices)
            w.u16(i);
        writeFieldDefinitions(w, o.fields);
    }
    return w.take();
}

Level readLevel(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    const SrscFile file = readSrsc(bytes, path, warnings);
    // The first record of each type, as OpenDrakan's reader takes them; the rest are not kept.
    constexpr std::size_t kNone = ~std::size_t{0};
    std::size_t info = kNone, layers = kNone, groups = kNone, objects = kNone;
    for (std::size_t i = 0; i < file.records.size(); ++i) {
        const std::uint16_t type = file.records[i].type;
        std::size_t* slot = type == kLevelNameRecord     ? &info
                            : type == kLayersRecord      ? &layers
                            : type == kLayerGroupsRecord ? &groups
                            : type == kObjectsRecord     ? &objects
                                                         : nullptr;
        if (slot && *slot == kNone) {
            *slot = i;
        } else {
            // Not written back: writeLevel writes one record of each type.
            ByteReader(bytes, path, 0, warnings)
                .warnAt(directoryEntry(bytes, path, i), "level record",
                        "record " + std::to_string(i) + " (type " + hex4(type) +
                            (slot ? ", not the first of its type" : ", not a level record") + ") is dropped");
        }
    }
    if (info == kNone)
        throw Error(path, Error::kNoOffset, "level name record", "no record of type 0x0000 (level name)");
    if (layers == kNone)
        throw Error(path, Error::kNoOffset, "layers record", "no record of type 0x0001 (layers)");
    // Each body is read with the file's offsets, so an error points at the file's byte.
    const auto reader = [&](std::size_t index) {
        return ByteReader(file.records[index].body, path, bodyOffset(bytes, path, index), warnings);
    };
    Level level;
    ByteReader infoReader = reader(info);
    level.info = readInfo(infoReader);
    ByteReader layersReader = reader(layers);
    level.layers = readLayersFrom(layersReader, &level.layersMarker);
    if (groups != kNone) {
        ByteReader r = reader(groups);
        level.groups = readGroupsFrom(r);
    }
    if (objects != kNone) {
        ByteReader r = reader(objects);
        level.objects = readObjectsFrom(r);
    }
    return level;
}

Bytes writeLevel(const Level& level) {
    SrscFile file;
    file.records.push_back({kLevelNameRecord, 0, 0, writeLevelInfo(level.info)});
    file.records.push_back({kLayersRecord, 0, 0, writeLayers(level.layers, level.layersMarker)});
    if (!level.groups.empty())
        file.records.push_back({kLayerGroupsRecord, 0, 0, writeLayerGroups(level.groups)});
    if (!level.objects.empty())
        file.records.push_back({kObjectsRecord, 0, 0, writeLevelObjects(level.objects)});
    return writeSrsc(file);
}

} // namespace rgx::loaders::drakan

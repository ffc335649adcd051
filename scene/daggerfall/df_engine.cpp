#include "scene/daggerfall/df_engine.h"

#include "base/error.h"
#include "loaders/daggerfall/pak.h"
#include "loaders/daggerfall/rdb.h"
#include "loaders/daggerfall/rmb.h"
#include "scene/daggerfall/df_blocks.h"
#include "scene/daggerfall/df_look.h"
#include "scene/daggerfall/df_media.h"

namespace rgx::scene::daggerfall {

namespace ldf = loaders::daggerfall;

namespace {

class DaggerfallEngine final : public Engine {
public:
    const char* name() const override { return "daggerfall"; }
    const char* title() const override { return "The Elder Scrolls II: Daggerfall (1996)"; }
    const char* needs() const override { return "ARENA2/ with BLOCKS.BSA (or that ARENA2 directory itself)"; }
    std::int64_t firstWorldId() const override { return kFirstDaggerfallWorld; }
    bool recognises(const GameFs& fs) const override {
        return fs.exists("ARENA2/BLOCKS.BSA") || fs.exists("BLOCKS.BSA");
    }
    std::unique_ptr<EngineGame> open(const GameFs& fs) const override {
        return std::make_unique<DaggerfallGame>(fs);
    }
    LookRules lookRules() const override {
        return {
            "ARENA2/PAL.PAL, one palette for every texture",
            "light shades through the palette's nearest colours; the distance fogs through the game's own "
            "tables, HAZE.000 outdoors and SHADE.000 in a dungeon",
            "none: the background is the fog's colour (the game's SKY##.DAT are not read)",
            "Glide: the same textures filtered in true colour"};
    }
};

bool endsWith(const std::string& name, const char* ext) {
    const std::string upper = upperAscii(name);
    const std::string e = ext;
    return upper.size() >= e.size() && upper.compare(upper.size() - e.size(), e.size(), e) == 0;
}

} // namespace

const Engine& daggerfallEngine() {
    static const DaggerfallEngine engine;
    return engine;
}

DaggerfallGame::DaggerfallGame(const GameFs& fs) : fs_(fs) {
    prefix_ = fs.exists("ARENA2/BLOCKS.BSA") ? "ARENA2/" : "";
    const std::string blocksPath = prefix_ + "BLOCKS.BSA";
    blocksBytes_ = fs.read(blocksPath);
    loaders::Warnings read;
    blocks_ = ldf::readBsaDirectory(blocksBytes_, blocksPath, &read);
    appendWarningTexts(notes_, read);
    const std::string mapsPath = prefix_ + "MAPS.BSA";
    if (fs.exists(mapsPath)) {
        loaders::Warnings mapsRead;
        maps_ = fs.decode(mapsPath,
                          [&](const loaders::Bytes& b) { return ldf::readMaps(b, mapsPath, &mapsRead); });
        appendWarningTexts(notes_, mapsRead);
    }
    const std::string climatePath = prefix_ + "CLIMATE.PAK";
    if (!fs.exists(climatePath)) {
        climateMissing_ = climatePath + ": not found";
    } else {
        try {
            loaders::Warnings climateRead;
            climate_ = ldf::pakValues(fs.decode(climatePath, [&](const loaders::Bytes& b) {
                return ldf::readPak(b, climatePath, &climateRead);
            }));
            appendWarningTexts(notes_, climateRead);
        } catch (const Error& e) {
            climateMissing_ = e.what();
        }
    }
    const auto add = [&](Entry e, std::string name, const char* kind) {
        worlds_.push_back(
            {kFirstDaggerfallWorld + static_cast<std::int64_t>(entries_.size()), std::move(name), kind});
        entries_.push_back(e);
    };
    if (maps_) {
        for (std::size_t r = 0; r < maps_->regions.size(); ++r) {
            const ldf::MapsRegion& region = maps_->regions[r];
            for (std::size_t l = 0; l < region.locations.size(); ++l) {
                const ldf::MapsLocation& loc = region.locations[l];
                const std::string where = loc.name + ", " + std::string(ldf::mapsRegionName(region.index));
                const ldf::MapsExterior& ext = loc.exterior;
                const std::string type(ldf::mapsLocationTypeName(loc.table.locationType()));
                // A town's blocks, or another location's exterior (a dungeon's entrance, a farm).
                if (ext.width > 0 && ext.height > 0)
                    add({Kind::Town, r, l, 0},
                        where + " (" + type + ", " + std::to_string(ext.width) + " x " +
                            std::to_string(ext.height) + " blocks)",
                        type.rfind("town", 0) == 0 ? "town" : "exterior");
                if (const ldf::MapsDungeon* d = ldf::findMapsDungeon(region, loc))
                    add({Kind::Dungeon, r, l, 0},
                        where + " (dungeon, " + std::to_string(d->blocks.size()) + " blocks)", "dungeon");
            }
        }
    }
    for (std::size_t i = 0; i < blocks_.records.size(); ++i) {
        const std::string& name = blocks_.records[i].name;
        if (endsWith(name, ".RMB") || endsWith(name, ".RDB")) add({Kind::Block, 0, 0, i}, name, "block");
    }
}

int DaggerfallGame::groundArchive(const ldf::MapsLocation& location,
                                  std::vector<std::string>& warnings) const {
    const std::string temperate = "; the ground is temperate (TEXTURE.302)";
    if (climate_.empty()) {
        warnings.push_back(climateMissing_ + temperate);
        return kDefaultGroundArchive;
    }
    const ldf::MapsPixel pixel = ldf::mapsMapPixel(location.table);
    const int climate = ldf::climateAt(climate_, pixel);
    const std::string where = prefix_ + "CLIMATE.PAK: map pixel (" + std::to_string(pixel.x) + ", " +
                              std::to_string(pixel.y) + ") of " + location.name;
    if (climate < 0) {
        warnings.push_back(where + " lies outside the climate map" + temperate);
        return kDefaultGroundArchive;
    }
    if (ldf::climateName(climate) == "unknown") {
        warnings.push_back(where + ": climate " + std::to_string(climate) + " is unknown" + temperate);
        return kDefaultGroundArchive;
    }
    const int archive = climateGroundArchive(climate);
    if (archive != kDefaultGroundArchive && !fs_.exists(texturePath(prefix_, archive))) {
        warnings.push_back(texturePath(prefix_, archive) + ": the " + std::string(ldf::climateName(climate)) +
                           " ground of " + location.name + " is not found" + temperate);
        return kDefaultGroundArchive;
    }
    return archive;
}

void DaggerfallGame::addBlock(Scene& scene, DaggerfallMedia& media, const std::string& name, const Mat4& at,
                              bool dungeon, int groundArchive) const {
    const std::string archive = prefix_ + "BLOCKS.BSA";
    const ldf::BsaRecord* record = ldf::findBsaRecord(blocks_, name);
    if (!record) {
        scene.warnings.push_back(archive + ": no block " + name + "; it is left empty");
        return;
    }
    const std::string path = archive + ":" + record->name;
    try {
        loaders::Warnings read;
        const loaders::ByteSpan bytes = ldf::bsaRecordBytes(blocksBytes_, *record, archive);
        if (dungeon)
            addRdbBlock(scene, media, ldf::readRdb(bytes, path, &read), path, at);
        else
            addRmbBlock(scene, media, ldf::readRmb(bytes, path, &read), path, at, groundArchive);
        appendWarningTexts(scene.warnings, read);
    } catch (const Error& e) {
        scene.warnings.push_back(std::string(e.what()) + " (the block is left empty)");
    }
}

std::optional<TownAutomap> DaggerfallGame::townAutomap(std::int64_t id) const {
    const std::int64_t index = id - kFirstDaggerfallWorld;
    if (index < 0 || index >= static_cast<std::int64_t>(entries_.size())) return std::nullopt;
    const Entry& e = entries_[static_cast<std::size_t>(index)];
    if (e.kind != Kind::Town) return std::nullopt;
    const ldf::MapsExterior& ext = maps_->regions[e.region].locations[e.location].exterior;
    // No picture for an empty grid, nor for one past the 8 x 8 slots MAPS holds (a damaged
    // record: its size would be the record's bytes, not its blocks).
    if (ext.width == 0 || ext.height == 0 || std::size_t{ext.width} * ext.height > ldf::kMapsBlockSlots)
        return std::nullopt;
    const std::vector<std::string> names = ldf::mapsRmbBlockNames(ext);
    const std::string archive = prefix_ + "BLOCKS.BSA";
    TownAutomap town;
    town.width = ext.width;
    town.height = ext.height;
    for (int by = 0; by < ext.height; ++by)
        for (int bx = 0; bx < ext.width; ++bx) {
            const std::string& name = names[static_cast<std::size_t>(by * ext.width + bx)];
            const ldf::BsaRecord* record = name.empty() ? nullptr : ldf::findBsaRecord(blocks_, name);
            if (!record) continue;
            const std::string path = archive + ":" + record->name;
            try {
                const loaders::ByteSpan bytes = ldf::bsaRecordBytes(blocksBytes_, *record, archive);
                town.blocks.push_back({bx, by, path, ldf::readRmb(bytes, path).fld.automap});
            } catch (const Error&) {
                // The scene says so when it builds the block; the automap leaves the cell empty.
            }
        }
    return town;
}

Scene DaggerfallGame::build(std::int64_t id, const Progress& progress) const {
    const std::int64_t index = id - kFirstDaggerfallWorld;
    if (index < 0 || index >= static_cast<std::int64_t>(entries_.size())) {
        throw Error(
            fs_.root().string(), Error::kNoOffset, "world",
            "no Daggerfall world " + std::to_string(id) + " (worlds " +
                std::to_string(kFirstDaggerfallWorld) + " to " +
                std::to_string(kFirstDaggerfallWorld + static_cast<std::int64_t>(entries_.size()) - 1) + ")");
    }
    const Entry& e = entries_[static_cast<std::size_t>(index)];
    const EngineWorld& w = worlds_[static_cast<std::size_t>(index)];
    const std::size_t filesBefore = fs_.filesRead(), bytesBefore = fs_.bytesRead();
    Scene scene;
    scene.engine = daggerfallEngine().name();
    scene.title = "world " + std::to_string(id) + " (Daggerfall " + w.kind + " " + w.name + ")";
    scene.warnings = notes_;
    DaggerfallMedia media(fs_, prefix_, scene);
    if (progress) progress("building Daggerfall " + w.kind + " " + w.name);
    if (e.kind == Kind::Town) {
        const ldf::MapsLocation& location = maps_->regions[e.region].locations[e.location];
        const ldf::MapsExterior& ext = location.exterior;
        const int ground = groundArchive(location, scene.warnings);
        const std::vector<std::string> names = ldf::mapsRmbBlockNames(ext);
        for (int by = 0; by < ext.height; ++by)
            for (int bx = 0; bx < ext.width; ++bx) {
                const std::string& name = names[static_cast<std::size_t>(by * ext.width + bx)];
                if (name.empty()) continue;
                addBlock(scene, media, name, Mat4::translation({bx * kRmbSide, 0, by * kRmbSide}), false,
                         ground);
            }
    } else if (e.kind == Kind::Dungeon) {
        const ldf::MapsRegion& region = maps_->regions[e.region];
        const ldf::MapsDungeon* d = ldf::findMapsDungeon(region, region.locations[e.location]);
        for (const ldf::MapsDungeonBlock& b : d->blocks)
            addBlock(scene, media, ldf::mapsRdbBlockName(b),
                     Mat4::translation({b.x * kRdbSide, 0, b.z * kRdbSide}), true, kDefaultGroundArchive);
    } else {
        const std::string& name = blocks_.records[e.record].name;
        // A block alone stands in no location, so it has no climate: temperate, as DFU's default.
        addBlock(scene, media, name, Mat4::identity(), endsWith(name, ".RDB"), kDefaultGroundArchive);
    }
    const bool dungeon = e.kind == Kind::Dungeon ||
                         (e.kind == Kind::Block && endsWith(blocks_.records[e.record].name, ".RDB"));
    scene.look = daggerfallLook(fs_, prefix_, dungeon, scene.palette, scene.warnings);
    scene.stats.filesRead = fs_.filesRead() - filesBefore;
    scene.stats.bytesRead = fs_.bytesRead() - bytesBefore;
    for (const Mesh& m : scene.meshes)
        if (m.placeholder) ++scene.stats.placeholders;
    return scene;
}

} // namespace rgx::scene::daggerfall

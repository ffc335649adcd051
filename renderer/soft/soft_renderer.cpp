// The software renderer's frame: setup (soft_setup.cpp), then every triangle rasterized band by
// band on every core, each fragment shaded through the tables (docs/software.md "Shading"):
//   texel (nearest, wrapped; index 0 the colour key) or the solid colour index
//   -> shade table row of the light level (round(light * 32), or ordered dithering)
//   -> haze table row of the depth w: the prepared world's fog density there (renderer::FogModel,
//      the Glide look's rule), to the nearest of the haze levels
//   -> translucent modes blend with the frame in RGB and go back through the RGB-to-index table.

#include "renderer/soft/soft_renderer.h"

#include "base/error.h"
#include "loaders/enum_names.h"
#include "renderer/soft/soft_internal.h"
#include "shaders/shared.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <thread>

namespace rgx::renderer::soft {

using namespace detail;

std::int64_t perspectiveExtent(const loaders::SystemIni& s) {
    switch (s.gameDetail) {
    case 0:
        return s.perspectiveLowX;
    case 1:
        return s.perspectiveMedX;
    case 3:
        return s.perspectiveUltraX;
    default:
        return s.perspectiveHighX;
    }
}

namespace {

// Rows per band: the threads share the bands out (assignBands). Tall bands set each triangle up fewer times
// (once per band it touches); short ones share the rows out more evenly. A frame takes the tallest
// of these that still gives every thread kBandsPerThread bands, where it can. The band height never
// changes a pixel (bands never share a row).
constexpr int kMinBandRows = 8, kMaxBandRows = 32, kBandsPerThread = 4; // powers of two

int bandRowsFor(int height, int threads) {
    const int rows = std::clamp(height / std::max(1, threads * kBandsPerThread), kMinBandRows, kMaxBandRows);
    int power = kMinBandRows; // a power of two: bands are found by shifting
    while (power * 2 <= rows)
        power *= 2;
    return power;
}

// The 4x4 ordered-dither thresholds, (b + 0.5) / 16, in the rasterizer's 16.16 fixed point.
constexpr std::int64_t kBayerStep = (std::int64_t{1} << kLightFixedBits) / 32; // 0.5 / 16
constexpr std::int64_t kBayer[4][4] = {{1 * kBayerStep, 17 * kBayerStep, 5 * kBayerStep, 21 * kBayerStep},
                                       {25 * kBayerStep, 9 * kBayerStep, 29 * kBayerStep, 13 * kBayerStep},
                                       {7 * kBayerStep, 23 * kBayerStep, 3 * kBayerStep, 19 * kBayerStep},
                                       {31 * kBayerStep, 15 * kBayerStep, 27 * kBayerStep, 11 * kBayerStep}};

// floor(v) as an int, v clamped to +-1e9 (texture coordinates times a texture size; NaN is 0).
inline int floorToInt(float v) {
    if (!(v == v)) return 0;
    v = std::clamp(v, -1.0e9f, 1.0e9f);
    const int i = static_cast<int>(v);
    return v < static_cast<float>(i) ? i - 1 : i;
}

// Everything a fragment's shading reads, for one frame.
struct ShadeContext {
    const Prepared& p;
    IndexedFrame& frame;
    std::vector<const std::uint8_t*> texFrame; // per texture: this frame's image
    const HazeRamp& haze;
    bool dither = false;
    SkyFrame sky;
    // Where each band's colours go once it is drawn (render()), or null (draw()).
    std::uint8_t* rgba = nullptr;
    std::array<std::uint32_t, 256> colourWords{}; // the palette as 4-byte words in the target's order
};

// The palette as 4-byte words in memory order (RGBA8 or BGRA8): one 32-bit store a pixel.
std::array<std::uint32_t, 256> colourWords(const loaders::Palette256& palette, PixelOrder order) {
    std::array<std::uint32_t, 256> word{};
    for (std::size_t i = 0; i < word.size(); ++i) {
        const bool bgra = order == PixelOrder::Bgra;
        const std::uint8_t bytes[4] = {bgra ? palette[i].b : palette[i].r, palette[i].g,
                                       bgra ? palette[i].r : palette[i].b, 255};
        std::memcpy(&word[i], bytes, 4);
    }
    return word;
}

void resolveWords(const std::uint8_t* index, std::size_t count, const std::array<std::uint32_t, 256>& word,
                  std::uint8_t* dst) {
    for (std::size_t i = 0; i < count; ++i, dst += 4)
        std::memcpy(dst, &word[index[i]], 4);
}

// One triangle's shading: its material's constants taken out of the frame's tables once, held by
// value so the rasterizer keeps them in registers.
struct TriangleShade {
    const std::uint8_t* image = nullptr; // the texture's image this frame; null: solid colour
    int texWidth = 1, texHeight = 1;
    bool powerOfTwo = true;
    int colorIndex = 0;
    Blend blend = Blend::Opaque;
    bool dither = false;
    const std::uint8_t* shadeRows = nullptr;
    const std::uint8_t* hazeRows = nullptr;
    const std::uint8_t* frameIndex = nullptr; // the frame's indices (translucent modes read them)
    const loaders::ColorRgb* palette = nullptr;
    const RgbIndexTable* rgb = nullptr;
    const std::uint8_t* blendRows = nullptr; // Prepared::blendTransparent or blendWater
    const HazeRamp* haze = nullptr;
    int frameWidth = 0;

    TriangleShade(const ShadeContext& ctx, const Material& m, const TextureOverride& over)
        : colorIndex(m.colorIndex), blend(m.blend), dither(ctx.dither), shadeRows(ctx.p.shade.entries.data()),
          hazeRows(ctx.p.haze.entries.data()), frameIndex(ctx.frame.index.data()),
          palette(ctx.p.palette.data()), rgb(&ctx.p.rgb),
          blendRows(m.blend == Blend::Water ? ctx.p.blendWater.data() : ctx.p.blendTransparent.data()),
          haze(&ctx.haze), frameWidth(ctx.frame.width) {
        // A flat's world state may show another texture, or a fixed frame of it (its material's
        // blend stays).
        const int texture = over.texture >= 0 ? over.texture : m.texture;
        if (texture >= 0) {
            const Texture& t = ctx.p.textures[static_cast<std::size_t>(texture)];
            image = over.frame == kAnimatedFrame ? ctx.texFrame[static_cast<std::size_t>(texture)]
                                                 : t.frames[over.frame % t.frames.size()].data();
            texWidth = t.width;
            texHeight = t.height;
            powerOfTwo = t.powerOfTwo;
        }
    }

    // The light level of a fragment: its fixed-point light quantised, with the 0.5 of rounding or
    // the ordered-dither threshold.
    [[gnu::always_inline]] int lightLevel(const Fragment& f) const {
        const std::int64_t threshold =
            dither ? kBayer[f.y & 3][f.x & 3] : std::int64_t{1} << (kLightFixedBits - 1);
        return shadeLevelFixed(f.lightFixed, threshold, kLightFixedBits);
    }
    // The material's colour index at the fragment, -1 for the colour key.
    [[gnu::always_inline]] int base(const Fragment& f) const {
        if (!image) return colorIndex;
        // The texel holding (u, v), wrapped (floor, then modulo the size).
        int x = floorToInt(f.u * static_cast<float>(texWidth)),
            y = floorToInt(f.v * static_cast<float>(texHeight));
        if (powerOfTwo) {
            x &= texWidth - 1;
            y &= texHeight - 1;
        } else {
            x %= texWidth;
            y %= texHeight;
            if (x < 0) x += texWidth;
            if (y < 0) y += texHeight;
        }
        const std::uint8_t index = image[static_cast<std::size_t>(y) * texWidth + x];
        return index == 0 ? -1 : index;
    }
    [[gnu::always_inline]] int operator()(const Fragment& f) const {
        const int texel = base(f);
        if (texel < 0) return -1;
        const std::uint8_t lit = shadeRows[static_cast<std::size_t>(lightLevel(f)) * 256 + texel];
        const int hazeLevel = haze->level(f.dist);
        const std::size_t pixel = static_cast<std::size_t>(f.y) * frameWidth + f.x;
        if (blend == Blend::Additive) {
            // Added to the frame, fading out with the haze (not towards its colour), as the Glide
            // path's beams do.
            const float keep = 1.0f - static_cast<float>(hazeLevel) / (kHazeLevels - 1);
            const loaders::ColorRgb s = palette[lit], d = palette[frameIndex[pixel]];
            const auto add = [keep](std::uint8_t a, std::uint8_t b) {
                return static_cast<std::uint8_t>(
                    std::min(255.0f, static_cast<float>(b) + static_cast<float>(a) * keep));
            };
            return rgb->at(add(s.r, d.r), add(s.g, d.g), add(s.b, d.b));
        }
        const std::uint8_t hazed =
            hazeLevel > 0 ? hazeRows[static_cast<std::size_t>(hazeLevel) * 256 + lit] : lit;
        if (blend == Blend::Opaque) return hazed;
        // The Glide path's alphas (shaders/shared.h), so the two looks blend alike.
        return blendRows[static_cast<std::size_t>(hazed) * 256 + frameIndex[pixel]];
    }
};

// One band's triangles in draw order; those before `opaque` are opaque (depth written).
struct BandList {
    std::vector<const Triangle*> triangles;
    std::size_t opaque = 0;
};

// Orders triangles [0, count) nearest first by depthKey, keeping the draw order among equal keys
// (a stable LSD radix sort, two 8-bit digits): the z-buffer then rejects most hidden pixels before
// they are shaded. The order depends only on the list, never on the thread count.
void sortFrontToBack(std::vector<const Triangle*>& list, std::size_t count,
                     std::vector<const Triangle*>& scratch) {
    if (count < 2) return;
    scratch.resize(count);
    const Triangle** from = list.data();
    const Triangle** to = scratch.data();
    for (int shift = 0; shift < 16; shift += 8) {
        std::size_t offset[257] = {};
        for (std::size_t i = 0; i < count; ++i)
            ++offset[((from[i]->depthKey >> shift) & 0xFF) + 1];
        for (int d = 0; d < 256; ++d)
            offset[d + 1] += offset[d];
        for (std::size_t i = 0; i < count; ++i)
            to[offset[(from[i]->depthKey >> shift) & 0xFF]++] = from[i];
        std::swap(from, to);
    }
    // After an even number of passes the sorted list is back in `list`.
}

// Which thread draws each band: the bands in turn (band b to thread b % threads) when nothing is
// known, else the last frame's band times shared out longest first, each to the thread with the
// least so far (the sky's bands and the horizon's cost several times the others; a camera moves
// little between frames). Which thread draws a band never changes a pixel.
void assignBands(const std::vector<double>& lastMs, int bands, int threads, std::vector<int>& owner) {
    owner.resize(static_cast<std::size_t>(bands));
    if (threads <= 1 || lastMs.size() != static_cast<std::size_t>(bands)) {
        for (int b = 0; b < bands; ++b)
            owner[static_cast<std::size_t>(b)] = b % std::max(threads, 1);
        return;
    }
    std::vector<int> order(static_cast<std::size_t>(bands));
    for (int b = 0; b < bands; ++b)
        order[static_cast<std::size_t>(b)] = b;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return lastMs[static_cast<std::size_t>(a)] > lastMs[static_cast<std::size_t>(b)];
    });
    std::vector<double> load(static_cast<std::size_t>(threads), 0.0);
    for (int b : order) {
        const auto least = std::min_element(load.begin(), load.end());
        *least += lastMs[static_cast<std::size_t>(b)];
        owner[static_cast<std::size_t>(b)] = static_cast<int>(least - load.begin());
    }
}

// One thread's share of the frame: the bands `owner` gives it. Each thread first sorts the frame's
// triangles into its bands (in draw order: opaque, blended, additive, each over the pieces in
// order), then draws band by band, so every triangle is read once per thread and set up once per
// band it touches.
std::uint64_t drawBands(const ShadeContext& ctx, const FrameTriangles& tris, int thread,
                        const std::vector<int>& owner, int bandRows, std::vector<BandList>& lists,
                        std::vector<double>& bandMs, double& resolveMs) {
    const int height = ctx.frame.height;
    const int bands = static_cast<int>(owner.size());
    // Band b is this thread's slot slot[b], or -1 (no division per triangle: bandRows is a power
    // of two, and the slots are looked up).
    std::vector<int> slot(static_cast<std::size_t>(bands), -1), mineBands;
    for (int b = 0; b < bands; ++b)
        if (owner[static_cast<std::size_t>(b)] == thread) {
            slot[static_cast<std::size_t>(b)] = static_cast<int>(mineBands.size());
            mineBands.push_back(b);
        }
    const std::size_t mine = mineBands.size();
    lists.resize(mine);
    std::vector<const Triangle*> scratch;
    for (BandList& l : lists)
        l.triangles.clear();
    int bandShift = 0;
    while ((1 << bandShift) < bandRows)
        ++bandShift;
    for (int bucket = 0; bucket < 3; ++bucket) {
        for (std::size_t k = 0; k < tris.used; ++k) {
            const WorkOutput& piece = tris.pieces[k];
            const TriangleList& list = bucket == 0   ? piece.opaque
                                       : bucket == 1 ? piece.blended
                                                     : piece.additive;
            for (std::size_t i = 0; i < list.rows.size(); ++i) {
                const int last = list.rows[i].maxY >> bandShift;
                for (int b = list.rows[i].minY >> bandShift; b <= last; ++b)
                    if (const int s = slot[static_cast<std::size_t>(b)]; s >= 0)
                        lists[static_cast<std::size_t>(s)].triangles.push_back(&list.triangles[i]);
            }
        }
        if (bucket == 0)
            for (BandList& l : lists) {
                l.opaque = l.triangles.size();
                sortFrontToBack(l.triangles, l.opaque, scratch);
            }
    }
    std::uint64_t written = 0;
    for (std::size_t j = 0; j < mine; ++j) {
        const int b = mineBands[j];
        const auto started = ProfileClock::now();
        const int y0 = b * bandRows, y1 = std::min(height, (b + 1) * bandRows);
        const std::size_t from = static_cast<std::size_t>(y0) * ctx.frame.width,
                          to = static_cast<std::size_t>(y1) * ctx.frame.width;
        std::fill(ctx.frame.index.begin() + from, ctx.frame.index.begin() + to, ctx.p.clearIndex);
        std::fill(ctx.frame.depth.begin() + from, ctx.frame.depth.begin() + to, 1.0f);
        if (!ctx.frame.coverage.empty())
            std::fill(ctx.frame.coverage.begin() + from, ctx.frame.coverage.begin() + to, std::uint8_t{0});
        const BandList& l = lists[j];
        for (std::size_t i = 0; i < l.triangles.size(); ++i) {
            // The sky fills what the opaque triangles left, before the translucent ones blend.
            if (i == l.opaque) fillSky(ctx.sky, ctx.frame, y0, y1);
            const Triangle& t = *l.triangles[i];
            written += rasterTriangle(ctx.frame, t.v, t.perspective, y0, y1,
                                      TriangleShade(ctx, ctx.p.materials[t.material], t.texture),
                                      i < l.opaque ? DepthWrite::On : DepthWrite::Off);
        }
        if (l.opaque == l.triangles.size()) fillSky(ctx.sky, ctx.frame, y0, y1);
        bandMs[static_cast<std::size_t>(b)] = msSince(started); // each band is one thread's alone
        // The band's colours while its indices are in this core's cache.
        if (ctx.rgba) {
            const auto resolveStarted = ProfileClock::now();
            resolveWords(ctx.frame.index.data() + from, to - from, ctx.colourWords, ctx.rgba + from * 4);
            resolveMs += msSince(resolveStarted);
        }
    }
    return written;
}

} // namespace

struct SoftRenderer::Impl {
    Prepared p;
    double prepareMs = 0;
    IndexedFrame frame;             // render()'s
    std::vector<std::uint8_t> rgba; // render()'s colours when no picture is asked for, reused
    TerrainCache cache;
    FrameTriangles triangles;
    std::vector<std::uint8_t> pvoVisible;
    std::vector<std::vector<BandList>> bandLists; // per thread, per band: reused
    std::vector<double> lastBandMs;               // the last frame's band times (assignBands)
    std::vector<int> bandOwner;                   // this frame's thread per band
    WorkerPool pool;
};

SoftRenderer::SoftRenderer(const PreparedWorld& world) : impl_(std::make_unique<Impl>()) {
    const auto started = ProfileClock::now();
    impl_->p = prepareScene(world);
    impl_->prepareMs = msSince(started);
}

SoftRenderer::~SoftRenderer() = default;

SoftFrameStats SoftRenderer::draw(IndexedFrame& frame, const FrameRequest& request) {
    return drawFrame(frame, request, nullptr, PixelOrder::Rgba);
}

SoftFrameStats SoftRenderer::drawFrame(IndexedFrame& frame, const FrameRequest& request, std::uint8_t* rgba,
                                       PixelOrder order) {
    Impl& r = *impl_;
    const SoftSettings& options = request.settings.soft;
    const view::Camera& camera = request.camera;
    const double timeSeconds = request.timeSeconds;
    const LookSettings& settings = request.settings;
    SoftFrameStats stats;
    const int width = std::max(request.width, 1);
    const int height = std::max(request.height, 1);
    const auto t0 = ProfileClock::now();
    const std::size_t area = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    // Cleared band by band by the threads that draw them (drawBands).
    if (frame.width != width || frame.height != height || frame.index.size() != area)
        frame = IndexedFrame(width, height, r.p.clearIndex, !frame.coverage.empty());
    int threads =
        options.threads > 0 ? options.threads : static_cast<int>(std::thread::hardware_concurrency());
    threads = std::clamp(threads, 1, std::max(1, (height + kMinBandRows - 1) / kMinBandRows));
    const int bandRows = bandRowsFor(height, threads);
    const int bands = (height + bandRows - 1) / bandRows;
    setupFrame(r.p, r.cache, request, options, threads, r.pvoVisible, r.pool, r.triangles);
    stats.counts = r.triangles.counts;
    stats.triangles = r.triangles.clipped;
    stats.setupMs = msSince(t0);

    const auto t1 = ProfileClock::now();
    ShadeContext ctx{r.p,
                     frame,
                     {},
                     r.triangles.haze,
                     options.dither,
                     skyFrame(r.p.sky, camera, width, height, timeSeconds, settings.layers)};
    if (rgba) {
        ctx.rgba = rgba;
        ctx.colourWords = colourWords(r.p.palette, order);
    }
    for (const Texture& t : r.p.textures) {
        std::size_t k = 0;
        if (t.frames.size() > 1 && t.frameSeconds > 0 && timeSeconds > 0)
            k = static_cast<std::size_t>(std::floor(timeSeconds / t.frameSeconds)) % t.frames.size();
        ctx.texFrame.push_back(t.frames[k].data());
    }
    std::vector<std::uint64_t> written(static_cast<std::size_t>(threads), 0);
    stats.bandMs.assign(static_cast<std::size_t>(bands), 0.0);
    r.bandLists.resize(static_cast<std::size_t>(threads));
    assignBands(r.lastBandMs, bands, threads, r.bandOwner);
    std::vector<double> resolveMs(static_cast<std::size_t>(threads), 0.0);
    r.pool.run(threads, [&](int t) {
        written[static_cast<std::size_t>(t)] =
            drawBands(ctx, r.triangles, t, r.bandOwner, bandRows, r.bandLists[static_cast<std::size_t>(t)],
                      stats.bandMs, resolveMs[static_cast<std::size_t>(t)]);
    });
    for (double ms : resolveMs)
        stats.resolveMs += ms / threads;
    r.lastBandMs = stats.bandMs;
    for (std::uint64_t w : written)
        stats.pixels += w;
    stats.threads = threads;
    stats.rasterMs = msSince(t1);
    return stats;
}

void addSoftTimes(FrameTimings& timings, const SoftFrameStats& stats) {
    timings.set("soft.setup", stats.setupMs);
    timings.set("soft.raster", stats.rasterMs);
    const Summary bands = summarize(stats.bandMs);
    timings.set("soft.bandMedian", bands.median);
    timings.set("soft.bandMax", bands.max);
}

const loaders::Palette256& SoftRenderer::palette() const {
    return impl_->p.palette;
}

std::uint8_t SoftRenderer::clearIndex() const {
    return impl_->p.clearIndex;
}

LookInfo SoftRenderer::info() const {
    LookInfo i;
    i.look = Look::Software;
    i.prepareMs = impl_->prepareMs;
    return i;
}

LookFrame SoftRenderer::render(const FrameRequest& request) {
    Impl& r = *impl_;
    LookFrame out;
    LookPicture& pic = out.picture;
    // The colours are part of this look's frame whether or not they are handed out (what the
    // window shows costs this too): into the caller's memory, the picture, or the renderer's own
    // buffer, each band as soon as it is drawn (soft.resolve: their time over the threads, within
    // soft.raster).
    const std::size_t area = static_cast<std::size_t>(std::max(request.width, 1)) *
                             static_cast<std::size_t>(std::max(request.height, 1));
    const bool into = request.picture && request.into.pixels;
    std::vector<std::uint8_t>& own = request.picture ? pic.rgba : r.rgba;
    if (!into) own.resize(area * 4);
    const SoftFrameStats stats = drawFrame(r.frame, request, into ? request.into.pixels : own.data(),
                                           into ? request.into.order : PixelOrder::Rgba);
    out.stats = stats.counts;
    addSoftTimes(out.timings, stats); // its culling is part of soft.setup
    const auto resolveStart = ProfileClock::now();
    pic.width = r.frame.width;
    pic.height = r.frame.height;
    if (request.picture && !into) {
        pic.indices = r.frame.index;
        pic.palette = r.p.palette;
    }
    if (request.depth) pic.depth = r.frame.depth;
    out.timings.set("soft.resolve", stats.resolveMs + msSince(resolveStart));
    out.figures.set(figure::kSoftPixelsWritten, static_cast<double>(stats.pixels));
    out.figures.set(figure::kSoftThreads, stats.threads);
    char line[160];
    std::snprintf(
        line, sizeof line,
        "%llu triangles after clipping, %llu pixels written, setup %.1f ms, raster %.1f ms (%d threads)",
        static_cast<unsigned long long>(stats.triangles), static_cast<unsigned long long>(stats.pixels),
        stats.setupMs, stats.rasterMs, stats.threads);
    out.detail = line;
    return out;
}

void resolveRgba(const IndexedFrame& frame, const loaders::Palette256& palette,
                 std::vector<std::uint8_t>& rgba) {
    rgba.resize(frame.index.size() * 4);
    resolveWords(frame.index.data(), frame.index.size(), colourWords(palette, PixelOrder::Rgba), rgba.data());
}

} // namespace rgx::renderer::soft

#include "export/gltf_builder.h"

#include "base/error.h"
#include "loaders/text.h"

#include <stb_image_write.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace rgx::exporter {

namespace {

using tinygltf::Value;

void appendBytes(void* context, void* data, int size) {
    auto& out = *static_cast<std::vector<unsigned char>*>(context);
    const auto* bytes = static_cast<const unsigned char*>(data);
    out.insert(out.end(), bytes, bytes + size);
}

// True when every frame of the texture is kept in true colour too, each of its size (the rule
// the Glide look's upload follows, renderer/glide/gpu_scene.cpp).
bool hasTrueColour(const scene::SceneTexture& t) {
    const std::size_t area = static_cast<std::size_t>(std::max(t.width, 0)) * std::max(t.height, 0);
    if (t.image->trueColour.empty() || t.image->trueColour.size() != t.image->frames.size()) return false;
    return std::all_of(t.image->trueColour.begin(), t.image->trueColour.end(),
                       [&](const std::vector<std::uint32_t>& f) { return f.size() == area; });
}

// Frame `frame` of a texture as RGBA: its true colours with their alpha where the source stored
// them so (as the hardware look draws them), else through the palette it is shown with, index 0
// transparent.
std::vector<unsigned char> textureRgba(const scene::SceneTexture& t, const loaders::Palette256& world,
                                       std::size_t frame) {
    if (hasTrueColour(t)) {
        const std::vector<std::uint32_t>& texels = t.image->trueColour[frame];
        std::vector<unsigned char> rgba(texels.size() * 4);
        for (std::size_t i = 0; i < texels.size(); ++i)
            for (std::size_t c = 0; c < 4; ++c)
                rgba[i * 4 + c] = static_cast<unsigned char>(texels[i] >> (8 * c));
        return rgba;
    }
    const loaders::Palette256& palette = t.palette(world);
    const loaders::Bytes& indices = t.image->frames[frame];
    std::vector<unsigned char> rgba(indices.size() * 4);
    for (std::size_t i = 0; i < indices.size(); ++i) {
        const loaders::ColorRgb c = palette[indices[i]];
        rgba[i * 4 + 0] = c.r;
        rgba[i * 4 + 1] = c.g;
        rgba[i * 4 + 2] = c.b;
        rgba[i * 4 + 3] = indices[i] == 0 ? 0 : 255;
    }
    return rgba;
}

} // namespace

int GltfBuilder::appendView(const void* data, std::size_t bytes, int target) {
    if (model.buffers.empty()) model.buffers.emplace_back();
    std::vector<unsigned char>& buffer = model.buffers[0].data;
    while (buffer.size() % 4 != 0)
        buffer.push_back(0);
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = buffer.size();
    view.byteLength = bytes;
    view.target = target;
    const auto* p = static_cast<const unsigned char*>(data);
    buffer.insert(buffer.end(), p, p + bytes);
    model.bufferViews.push_back(view);
    return static_cast<int>(model.bufferViews.size()) - 1;
}

int GltfBuilder::accessor(int view, int componentType, int type, std::size_t count) {
    tinygltf::Accessor a;
    a.bufferView = view;
    a.componentType = componentType;
    a.type = type;
    a.count = count;
    model.accessors.push_back(a);
    return static_cast<int>(model.accessors.size()) - 1;
}

namespace {
void setBounds(tinygltf::Accessor& a, const std::vector<float>& values, int components) {
    a.minValues.assign(static_cast<std::size_t>(components), std::numeric_limits<double>::max());
    a.maxValues.assign(static_cast<std::size_t>(components), std::numeric_limits<double>::lowest());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const auto c = i % static_cast<std::size_t>(components);
        a.minValues[c] = std::min(a.minValues[c], static_cast<double>(values[i]));
        a.maxValues[c] = std::max(a.maxValues[c], static_cast<double>(values[i]));
    }
    if (values.empty()) {
        a.minValues.assign(static_cast<std::size_t>(components), 0.0);
        a.maxValues.assign(static_cast<std::size_t>(components), 0.0);
    }
}
} // namespace

int GltfBuilder::vec3Accessor(const std::vector<float>& xyz, bool withBounds, int target) {
    const int view = appendView(xyz.data(), xyz.size() * sizeof(float), target);
    const int a = accessor(view, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC3, xyz.size() / 3);
    if (withBounds) setBounds(model.accessors[static_cast<std::size_t>(a)], xyz, 3);
    return a;
}

int GltfBuilder::vec2Accessor(const std::vector<float>& uv) {
    const int view = appendView(uv.data(), uv.size() * sizeof(float), TINYGLTF_TARGET_ARRAY_BUFFER);
    return accessor(view, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC2, uv.size() / 2);
}

int GltfBuilder::vec4Accessor(const std::vector<float>& xyzw) {
    const int view = appendView(xyzw.data(), xyzw.size() * sizeof(float), 0);
    return accessor(view, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC4, xyzw.size() / 4);
}

std::size_t morphTargetCount(const scene::Mesh& m, bool frames) {
    return frames && m.animated && m.frameCount > 1 &&
                   m.frameVertices.size() == (m.frameCount - 1) * m.vertices.size()
               ? static_cast<std::size_t>(m.frameCount - 1)
               : 0;
}

int GltfBuilder::indexAccessor(const std::vector<std::uint32_t>& indices) {
    const int view = appendView(indices.data(), indices.size() * sizeof(std::uint32_t),
                                TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    return accessor(view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR, indices.size());
}

int GltfBuilder::scalarAccessor(const std::vector<float>& values, bool withBounds) {
    const int view = appendView(values.data(), values.size() * sizeof(float), 0);
    const int a = accessor(view, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_SCALAR, values.size());
    if (withBounds) setBounds(model.accessors[static_cast<std::size_t>(a)], values, 1);
    return a;
}

int GltfBuilder::animationAccessor(const std::vector<float>& values, AnimationData kind) {
    std::vector<std::uint32_t> bits(values.size());
    std::transform(values.begin(), values.end(), bits.begin(),
                   [](float v) { return std::bit_cast<std::uint32_t>(v); });
    auto key = std::make_pair(kind, std::move(bits));
    if (const auto it = animationAccessors_.find(key); it != animationAccessors_.end()) return it->second;
    const int a = kind == AnimationData::Times     ? scalarAccessor(values, true)
                  : kind == AnimationData::Weights ? weightsAccessor(values)
                  : kind == AnimationData::Vec3    ? vec3Accessor(values, false, 0)
                                                   : vec4Accessor(values);
    animationAccessors_.emplace(std::move(key), a);
    return a;
}

int GltfBuilder::deltaAccessor(const std::vector<float>& xyz) {
    return mostlyZeroAccessor(xyz, TINYGLTF_TYPE_VEC3, true, TINYGLTF_TARGET_ARRAY_BUFFER);
}

int GltfBuilder::weightsAccessor(const std::vector<float>& weights) {
    return mostlyZeroAccessor(weights, TINYGLTF_TYPE_SCALAR, false, 0);
}

int GltfBuilder::mostlyZeroAccessor(const std::vector<float>& values, int type, bool withBounds, int target) {
    const auto width =
        static_cast<std::size_t>(tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(type)));
    const std::size_t count = values.size() / width;
    std::vector<std::uint32_t> nonZero;
    std::vector<float> kept;
    for (std::size_t e = 0; e < count; ++e) {
        const auto first = values.begin() + static_cast<std::ptrdiff_t>(e * width);
        if (std::all_of(first, first + static_cast<std::ptrdiff_t>(width), [](float v) { return v == 0.0f; }))
            continue;
        nonZero.push_back(static_cast<std::uint32_t>(e));
        kept.insert(kept.end(), first, first + static_cast<std::ptrdiff_t>(width));
    }
    // Sparse (zeros but for the listed elements, no base view) only where it is smaller: a sparse
    // element costs its values and a 4-byte index. All zeros still lists one element: an accessor
    // with neither a view nor sparse values is valid glTF, but assimp 5.2 refuses it in animations.
    const bool sparse = nonZero.size() * 3 < count;
    if (sparse && nonZero.empty() && count > 0) {
        nonZero.push_back(0);
        kept.assign(width, 0.0f);
    }
    const int a = accessor(sparse ? -1 : appendView(values.data(), values.size() * sizeof(float), target),
                           TINYGLTF_COMPONENT_TYPE_FLOAT, type, count);
    if (withBounds) setBounds(model.accessors[static_cast<std::size_t>(a)], values, static_cast<int>(width));
    if (sparse && !nonZero.empty()) {
        const int indicesView = appendView(nonZero.data(), nonZero.size() * sizeof(std::uint32_t), 0);
        const int valuesView = appendView(kept.data(), kept.size() * sizeof(float), 0);
        tinygltf::Accessor& acc = model.accessors[static_cast<std::size_t>(a)];
        acc.sparse.isSparse = true;
        acc.sparse.count = static_cast<int>(nonZero.size());
        acc.sparse.indices.bufferView = indicesView;
        acc.sparse.indices.byteOffset = 0;
        acc.sparse.indices.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
        acc.sparse.values.bufferView = valuesView;
        acc.sparse.values.byteOffset = 0;
    }
    return a;
}

int GltfBuilder::materialWithTexture(int material, int texture, std::uint32_t frame) {
    if (material < 0 || texture < 0 || static_cast<std::size_t>(texture) >= frameImages.size() ||
        frameImages[static_cast<std::size_t>(texture)].empty())
        return material;
    const std::vector<int>& images = frameImages[static_cast<std::size_t>(texture)];
    frame %= static_cast<std::uint32_t>(images.size());
    const auto key = std::make_tuple(material, texture, frame);
    if (const auto it = texturedMaterials.find(key); it != texturedMaterials.end()) return it->second;
    tinygltf::Texture tex;
    tex.name = model.images[static_cast<std::size_t>(images[frame])].name;
    tex.sampler = 0;
    tex.source = images[frame];
    model.textures.push_back(tex);
    tinygltf::Material m = model.materials[static_cast<std::size_t>(material)];
    m.pbrMetallicRoughness.baseColorTexture.index = static_cast<int>(model.textures.size()) - 1;
    m.pbrMetallicRoughness.baseColorFactor = {1.0, 1.0, 1.0, 1.0};
    if (m.alphaMode == "OPAQUE") { // palette index 0 is a hole (a blended mode keeps its blend)
        m.alphaMode = "MASK";
        m.alphaCutoff = 0.5;
    }
    m.name = tex.name;
    model.materials.push_back(m);
    const int out = static_cast<int>(model.materials.size()) - 1;
    texturedMaterials.emplace(key, out);
    return out;
}

std::vector<int> GltfBuilder::addMaterials(const scene::Scene& s, bool textures, ExportStats&) {
    // Textures first: one image (frame 0) per scene texture, the other frames after it.
    std::vector<int> textureOf(s.textures.size(), -1);
    frameImages.assign(s.textures.size(), {});
    if (textures) {
        tinygltf::Sampler nearest;
        nearest.magFilter = TINYGLTF_TEXTURE_FILTER_NEAREST;
        nearest.minFilter = TINYGLTF_TEXTURE_FILTER_NEAREST;
        nearest.wrapS = TINYGLTF_TEXTURE_WRAP_REPEAT;
        nearest.wrapT = TINYGLTF_TEXTURE_WRAP_REPEAT;
        model.samplers.push_back(nearest);
        for (std::size_t t = 0; t < s.textures.size(); ++t) {
            const scene::SceneTexture& tex = s.textures[t];
            if (!tex.image || tex.width <= 0 || tex.height <= 0 || tex.image->frames.empty()) continue;
            const std::string base = tex.name.empty() ? "texture " + std::to_string(tex.textureId) + "/" +
                                                            std::to_string(tex.imageId)
                                                      : loaders::toUtf8(tex.name);
            std::vector<Value> frames;
            int first = -1;
            for (std::size_t f = 0; f < tex.image->frames.size(); ++f) {
                if (tex.image->frames[f].size() != static_cast<std::size_t>(tex.width) * tex.height) continue;
                const std::vector<unsigned char> rgba = textureRgba(tex, s.palette, f);
                std::vector<unsigned char> png;
                if (!stbi_write_png_to_func(appendBytes, &png, tex.width, tex.height, 4, rgba.data(),
                                            tex.width * 4))
                    continue;
                tinygltf::Image image;
                image.name = tex.image->frames.size() > 1 ? base + " frame " + std::to_string(f) : base;
                image.mimeType = "image/png";
                image.bufferView = appendView(png.data(), png.size(), 0);
                model.images.push_back(image);
                const int index = static_cast<int>(model.images.size()) - 1;
                if (first < 0) first = index;
                frames.emplace_back(index);
                frameImages[t].push_back(index);
            }
            if (first < 0) continue;
            tinygltf::Texture texture;
            texture.name = base;
            texture.sampler = 0;
            texture.source = first;
            if (frames.size() > 1)
                texture.extras = Value(Value::Object{{"frame_images", Value(frames)},
                                                     {"frame_seconds", Value(tex.frameSeconds())}});
            model.textures.push_back(texture);
            textureOf[t] = static_cast<int>(model.textures.size()) - 1;
        }
    }
    std::vector<int> out;
    for (const scene::Material& m : s.materials) {
        tinygltf::Material g;
        g.pbrMetallicRoughness.metallicFactor = 0.0;
        g.pbrMetallicRoughness.roughnessFactor = 1.0;
        const bool textured = !m.solid && m.texture >= 0 &&
                              static_cast<std::size_t>(m.texture) < textureOf.size() &&
                              textureOf[static_cast<std::size_t>(m.texture)] >= 0;
        if (textured) {
            g.pbrMetallicRoughness.baseColorTexture.index = textureOf[static_cast<std::size_t>(m.texture)];
            g.alphaMode = "MASK"; // palette index 0 is a hole, a true colour's alpha under 0.5 too
            g.alphaCutoff = 0.5;
            g.name =
                model.textures[static_cast<std::size_t>(g.pbrMetallicRoughness.baseColorTexture.index)].name;
        } else if (m.solid) {
            g.pbrMetallicRoughness.baseColorFactor = {m.color.r / 255.0, m.color.g / 255.0, m.color.b / 255.0,
                                                      1.0};
            g.name = "colour " + std::to_string(m.colorIndex);
        } else {
            // A texture not written (--no-textures, or an image that could not be): white, named
            // after the texture.
            g.pbrMetallicRoughness.baseColorFactor = {1.0, 1.0, 1.0, 1.0};
            const bool known = m.texture >= 0 && static_cast<std::size_t>(m.texture) < s.textures.size();
            const scene::SceneTexture* tex =
                known ? &s.textures[static_cast<std::size_t>(m.texture)] : nullptr;
            g.name = !tex ? std::string("missing texture")
                     : tex->name.empty()
                         ? "texture " + std::to_string(tex->textureId) + "/" + std::to_string(tex->imageId)
                         : loaders::toUtf8(tex->name);
        }
        const std::string mode = scene::renderModeName(m.renderMode);
        if (m.renderMode == scene::RenderMode::Transparent || m.renderMode == scene::RenderMode::Water ||
            m.renderMode == scene::RenderMode::Beam) {
            g.alphaMode = "BLEND";
            g.pbrMetallicRoughness.baseColorFactor[3] = 0.5;
        }
        g.extras = Value(Value::Object{{"render_mode", Value(mode)}, {"placeholder", Value(m.placeholder)}});
        model.materials.push_back(g);
        out.push_back(static_cast<int>(model.materials.size()) - 1);
    }
    return out;
}

void GltfBuilder::addLight(int node, const renderer::PointLight& l, ExportStats& stats) {
    tinygltf::Light light;
    const float strongest = std::max({l.color[0], l.color[1], l.color[2], 1e-6f});
    light.color = {l.color[0] / strongest, l.color[1] / strongest, l.color[2] / strongest};
    light.intensity = strongest;
    Value::Object extras;
    switch (l.kind) {
    case renderer::LightKind::Directional:
        light.type = "directional";
        break;
    case renderer::LightKind::Ambient:
        light.type = "point";
        light.range = l.radius * kMetresPerUnit;
        extras["kind"] = Value(std::string("ambient"));
        break;
    default:
        light.type = "point";
        light.range = l.radius * kMetresPerUnit;
        break;
    }
    if (!extras.empty()) light.extras = Value(extras);
    model.lights.push_back(light);
    const int index = static_cast<int>(model.lights.size()) - 1;
    tinygltf::Node& n = model.nodes[static_cast<std::size_t>(node)];
    if (l.kind == renderer::LightKind::Directional) {
        // A directional light shines along its node's -z: a child node turned so that -z is the
        // light's direction (against toLight), the parent's transform left as it is.
        const Vec3 dir{-l.toLight[0], -l.toLight[1], -l.toLight[2]};
        const Vec3 back{-dir.x, -dir.y, -dir.z};
        Vec3 up{0, 1, 0};
        if (std::abs(back.y) > 0.99) up = {1, 0, 0};
        Vec3 right{up.y * back.z - up.z * back.y, up.z * back.x - up.x * back.z,
                   up.x * back.y - up.y * back.x};
        const double len = std::sqrt(right.x * right.x + right.y * right.y + right.z * right.z);
        right = {right.x / len, right.y / len, right.z / len};
        const Vec3 u{back.y * right.z - back.z * right.y, back.z * right.x - back.x * right.z,
                     back.x * right.y - back.y * right.x};
        tinygltf::Node child;
        child.name = n.name + " light";
        child.matrix = {right.x, right.y, right.z, 0, u.x, u.y, u.z, 0,
                        back.x,  back.y,  back.z,  0, 0,   0,   0,   1};
        child.extensions["KHR_lights_punctual"] = Value(Value::Object{{"light", Value(index)}});
        const int c = static_cast<int>(model.nodes.size());
        model.nodes.push_back(child);
        model.nodes[static_cast<std::size_t>(node)].children.push_back(c);
    } else {
        n.extensions["KHR_lights_punctual"] = Value(Value::Object{{"light", Value(index)}});
    }
    ++stats.lights;
}

int GltfBuilder::addCamera(const view::Camera& view, double nearPlane, double farPlane) {
    tinygltf::Camera camera;
    camera.type = "perspective";
    camera.name = "rgx render default view";
    camera.perspective.yfov = view.fovYDeg * 3.14159265358979323846 / 180.0;
    camera.perspective.znear = std::max(1e-3, nearPlane * kMetresPerUnit);
    camera.perspective.zfar = std::max(camera.perspective.znear * 2, farPlane * kMetresPerUnit);
    model.cameras.push_back(camera);
    // A glTF camera looks along its node's -z with +y up.
    const view::CameraBasis basis = view::cameraBasis(view);
    tinygltf::Node node;
    node.name = "camera (" + view::formatCamera(view) + ")";
    node.camera = static_cast<int>(model.cameras.size()) - 1;
    node.matrix = {basis.right.x,
                   basis.right.y,
                   basis.right.z,
                   0,
                   basis.up.x,
                   basis.up.y,
                   basis.up.z,
                   0,
                   -basis.forward.x,
                   -basis.forward.y,
                   -basis.forward.z,
                   0,
                   view.position.x * kMetresPerUnit,
                   view.position.y * kMetresPerUnit,
                   view.position.z * kMetresPerUnit,
                   1};
    model.nodes.push_back(node);
    return static_cast<int>(model.nodes.size()) - 1;
}

void GltfBuilder::addFrameAnimation(const scene::Scene& s, const std::vector<int>& nodeOf,
                                    double ticksPerSecond, ExportStats& stats) {
    tinygltf::Animation animation;
    animation.name = "frames";
    const double tick = 1.0 / (ticksPerSecond > 0 ? ticksPerSecond : 12.0);
    for (std::size_t i = 0; i < s.nodes.size(); ++i) {
        const int gltfNode = nodeOf[i];
        if (gltfNode < 0) continue;
        const int mesh = model.nodes[static_cast<std::size_t>(gltfNode)].mesh;
        if (mesh < 0) continue;
        const std::size_t targets = model.meshes[static_cast<std::size_t>(mesh)].weights.size();
        if (targets == 0) continue;
        // Key k (time k ticks) shows frame k: target k-1 at weight 1, the rest 0 (frame 0: none).
        std::vector<float> times, weights;
        for (std::size_t k = 0; k <= targets; ++k) {
            times.push_back(static_cast<float>(k * tick));
            for (std::size_t t = 0; t < targets; ++t)
                weights.push_back(k > 0 && t == k - 1 ? 1.0f : 0.0f);
        }
        tinygltf::AnimationSampler sampler;
        sampler.input = animationAccessor(times, AnimationData::Times);
        sampler.output = animationAccessor(weights, AnimationData::Weights);
        sampler.interpolation = "STEP";
        animation.samplers.push_back(sampler);
        tinygltf::AnimationChannel channel;
        channel.sampler = static_cast<int>(animation.samplers.size()) - 1;
        channel.target_node = gltfNode;
        channel.target_path = "weights";
        animation.channels.push_back(channel);
    }
    if (animation.channels.empty()) return;
    model.animations.push_back(animation);
    (void)stats;
}

void GltfBuilder::write(const std::filesystem::path& out, bool binary) {
    tinygltf::TinyGLTF gltf;
    if (!gltf.WriteGltfSceneToFile(&model, out.string(), true, true, !binary, binary))
        throw Error(out.string(), Error::kNoOffset, "", "cannot write the glTF file here");
}

} // namespace rgx::exporter

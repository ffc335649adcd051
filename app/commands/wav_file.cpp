#include "app/commands/wav_file.h"

#include "base/error.h"

#include <limits>

namespace rgx::app {

std::string wavRefusal(std::uint16_t channels, std::uint16_t bitsPerSample, std::uint32_t sampleRate,
                       std::size_t pcmBytes) {
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint32_t>::max();
    if (channels == 0) return "no channel layout (an unknown type)";
    if (bitsPerSample != 8 && bitsPerSample != 16) return std::to_string(bitsPerSample) + "-bit samples";
    if (sampleRate == 0) return "a sample rate of 0";
    if (std::uint64_t{sampleRate} * channels * (bitsPerSample / 8) > kMax)
        return "a sample rate of " + std::to_string(sampleRate) +
               " Hz has more bytes a second than WAV holds";
    if (pcmBytes + 1 > kMax - kWavHeaderSize) return "4 GiB or more of PCM";
    return "";
}

loaders::Bytes encodeWav(loaders::ByteSpan pcm, std::uint16_t channels, std::uint16_t bitsPerSample,
                         std::uint32_t sampleRate) {
    if (const std::string why = wavRefusal(channels, bitsPerSample, sampleRate, pcm.size()); !why.empty())
        throw Error("<memory>", Error::kNoOffset, "WAV", why);
    const std::size_t pad = pcm.size() % 2;
    const auto block = static_cast<std::uint16_t>(channels * (bitsPerSample / 8));
    loaders::ByteWriter w;
    w.reserve(kWavHeaderSize + pcm.size() + pad);
    w.tag("RIFF");
    w.u32(static_cast<std::uint32_t>(kWavHeaderSize - 8 + pcm.size() + pad));
    w.tag("WAVE");
    w.tag("fmt ");
    w.u32(16);
    w.u16(1); // PCM
    w.u16(channels);
    w.u32(sampleRate);
    w.u32(sampleRate * block); // bytes a second
    w.u16(block);
    w.u16(bitsPerSample);
    w.tag("data");
    w.u32(static_cast<std::uint32_t>(pcm.size()));
    w.bytes(pcm);
    w.zeros(pad);
    return w.take();
}

} // namespace rgx::app

#include "app/info/sound_json.h"

namespace rgx::app {

nlohmann::json soundClipJson(const loaders::SoundClip& clip) {
    return {
        {"type", clip.type},
        {"type_name", loaders::soundTypeName(clip.type)},
        {"bit_depth", clip.bitDepth},
        {"sample_rate", clip.sampleRate},
        {"channels", loaders::soundChannels(clip)},
        {"bits_per_sample", 8 * loaders::soundBytesPerSample(clip)},
        {"unused_0c", clip.unused},
        {"loop_flag", clip.loopFlag},
        {"looping", loaders::looping(clip)},
        {"loop_offset", clip.loopOffset},
        {"loop_end", clip.loopEnd},
        {"data_length", clip.pcm.size()},
        {"duration", loaders::soundDurationSeconds(clip)},
    };
}

} // namespace rgx::app

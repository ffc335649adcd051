#pragma once
// The JSON of one Redguard sound clip (the 27-byte header shared by SFX effects and RTX voice
// entries, loaders/redguard/sfx.h), written alike by `rgx info` and `rgx export-audio`'s
// index.json. Keys: docs/formats/sfx.md.

#include "loaders/redguard/sfx.h"

#include <nlohmann/json.hpp>

namespace rgx::app {

// {"type", "type_name", "bit_depth", "sample_rate", "channels", "bits_per_sample", "unused_0c",
//  "loop_flag", "looping", "loop_offset", "loop_end", "data_length", "duration"}; channels and
// bits_per_sample are 0 for an unknown type, duration (seconds) 0 where it cannot be worked out.
nlohmann::json soundClipJson(const loaders::SoundClip& clip);

} // namespace rgx::app

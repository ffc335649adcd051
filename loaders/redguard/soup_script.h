#pragma once
// One RAHD actor's script data, gathered from the RGM sections the reference names: its bytecode
// (RASC at script_data_offset, script_length bytes; thread 0 starts at script_pc), its strings
// (num_strings RASB offsets from string_offsets_index, each a C string in RAST), its variables'
// initial values (num_variables RAVA entries from variable_offset / 4), its 256 attribute bytes
// (RAAT at raat_offset) and its locations (RALC from ralc_offset / 12, up to the next actor's
// ralc_offset in the section, or its end), and its object name (the C string at ranm_offset in
// RANM: what `str[i]` objects name, the reference's "RANM (Namespace)").
//
// A range that does not fit its section is cut to what does and reported as a warning naming the
// actor (the engine would read past its buffer; rgx never does), so every actor gets a script.

#include "base/error.h"
#include "base/math.h"
#include "loaders/bytes.h"
#include "loaders/redguard/rgm.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rgx::loaders {

struct SoupActorScript {
    std::string name;             // RAHD script name
    std::string objectName;       // its RANM name ("" when RANM has none for it)
    std::size_t actor = 0;        // RAHD index
    Bytes code;                   // the bytecode block
    std::uint32_t codeOffset = 0; // its offset in RASC (for errors in file terms)
    std::uint32_t scriptPc = 0;   // thread 0's start, from the block's start
    std::vector<std::string> strings;
    std::vector<std::int32_t> variables;
    std::array<std::uint8_t, 256> attributes{};
    std::vector<RgmRalc> locations;
    std::uint16_t instances = 0;
};

// Every RAHD actor's script, in RAHD order. path names the RGM in warnings.
std::vector<SoupActorScript> soupActorScripts(const Rgm& rgm, const std::string& path, Warnings* warnings);

// The MPOB records that run a script: those whose script name is an actor's (the first actor of
// that name), in MPOB order. Each is one VM instance (sim/soup_vm.h).
struct SoupPlacement {
    std::uint32_t mpob = 0;
    std::size_t script = 0;               // into `scripts`
    Vec3 position;                        // the MPOB's raw position (engine units)
    std::array<std::int32_t, 3> angles{}; // its angles, 2048 units (x, y, z)
};
std::vector<SoupPlacement> soupPlacements(const Rgm& rgm, const std::vector<SoupActorScript>& scripts);

// The other direction, for writers (the demo): appends `script` to rgm's RASC/RAST/RASB/RAVA/RAAT/
// RALC (and its object name to RANM, NUL-terminated: objectName, or the script name when that is
// empty; its length with the NUL goes to the u32 at RAHD 0x15 as the public interpreter reads it)
// and points actor `script.actor`'s RAHD fields at it (every block at the end of its section).
// Call in RAHD order, so that RALC ranges follow each other.
void appendSoupActorScript(Rgm& rgm, const SoupActorScript& script);

} // namespace rgx::loaders

#pragma once
// The reference's formula operators and comparisons as arithmetic (docs/scripts.md "The rest of
// the VM"): 32 bits that wrap, `*` imul's low half, `/` unsigned, `>>` arithmetic, shifts by the
// low 5 bits.

#include "loaders/redguard/soup_bytecode.h"

#include <cstdint>

namespace rgx::sim {

// a op b. Division by zero gives 0 and sets divisionByZero (the engine traps; rgx goes on). End,
// Inc and Dec take no right value: a comes back.
std::int32_t applySoupOperator(std::int32_t a, loaders::SoupOperator op, std::int32_t b,
                               bool& divisionByZero);

// a cmp b, signed.
bool compareSoupValues(std::int32_t a, loaders::SoupComparison cmp, std::int32_t b);

} // namespace rgx::sim

# cmake -DINPUT=x.spv -DOUTPUT=x.cpp -DSYMBOL=name -P embed_spirv.cmake
# Writes the SPIR-V module as a C++ array of 32-bit words. SPIR-V words are stored little-endian
# by glslc; the magic number check below catches a byte-swapped or truncated file.
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hexLength)
math(EXPR remainder "${hexLength} % 8")
if(hexLength EQUAL 0 OR NOT remainder EQUAL 0)
  message(FATAL_ERROR "${INPUT}: ${hexLength} hex digits is not a whole number of 32-bit words")
endif()
math(EXPR words "${hexLength} / 8")

set(byte "[0-9a-f][0-9a-f]")
string(REGEX REPLACE "(${byte})(${byte})(${byte})(${byte})" "0x\\4\\3\\2\\1u," body "${hex}")
string(SUBSTRING "${body}" 0 11 magic)
if(NOT magic STREQUAL "0x07230203u")
  message(FATAL_ERROR "${INPUT}: not a SPIR-V module (first word ${magic})")
endif()
# Eight words per line.
string(REGEX REPLACE "((0x[0-9a-f]+u,)(0x[0-9a-f]+u,)(0x[0-9a-f]+u,)(0x[0-9a-f]+u,)(0x[0-9a-f]+u,)(0x[0-9a-f]+u,)(0x[0-9a-f]+u,)(0x[0-9a-f]+u,))"
       "\\1\n    " body "${body}")

file(WRITE "${OUTPUT}.tmp" "// Generated from ${INPUT} by shaders/embed_spirv.cmake.
#include <cstddef>
#include <cstdint>

namespace rgx::shaders::embedded {
extern const std::uint32_t ${SYMBOL}[];
extern const std::size_t ${SYMBOL}_words;
const std::uint32_t ${SYMBOL}[] = {
    ${body}
};
const std::size_t ${SYMBOL}_words = ${words};
} // namespace rgx::shaders::embedded
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")

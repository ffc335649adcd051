# Runs a command that must fail, and checks that it exits non-zero and prints one error line of
# the form `path: offset 0x...: message`.
#   cmake -DCMD="rgx;info;file" -DREGEX="..." -P expect_error.cmake
execute_process(COMMAND ${CMD} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "expected a non-zero exit, got 0; stdout: ${out}")
endif()
string(STRIP "${err}" err)
if(NOT err MATCHES "${REGEX}")
  message(FATAL_ERROR "stderr does not match '${REGEX}':\n${err}")
endif()
string(FIND "${err}" "\n" newline)
if(NOT newline EQUAL -1)
  message(FATAL_ERROR "expected exactly one error line, got:\n${err}")
endif()
message(STATUS "ok: exit ${rc}, '${err}'")

# Runs `rgx explore` under a virtual display and checks what it printed and wrote.
#   cmake -DCMD="xvfb-run;...;rgx;explore;..." -DENV="VAR=value;..." [-DSCRIPT="RGX_EXPLORE_SCRIPT"]
#         -DEXPECT="regex;regex..." [-DREJECT="regex;..."] [-DEXIT=N] [-DCHECK1="png_check;args..."]...
#         -P run_explore.cmake
# Every EXPECT regex must match the combined output and no REJECT regex may; the exit status must
# be EXIT (default 0);
# CHECK1..3 (commands, e.g. the PNG checker) runs afterwards and must succeed.
if(NOT DEFINED EXIT)
  set(EXIT 0)
endif()
foreach(kv IN LISTS ENV)
  string(FIND "${kv}" "=" eq)
  string(SUBSTRING "${kv}" 0 ${eq} name)
  math(EXPR eq "${eq} + 1")
  string(SUBSTRING "${kv}" ${eq} -1 value)
  set(ENV{${name}} "${value}")
endforeach()
if(DEFINED SCRIPT)
  set(ENV{RGX_EXPLORE_SCRIPT} "${SCRIPT}") # keeps its ';' separators
endif()
execute_process(COMMAND ${CMD}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
message(STATUS "output:\n${all}")
if(NOT "${rc}" STREQUAL "${EXIT}")
  message(FATAL_ERROR "expected exit ${EXIT}, got ${rc}")
endif()
foreach(regex IN LISTS EXPECT)
  if(NOT all MATCHES "${regex}")
    message(FATAL_ERROR "output does not match '${regex}'")
  endif()
endforeach()
foreach(regex IN LISTS REJECT)
  if(all MATCHES "${regex}")
    message(FATAL_ERROR "output matches '${regex}', which it must not")
  endif()
endforeach()
if(all MATCHES "validation reported|VUID-|Validation Error")
  message(FATAL_ERROR "validation messages were reported")
endif()
foreach(i 1 2 3)
  if(DEFINED CHECK${i})
    execute_process(COMMAND ${CHECK${i}} RESULT_VARIABLE crc OUTPUT_VARIABLE cout ERROR_VARIABLE cerr)
    message(STATUS "check ${i}: ${cout}${cerr}")
    if(NOT crc EQUAL 0)
      message(FATAL_ERROR "check ${i} failed (${crc})")
    endif()
  endif()
endforeach()

# Checks that test binaries and libraries keep out of a layer they must not use: no symbol
# matching SYMBOLS in any of BINARIES (nm -C), and no link line in LINKS (a file CMake generated
# from the targets' LINK_LIBRARIES) matching LINKS_FORBIDDEN (compared in lower case). CONTROL
# links what is forbidden on purpose: it must show the symbols, so the check can see them.
#   cmake -DNM=nm -DSYMBOLS=regex -DBINARIES="a;b" -DCONTROL=file -DLINKS=file -DLINKS_FORBIDDEN=regex
#         -P check_links.cmake
foreach(file IN LISTS BINARIES CONTROL)
  execute_process(COMMAND ${NM} -C ${file} RESULT_VARIABLE rc OUTPUT_VARIABLE symbols ERROR_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} ${file} failed (${rc})")
  endif()
  string(REGEX MATCH "${SYMBOLS}" found "${symbols}")
  if(file STREQUAL CONTROL)
    if(NOT found)
      message(FATAL_ERROR "${file}: nothing matches ${SYMBOLS}: the check cannot see the symbols")
    endif()
  elseif(found)
    message(FATAL_ERROR "${file} contains ${found}, which it must not use")
  endif()
  message(STATUS "${file}: ${found}")
endforeach()
file(READ ${LINKS} links)
string(TOLOWER "${links}" links)
if(links MATCHES "${LINKS_FORBIDDEN}")
  message(FATAL_ERROR "a target links ${CMAKE_MATCH_0}, which it must not:\n${links}")
endif()
message(STATUS "links: ${links}")

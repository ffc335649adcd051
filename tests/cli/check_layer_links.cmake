# Tests follow the layers (issue 14): the loaders, demo, scene and sim test binaries link their
# layer and below, never the CLI, the renderer, Vulkan (volk) or the window system.
#   cmake -DNM=nm -DBINARIES="a;b" -DLINKS=file -DCONTROL=rgx -P check_layer_links.cmake
# CONTROL (the rgx binary) must show the symbols, so the check can see them.
set(pattern "glfw[A-Z][A-Za-z]*|ImGui[A-Za-z_]*|volkInitialize|CLI::App::parse")
foreach(file IN LISTS BINARIES CONTROL)
  execute_process(COMMAND ${NM} -C ${file} RESULT_VARIABLE rc OUTPUT_VARIABLE symbols ERROR_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} ${file} failed (${rc})")
  endif()
  string(REGEX MATCH "${pattern}" found "${symbols}")
  if(file STREQUAL CONTROL)
    if(NOT found)
      message(FATAL_ERROR "${file}: none of ${pattern} found: the check cannot see them")
    endif()
  elseif(found)
    message(FATAL_ERROR "${file} contains ${found}: a lower layer's tests must not link the app, renderer or window")
  endif()
  message(STATUS "${file}: ${found}")
endforeach()
file(READ ${LINKS} links)
if(links MATCHES "rgx_cli|rgx_renderer|rgx_vk|rgx_window|glfw|imgui")
  message(FATAL_ERROR "a lower layer's tests link ${CMAKE_MATCH_0}:\n${links}")
endif()

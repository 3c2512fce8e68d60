# acdc_add_plugin(<id> SOURCES ... [LIBRARIES ...] [DEFINITIONS ...]
#                 [OUTPUT_DIRECTORY dir] [FILE_NAME name])
#
# FILE_NAME names the file (<name>.acdc.so) when it differs from the target's
# <id>: another build of the same plugin, for example. A shared plugin is
# installed to ACDC_PLUGIN_INSTALL_DIR (lib/acdc/plugins, where an installed
# acdc looks) as the install component <id>, unless NO_INSTALL is given
# (examples, test fixtures).
# Builds an acdc plugin from C or C++ sources. A shared plugin becomes
# <id>.acdc.so exporting only `acdc_plugin_entry`; it is built with hidden
# visibility, -z defs (a plugin needs no symbol from the host) and, on GCC,
# -fno-gnu-unique, because STB_GNU_UNIQUE symbols mark a library
# "nodelete" and would keep an old generation mapped after a hot swap.
#
# When <id> is listed in ACDC_STATIC_PLUGINS the plugin becomes a static
# library compiled with ACDC_PLUGIN_STATIC, exporting
# `acdc_plugin_entry_<id>` (dashes turned into underscores) for linking into
# a single acdc binary.
function(acdc_add_plugin id)
  cmake_parse_arguments(P "NO_INSTALL" "OUTPUT_DIRECTORY;FILE_NAME" "SOURCES;LIBRARIES;DEFINITIONS" ${ARGN})
  if(NOT P_FILE_NAME)
    set(P_FILE_NAME ${id})
  endif()
  set(target acdc-plugin-${id})
  string(REPLACE "-" "_" token "${id}")
  if(id IN_LIST ACDC_STATIC_PLUGINS)
    add_library(${target} STATIC ${P_SOURCES})
    target_compile_definitions(${target} PRIVATE ACDC_PLUGIN_STATIC)
    set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  else()
    add_library(${target} MODULE ${P_SOURCES})
    if(NOT P_OUTPUT_DIRECTORY)
      if(DEFINED ACDC_PLUGIN_OUTPUT_DIR)
        set(P_OUTPUT_DIRECTORY ${ACDC_PLUGIN_OUTPUT_DIR})
      else()
        set(P_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/plugins)
      endif()
    endif()
    set(script ${CMAKE_CURRENT_BINARY_DIR}/${target}.version)
    file(WRITE ${script} "{ global: acdc_plugin_entry; local: *; };\n")
    set_target_properties(${target} PROPERTIES
      PREFIX "" OUTPUT_NAME "${P_FILE_NAME}" SUFFIX ".acdc.so"
      LIBRARY_OUTPUT_DIRECTORY ${P_OUTPUT_DIRECTORY})
    target_link_options(${target} PRIVATE
      "LINKER:--version-script=${script}" "LINKER:-z,defs")
    set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${script})
    if(NOT P_NO_INSTALL)
      if(NOT ACDC_PLUGIN_INSTALL_DIR)
        set(ACDC_PLUGIN_INSTALL_DIR lib/acdc/plugins)
      endif()
      install(TARGETS ${target} LIBRARY DESTINATION ${ACDC_PLUGIN_INSTALL_DIR} COMPONENT ${id})
    endif()
  endif()
  set_target_properties(${target} PROPERTIES
    C_VISIBILITY_PRESET hidden CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-fno-gnu-unique>)
  endif()
  target_compile_features(${target} PRIVATE cxx_std_20)
  target_link_libraries(${target} PRIVATE acdc::sdk ${P_LIBRARIES})
  target_compile_definitions(${target} PRIVATE ${P_DEFINITIONS})
  if(TARGET acdc_all_plugins)
    add_dependencies(acdc_all_plugins ${target})
  endif()
endfunction()

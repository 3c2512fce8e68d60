# The tree-sitter core and the grammars of the five indexed languages, built
# from the C sources of the pinned npm packages (package.json, integrity in
# package-lock.json; scripts/setup.sh runs `npm ci --ignore-scripts`, so their
# node bindings are never built). Nothing of them is in this repository.
#
# The grammars are ABI 14 (deps-pins.md): the core from tree-sitter@0.25.1
# loads ABI 13-15, Debian's libtree-sitter 0.20.7 (ACDC_SYSTEM_TREE_SITTER=ON)
# loads 13-14, so one grammar set runs on both.
#
# Defines: acdc_tree_sitter (the core, or Debian's library) and one static
# library per grammar: acdc_ts_c, acdc_ts_cpp, acdc_ts_python,
# acdc_ts_javascript, acdc_ts_typescript (typescript and tsx).
set(ACDC_NODE_MODULES ${PROJECT_SOURCE_DIR}/node_modules CACHE PATH
    "node_modules holding the pinned tree-sitter packages (npm ci)")
option(ACDC_SYSTEM_TREE_SITTER "link Debian's libtree-sitter-dev instead of the core of the npm package tree-sitter" OFF)

# Grammar name -> its source directories in node_modules.
set(_grammars c cpp python javascript typescript)
set(_grammar_dirs_c tree-sitter-c/src)
set(_grammar_dirs_cpp tree-sitter-cpp/src)
set(_grammar_dirs_python tree-sitter-python/src)
set(_grammar_dirs_javascript tree-sitter-javascript/src)
set(_grammar_dirs_typescript tree-sitter-typescript/typescript/src tree-sitter-typescript/tsx/src)
foreach(dir tree-sitter-c tree-sitter-cpp tree-sitter-python tree-sitter-javascript tree-sitter-typescript)
  if(NOT EXISTS ${ACDC_NODE_MODULES}/${dir}/package.json)
    message(FATAL_ERROR "the symbol-index plugin needs the npm package ${dir} in ${ACDC_NODE_MODULES}: "
                        "run scripts/setup.sh (or `npm ci --ignore-scripts`) first, or leave the plugin "
                        "out with -DACDC_PLUGINS=\"settings;repo;llm\"")
  endif()
endforeach()

# Generated parsers are large (cpp's parser.c is 17 MB) and not ours: always
# -O2, no warnings, and never under the sanitizers, which would make them the
# slowest part of every test without checking any code of ours.
set(_generated_options -O2 -w -fno-sanitize=all)

if(ACDC_SYSTEM_TREE_SITTER)
  pkg_check_modules(TREE_SITTER REQUIRED IMPORTED_TARGET tree-sitter)
  add_library(acdc_tree_sitter INTERFACE)
  target_link_libraries(acdc_tree_sitter INTERFACE PkgConfig::TREE_SITTER)
  target_compile_definitions(acdc_tree_sitter INTERFACE ACDC_SYSTEM_TREE_SITTER)
else()
  set(_core ${ACDC_NODE_MODULES}/tree-sitter/vendor/tree-sitter/lib)
  if(NOT EXISTS ${_core}/src/lib.c)
    message(FATAL_ERROR "the npm package tree-sitter (its vendored core, ${_core}/src/lib.c) is missing: "
                        "run scripts/setup.sh first, or configure with -DACDC_SYSTEM_TREE_SITTER=ON")
  endif()
  add_library(acdc_tree_sitter STATIC ${_core}/src/lib.c)
  target_include_directories(acdc_tree_sitter SYSTEM PUBLIC ${_core}/include PRIVATE ${_core}/src)
  target_compile_definitions(acdc_tree_sitter PRIVATE _POSIX_C_SOURCE=200809L _DEFAULT_SOURCE)
  target_compile_options(acdc_tree_sitter PRIVATE ${_generated_options})
  set_target_properties(acdc_tree_sitter PROPERTIES POSITION_INDEPENDENT_CODE ON C_VISIBILITY_PRESET hidden)
endif()

foreach(name IN LISTS _grammars)
  set(sources)
  foreach(dir IN LISTS _grammar_dirs_${name})
    list(APPEND sources ${ACDC_NODE_MODULES}/${dir}/parser.c)
    if(EXISTS ${ACDC_NODE_MODULES}/${dir}/scanner.c)
      list(APPEND sources ${ACDC_NODE_MODULES}/${dir}/scanner.c)
    endif()
  endforeach()
  add_library(acdc_ts_${name} STATIC ${sources})
  # Each parser.c includes "tree_sitter/parser.h" from its own src/.
  foreach(source IN LISTS sources)
    get_filename_component(dir ${source} DIRECTORY)
    set_source_files_properties(${source} PROPERTIES INCLUDE_DIRECTORIES ${dir})
  endforeach()
  target_compile_options(acdc_ts_${name} PRIVATE ${_generated_options})
  set_target_properties(acdc_ts_${name} PROPERTIES POSITION_INDEPENDENT_CODE ON C_VISIBILITY_PRESET hidden)
endforeach()

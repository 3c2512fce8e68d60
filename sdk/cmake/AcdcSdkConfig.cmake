# The AcdcSdk CMake package: the ABI header and the C++ SDK as the targets
# acdc::plugin_api and acdc::sdk, and acdc_add_plugin() to build a plugin
# (hidden visibility, only the entry symbol exported, -fno-gnu-unique for
# hot swap). See sdk/README.md.
include(${CMAKE_CURRENT_LIST_DIR}/AcdcSdkTargets.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/AcdcPluginFunctions.cmake)

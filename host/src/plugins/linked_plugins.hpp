// plugins/linked_plugins.hpp -- the plugins linked into this acdc binary.
//
// A trimmed single-binary build (-DACDC_STATIC_PLUGINS="repo;settings")
// links those plugins in as static libraries; CMake generates the table
// (linked_plugins.cpp.in) and main() hands it to the App. The host then runs
// the very same negotiation on these entry points as on a loaded file.
#pragma once

#include <acdc/plugin_api.h>

#include <map>
#include <string>

namespace acdc::plugins {

std::map<std::string, acdc_entry_fn> linked_plugins();

}  // namespace acdc::plugins

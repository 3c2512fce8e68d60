// app/plugin_check.hpp -- `acdc plugin check FILE`.
//
//   return check_plugin("build/plugins/echo.acdc.so");   // exit code
//
// Loads the plugin exactly as the host would (a private copy, RTLD_NOW, the
// entry negotiation, the descriptor checks) without activating or serving
// it, and prints its id, version, ABI, dependencies and methods, or the one
// line that says why the host would refuse it. Exit code 0 or 1.
#pragma once

#include <string>

namespace acdc::app {

int check_plugin(const std::string& file);

}  // namespace acdc::app

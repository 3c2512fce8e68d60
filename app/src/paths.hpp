// app/paths.hpp -- where the host finds its files, in a build tree and when
// installed.
//
//   Paths p = Paths::discover();
//   p.user_config_dir     $ACDC_CONFIG_HOME, else $XDG_CONFIG_HOME/acdc, else ~/.config/acdc
//   p.bundled_config_dir  <prefix>/share/acdc/config, else <source>/config
//   p.webapp_dir          <prefix>/share/acdc/webapp, else <source>/webapp/dist
//   p.plugin_dirs         <exe dir>/plugins, <prefix>/lib/acdc/plugins
#pragma once

#include <filesystem>
#include <vector>

namespace acdc::app {

struct Paths {
  std::filesystem::path exe_dir;
  std::filesystem::path user_config_dir;
  std::filesystem::path bundled_config_dir;
  std::filesystem::path webapp_dir;
  std::vector<std::filesystem::path> plugin_dirs;

  static Paths discover();
  // A new private directory (0700) for copies of loaded plugins, removed at
  // exit; throws std::runtime_error, saying what to do, when none can be made.
  static std::filesystem::path make_runtime_dir();
};

}  // namespace acdc::app

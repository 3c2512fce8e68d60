#include "app/paths.hpp"

#include <unistd.h>

#include <cstdlib>
#include <string>
#include <system_error>

namespace acdc::app {

namespace fs = std::filesystem;

namespace {

fs::path first_existing(std::initializer_list<fs::path> candidates) {
  std::error_code ec;
  for (const auto& c : candidates)
    if (!c.empty() && fs::exists(c, ec)) return c;
  return {};
}

fs::path env_path(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? fs::path(v) : fs::path();
}

}  // namespace

Paths Paths::discover() {
  Paths p;
  std::error_code ec;
  p.exe_dir = fs::read_symlink("/proc/self/exe", ec).parent_path();
  const fs::path prefix = p.exe_dir.parent_path();
  const fs::path source = ACDC_SOURCE_DIR;

  if (auto home = env_path("ACDC_CONFIG_HOME"); !home.empty()) p.user_config_dir = home;
  else if (auto xdg = env_path("XDG_CONFIG_HOME"); !xdg.empty()) p.user_config_dir = xdg / "acdc";
  else p.user_config_dir = env_path("HOME") / ".config" / "acdc";

  p.bundled_config_dir = first_existing({prefix / "share/acdc/config", source / "config"});
  p.webapp_dir = first_existing({prefix / "share/acdc/webapp", source / "webapp/dist"});
  p.plugin_dirs = {p.exe_dir / "plugins", prefix / "lib/acdc/plugins"};
  return p;
}

fs::path Paths::make_runtime_dir() {
  fs::path base = env_path("XDG_RUNTIME_DIR");
  std::error_code ec;
  if (base.empty() || !fs::is_directory(base, ec)) base = fs::temp_directory_path(ec);
  fs::path dir = base / ("acdc-" + std::to_string(getuid()) + "-" + std::to_string(getpid()));
  fs::create_directories(dir, ec);
  fs::permissions(dir, fs::perms::owner_all, ec);
  return dir;
}

}  // namespace acdc::app

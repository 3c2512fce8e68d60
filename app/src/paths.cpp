#include "paths.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
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
  // mkdtemp: a new directory with an unguessable name, mode 0700, never one
  // that already exists. In a shared /tmp, a directory someone else made
  // could let them swap a plugin copy before it is loaded.
  std::string dir = (base / ("acdc-" + std::to_string(getuid()) + "-XXXXXX")).string();
  if (!::mkdtemp(dir.data()))
    throw std::runtime_error("cannot create a private directory for plugin copies in " + base.string() + ": " +
                             std::strerror(errno) + ": set XDG_RUNTIME_DIR or TMPDIR to a directory you can write");
  return dir;
}

}  // namespace acdc::app

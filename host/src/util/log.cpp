#include <acdc/host/log.hpp>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

namespace acdc::log {
namespace {

bool debug_enabled() {
  static const bool enabled = [] {
    const char* v = std::getenv("ACDC_DEBUG");
    return v && *v && std::string_view(v) != "0";
  }();
  return enabled;
}

const char* prefix(Level level) {
  switch (level) {
    case Level::debug: return "acdc: debug: ";
    case Level::info: return "acdc: ";
    case Level::warn: return "acdc: warning: ";
    case Level::error: return "acdc: error: ";
  }
  return "acdc: ";
}

}  // namespace

void write(Level level, std::string_view message) {
  if (level == Level::debug && !debug_enabled()) return;
  std::string line = prefix(level);
  line.append(message);
  line.push_back('\n');
  // One fwrite per line keeps lines from different threads whole.
  static std::mutex mu;
  std::lock_guard lock(mu);
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

}  // namespace acdc::log

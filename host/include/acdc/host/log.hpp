// acdc/host/log.hpp -- one line per event on stderr, safe from any thread.
//
//   acdc::log::info("listening on " + url);
//   acdc::log::error("plugin 'repo' failed to activate: " + reason);
//
// Lines look like "acdc: <message>" (info), "acdc: warning: ..." and
// "acdc: error: ...", so that a user reading the terminal sees at once what
// needs attention. Debug lines appear only with ACDC_DEBUG=1.
#pragma once

#include <string_view>

namespace acdc::log {

enum class Level { debug, info, warn, error };

void write(Level level, std::string_view message);

inline void debug(std::string_view m) { write(Level::debug, m); }
inline void info(std::string_view m) { write(Level::info, m); }
inline void warn(std::string_view m) { write(Level::warn, m); }
inline void error(std::string_view m) { write(Level::error, m); }

}  // namespace acdc::log

// schema.hpp -- parses and validates the content of one config file.
//
//   try {
//     Checked c = Schema::check(FileKind::llm, text);
//     for (auto& w : c.warnings) ...;              // saved anyway: "line 4: unknown key 'modle'"
//   } catch (const ConfigProblem& p) {
//     p.line; p.reason;                           // refused: "'provider' must be one of ..."
//   }
//
// YAML files must parse, have a map at the top and hold sensible values: the
// llm.yaml schema of /work/briefs/llm_yaml.md, the app.yaml sections of
// acdc-features.md §3.4, snippets grouped by mode (§3.6) and the host's
// acdc.yaml keys. A mistake that would break a plugin is refused with its
// line; a key nobody reads only warns, since a newer plugin may read it.
// Whether acdc.yaml names plugins that exist is for the caller to ask the
// host (Host.available_plugins): Checked::plugins lists them with lines.
#pragma once

#include "config_types.hpp"

#include <acdc/sdk/error.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace acdc::settings {

// Content that cannot be used; `line` is 1-based (0: the whole file).
class ConfigProblem : public Error {
 public:
  ConfigProblem(int line, std::string reason, bool unreadable = false)
      : Error(ACDC_E_INVALID_PARAMS, (line > 0 ? "line " + std::to_string(line) + ": " : "") + reason),
        line_(line), reason_(std::move(reason)), unreadable_(unreadable) {}

  int line() const { return line_; }
  const std::string& reason() const { return reason_; }
  // The file cannot be read at all (not YAML, no map at the top): the host
  // then hands plugins the bundled default instead (config_files.hpp).
  bool unreadable() const { return unreadable_; }

 private:
  int line_;
  std::string reason_;
  bool unreadable_;
};

struct NamedPlugin {
  std::string name;
  int line;
};

struct Checked {
  std::vector<std::string> warnings;
  std::vector<NamedPlugin> plugins;  // acdc.yaml only
};

class Schema {
 public:
  // Throws ConfigProblem for content that is refused.
  static Checked check(FileKind kind, std::string_view content);
};

}  // namespace acdc::settings

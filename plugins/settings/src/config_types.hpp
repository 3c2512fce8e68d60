// config_types.hpp -- the config files a client may read or write, by type.
//
//   const ConfigType* t = ConfigTypes::find("llm");   // nullptr if not allowed
//   t->file;                                          // "llm.yaml", relative to a config dir
//   ConfigTypes::allowed();                           // "llm, app, snippets, ..." for errors
//
// The whitelist follows acdc-features.md §3.2 with our YAML file names:
// commit.md and system_reminder.md are deliberately not editable through the
// UI, and "litellm" is accepted as the reference web app's name for "llm".
// Every file also has a kind (how it is validated) and whether the bundled
// version upgrade may replace it (managed) or must never touch it (user).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace acdc::settings {

enum class FileKind { llm, app, snippets, host, prompt };

struct ConfigType {
  std::string name;   // the type key clients pass
  std::string file;   // path relative to the user or the bundled config dir
  FileKind kind;
};

// One file of the bundled set and how an upgrade treats it (§3.1).
struct BundledFile {
  std::string file;
  bool managed;       // true: replaced on upgrade, old copy kept; false: the user's
};

class ConfigTypes {
 public:
  static const ConfigType* find(std::string_view name);
  static std::string allowed();
  static const std::vector<BundledFile>& bundled_files();
};

}  // namespace acdc::settings

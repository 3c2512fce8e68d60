// settings.hpp -- the Settings class: config read, write and reload (issue 3).
//
//   Settings.get_config_content("llm")        -> {type, content, path[, problem][, warnings]}, keys redacted
//   Settings.save_config_content("llm", text) -> {status:"ok", type, path, previous, warnings}
//   Settings.reload_llm_config()              -> {status:"ok", changed:[plugin ids]}
//   Settings.reload_app_config()              -> the same, for app.yaml
//   Settings.get_config_info()                -> {model, smaller_model, provider, config_dir,
//                                                 bundled_version, problems: [unusable user files],
//                                                 warnings: [keys acdc does not read, with file and line]}
//   Settings.get_snippets()                   -> [{icon, tooltip, message}]   (code mode)
//   Settings.get_review_snippets()            -> [{icon, tooltip, message}]
//   Settings.get_mode_snippets(mode)          -> [{icon, tooltip, message}]   ("code", "doc", "review")
//
// On activation the user config directory is created or upgraded (upgrader.hpp),
// every user file that cannot be used is reported with its path and the fix,
// every key in them acdc does not read is reported with its line,
// and <repo>/.acdc/ is created and excluded from git (repo_state.hpp). Saves are validated first (schema.hpp) and refused, file untouched, with
// the line and the reason; secrets are never written (secrets.hpp). Reloads go
// through Host.reload_config, which sends "host.config.changed" to each plugin
// whose config block changed.
#pragma once

#include "config_types.hpp"
#include "schema.hpp"

#include <acdc/sdk.hpp>

#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

namespace acdc::settings {

class Settings {
 public:
  explicit Settings(Context& ctx);

  RawJson get_config_content(std::string type);
  void save_config_content(Call call, std::string type, std::string content);
  void reload_llm_config(Call call);
  void reload_app_config(Call call);
  RawJson get_config_info();
  RawJson get_snippets();
  RawJson get_review_snippets();
  // The one reader of snippets.yaml: the llm plugin asks it for its mode.
  RawJson get_mode_snippets(std::string mode);

 private:
  const ConfigType& type_of(const std::string& name) const;
  std::filesystem::path user_file(const ConfigType& t) const { return user_dir_ / t.file; }
  std::filesystem::path effective_file(const ConfigType& t) const;
  void prepare_user_dir();
  // The user's llm, app and snippets files: those refused (with the fix),
  // and the keys in the others that acdc would ignore.
  struct FileReport {
    std::vector<std::string> problems;
    std::vector<std::string> warnings;
  };
  FileReport check_user_files() const;
  void prepare_repo_state() const;
  void check_plugins_then_write(Call call, const ConfigType& t, std::string content,
                                std::string warnings_json, std::vector<NamedPlugin> named);
  void write(Call& call, const ConfigType& t, const std::string& content,
             const std::string& warnings_json);
  void reload(Call call, const ConfigType& t);
  RawJson snippets(std::string_view mode);

  Host& host_;
  std::filesystem::path user_dir_;
  std::filesystem::path bundled_dir_;
  std::filesystem::path repo_root_;
  std::filesystem::path state_dir_;
  std::string bundled_version_;
  std::mutex write_mu_;  // one save at a time, so "previous" is really the previous one
};

}  // namespace acdc::settings

// import/import_sources.hpp -- finding and reading everything AC-DC left for
// an import, before anything is written.
//
//   Sources s = read_sources("", "");          // AC-DC's default directory, the current git repository
//   if (!s.problems.empty()) ...               // bad arguments or an unreadable file: exit 2
//   if (s.llm) convert_llm(*s.llm, ...);
//
// AC-DC's config directory is found as AC-DC finds it (acdc-features.md
// §3.1): $AC_DC_CONFIG_HOME, else $XDG_CONFIG_HOME/ac-dc, else ~/.config/ac-dc.
#pragma once

#include <acdc/sdk/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace acdc::app::importer {

struct Sources {
  std::filesystem::path config_dir;  // AC-DC's
  std::filesystem::path repo;        // empty: no repository to import from
  std::optional<Json> llm, app, snippets, repo_snippets;
  std::optional<std::string> system_extra;
  std::vector<std::string> managed_prompts;  // AC-DC's own prompt files found there
  std::optional<std::string> history;        // .ac-dc4/history.jsonl
  std::vector<std::string> problems;         // why the import cannot go on
  std::vector<std::string> notes;            // what was not there to import

  bool found_anything() const;
};

Sources read_sources(const std::string& from, const std::string& repo);

// The git repository holding `start` (a directory), or empty.
std::filesystem::path enclosing_repository(const std::filesystem::path& start);

// The directory of AC-DC's per-repository state.
inline constexpr const char* kStateDir = ".ac-dc4";

}  // namespace acdc::app::importer

// An AC-DC user's files, written in the reference's documented formats
// (acdc-features.md §3.3-§3.6, §4.8), and `acdc import-acdc` run on them as
// the real binary with HOME and ACDC_CONFIG_HOME in temporary directories.
//
//   ReferenceUser user;                       // ~/.config/ac-dc and a git repository with .ac-dc4/
//   Run r = user.import({"--repo", user.repo().string()});
//   r.code; r.output;                         // exit code; stdout and stderr together
//   user.acdc_config() / "llm.yaml";          // what it wrote
#pragma once

#include "support/temp_dir.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace acdc::test {

// A 1x1 PNG as a data URI, and its name in both image stores (sha256(uri)[:12]).
extern const char* const kPixelUri;
extern const char* const kPixelName;

struct Run {
  int code = -1;
  std::string output;
};

class ReferenceUser {
 public:
  ReferenceUser();

  // AC-DC's config directory (~/.config/ac-dc) and acdc's (ACDC_CONFIG_HOME).
  std::filesystem::path reference_config() const { return home_.path() / ".config" / "ac-dc"; }
  std::filesystem::path acdc_config() const { return acdc_.path(); }
  const std::filesystem::path& repo() const { return repo_.path(); }
  // Writes AC-DC's history of `repo` (two sessions, an image, a torn last line).
  static void write_history(const std::filesystem::path& repo);

  // Runs `acdc import-acdc <args>` from the repository's directory.
  Run import(const std::vector<std::string>& args) const;

 private:
  TempDir home_, acdc_, repo_;
};

// Every file under `dir`, by path relative to it, with its bytes.
std::map<std::string, std::string> snapshot(const std::filesystem::path& dir);

}  // namespace acdc::test

// upgrader.hpp -- fills and upgrades the user config directory (acdc-features.md §3.1).
//
//   Upgrader up(user_dir, bundled_dir);
//   Upgrader::Outcome o = up.run();        // throws acdc::Error when the disk refuses
//   o.created; o.replaced; o.backups;      // for the log
//
// The bundled version is config/VERSION plus a digest of the bundled files,
// so a changed prompt reaches users even if nobody bumped VERSION. When it
// differs from the user directory's ".bundled_version" marker, every managed
// file whose content differs is copied to
// "<name>.<UTC %Y.%m.%d-%H.%M>-<old version>" and replaced; user files
// (llm.yaml, prompts/system_extra.md) are only created when missing, never
// touched otherwise. The marker is written last: a crash part-way leaves the
// old marker, and the next start finishes the job (files already upgraded
// equal the bundled copy, so they are neither backed up nor rewritten again).
// Missing files are recreated on every start, whatever the versions say.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace acdc::settings {

class Upgrader {
 public:
  struct Outcome {
    std::string from;                  // the marker found ("" on first run)
    std::string to;                    // the bundled version now recorded
    std::vector<std::string> created;  // files that were missing
    std::vector<std::string> replaced; // managed files overwritten by the upgrade
    std::vector<std::string> backups;  // where their old content went
  };

  Upgrader(std::filesystem::path user_dir, std::filesystem::path bundled_dir)
      : user_(std::move(user_dir)), bundled_(std::move(bundled_dir)) {}

  Outcome run() const;
  std::string bundled_version() const;

  static constexpr const char* kMarker = ".bundled_version";

 private:
  void place(const std::string& file, bool managed, bool upgrading, Outcome& out) const;

  std::filesystem::path user_;
  std::filesystem::path bundled_;
};

}  // namespace acdc::settings

// config/config_files.hpp -- the YAML files a plugin's config block includes.
//
//   ConfigFiles files(user_dir, bundled_dir);
//   std::string json = files.read("llm.yaml");   // the user's copy, else the bundled one
//
// All reads go to the user config directory; the bundled copy is the
// fallback when the user's file is missing, and also when it does not parse
// (a half-written or hand-broken file), in which case the problem is logged
// with the path, the line and the fix. A file that exists nowhere reads as {}.
#pragma once

#include <filesystem>
#include <string>

namespace acdc::config {

class ConfigFiles {
 public:
  ConfigFiles(std::filesystem::path user_dir, std::filesystem::path bundled_dir)
      : user_dir_(std::move(user_dir)), bundled_dir_(std::move(bundled_dir)) {}

  // The file as JSON text (an object).
  std::string read(const std::string& name) const;

 private:
  std::filesystem::path user_dir_;
  std::filesystem::path bundled_dir_;
};

}  // namespace acdc::config

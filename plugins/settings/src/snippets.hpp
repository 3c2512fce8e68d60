// snippets.hpp -- the prompt snippets of one mode, as the web app shows them.
//
//   std::string json = Snippets::for_mode({repo_file, user_file, bundled_file}, "code", warn);
//   // [{"icon":"✂️","tooltip":"Continue truncated edit","message":"Your last edit ..."}]
//
// The first candidate file that exists and is valid wins (a repository's
// .acdc/snippets.yaml over the user's over the bundled one, acdc-features.md
// §3.6); an invalid one is skipped and reported through `warn`. Both the
// grouped form {code: [...], review: [...]} and the legacy flat form
// {snippets: [{mode, ...}]} (mode defaults to code) are read.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::settings {

class Snippets {
 public:
  using Warn = std::function<void(const std::string&)>;

  static std::string for_mode(const std::vector<std::filesystem::path>& candidates,
                              std::string_view mode, const Warn& warn);
};

}  // namespace acdc::settings

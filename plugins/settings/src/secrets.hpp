// secrets.hpp -- finds API keys and other secrets in config text.
//
//   std::string shown = Secrets::redact(text);      // values replaced by "[redacted]"
//   if (auto hit = Secrets::find(text))             // refuse to write it
//     throw ...(hit->line, hit->what);
//
// A key comes from the environment variable named by llm.yaml's api_key_env
// and is never stored by acdc (issue 3), but a user may have typed one into a
// file by hand. Two signs give a secret away: a setting whose name says so
// (api_key, x-api-key, authorization, password, secret, token, ...; not
// api_key_env, which holds a variable's name), and a value shaped like a
// well-known provider key (sk-..., AKIA..., ghp_..., xoxb-..., AIza...).
// Both are found line by line, so a file that no longer parses is covered too.
// Prose (the Markdown prompts) is only searched for key-shaped values, since
// "token: ..." is a natural thing for a prompt to say.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace acdc::settings {

class Secrets {
 public:
  struct Finding {
    int line;          // 1-based
    std::string what;  // "the value of 'api_key'" or "a value shaped like an API key"
  };

  enum class Text { settings, prose };

  static std::string redact(std::string_view text, Text kind);
  static std::optional<Finding> find(std::string_view text, Text kind);

  static constexpr const char* kMask = "\"[redacted]\"";
};

}  // namespace acdc::settings

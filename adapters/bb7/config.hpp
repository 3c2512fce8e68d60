// bb7/config.hpp -- ~/.config/bb7/config.json as bb7.md §6 describes it, read
// from $HOME the way the reference reads it, so an existing bb7.nvim user
// needs no new configuration.
//
//   Bb7Config config = load_bb7_config(home_dir());   // throws the §4 messages
#pragma once

#include <filesystem>
#include <string>

namespace acdc::adapters::bb7 {

inline constexpr const char* kDefaultModel = "anthropic/claude-sonnet-4.6";

struct Bb7Config {
  std::string api_key;
  std::string base_url = "https://openrouter.ai/api/v1";
  std::string default_model = kDefaultModel;
  bool default_model_explicit = false;  // present in the file: it wins over the client's model
  std::string title_model;
  std::string diff_mode = "search_replace_multi";
  bool allow_training = false;
  bool allow_data_retention = true;
  bool explicit_cache_key = false;
  bool auto_retry_partial_edits = false;
};

// $HOME, else the passwd entry's home.
std::filesystem::path home_dir();
std::filesystem::path bb7_config_dir(const std::filesystem::path& home);  // ~/.config/bb7

// Throws acdc::Error: "Config file not found: ~/.config/bb7/config.json",
// "invalid config JSON", "API key not set in config", or the diff_mode text.
Bb7Config load_bb7_config(const std::filesystem::path& home);

}  // namespace acdc::adapters::bb7

// prompt/prompt_store.hpp -- the prompt files of llm_yaml.md, read fresh on
// every request so an edit applies on the next turn: prompts/ in the user
// config directory first, the bundled config/prompts/ as fallback.
//
//   PromptStore prompts(config["host"]);             // config_dir, bundled_config_dir
//   std::string system = prompts.system_prompt();    // system.md + system_extra.md
//   std::string reminder = prompts.system_reminder();
//
// A missing required prompt throws acdc::Error naming the file and where it
// was looked for.
#pragma once

#include <acdc/sdk/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

class PromptStore {
 public:
  PromptStore() = default;
  explicit PromptStore(const acdc::JsonValue& host_block);

  std::string system_prompt() const;     // system.md, then system_extra.md, joined by a blank line
  std::string doc_system_prompt() const; // doc mode's (§4.12): system_doc.md, then system_extra.md
  // A small window's (context/window_fit.hpp), for either mode:
  // system_compact.md, then system_extra.md; "" when there is none.
  std::string compact_system_prompt() const;
  std::string system_reminder() const;   // "\n\n" + trimmed system_reminder.md, or ""
  std::string commit_prompt() const;     // commit.md
  std::string review_prompt() const;     // review.md, then system_extra.md (review mode's system prompt)
  std::string compaction_prompt() const; // compaction.md: the boundary detector's instructions
  // The first of user/bundled `name` (e.g. "snippets.yaml"), if any.
  std::optional<std::filesystem::path> find(const std::string& name) const;

 private:
  std::string required(const std::string& name) const;
  std::string with_extra(std::string system) const;
  std::optional<std::string> optional(const std::string& name) const;

  std::vector<std::filesystem::path> dirs_;  // config dirs, most specific first
};

}  // namespace acdc::llm

// prompt/prompt_input.hpp -- what goes into one request's message array,
// already sorted into cache tiers (acdc-features.md §4.6).
//
//   PromptInput in;
//   in.system_prompt = prompts.system_prompt();
//   in.active_files = {{"src/a.py", text}};
//   in.user_prompt = message + reminder;
//
// The context engine (context/context_engine.hpp) sorts the content into
// the tiers; the assembler only renders them.
#pragma once

#include "edit/edit_block.hpp"

#include <array>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

struct FileEntry {
  std::string path;
  std::string content;
};

struct ChatMessage {
  std::string role;     // "user" | "assistant"
  std::string content;
  // data: URIs pasted with a user message. They go with it on every later
  // turn too, or the model would lose sight of what "this screenshot" was.
  std::vector<std::string> images;
  // Shown to the user as an event; sent to the model only when for_model
  // (a commit, a reset), never a compaction's report.
  bool system_event = false;
  bool for_model = false;
  // An answer whose stream broke midway (kept as it arrived), and why.
  bool cut_off = false;
  std::string error;
  // Names of `images` in the image store, for a compaction record.
  std::vector<std::string> image_refs;
  // An answer's thinking: kept for the user, never part of a prompt.
  std::string reasoning;
  // An answer's turn, and what became of its edit blocks and the shell
  // commands it suggested: shown again when a session is reloaded, never
  // part of a prompt.
  std::string turn_id;
  std::vector<EditResult> edit_results;
  std::vector<std::string> shell_commands;
  // An Agent turn's tool calls (JSON array text) and the limit that stopped
  // it: shown again on reload, never part of a prompt.
  std::string steps_json;
  std::string stopped_by;
};

// What one image block counts towards a budget, whatever its size (§4.5).
inline constexpr std::size_t kImageTokens = 1000;

struct TierContent {
  std::string symbol_blocks;          // symbol-map blocks of this tier (symbol-index plugin)
  std::vector<FileEntry> files;
  std::vector<ChatMessage> history;
  // The tier's tokens (for L0 with the system prompt) when the context
  // engine already counted them; otherwise the assembler counts.
  std::optional<std::size_t> tokens;
};

struct PromptInput {
  std::string system_prompt;
  std::string map_header_and_legend;  // REPO_MAP_HEADER + legend; empty without a symbol map
  std::array<TierContent, 4> tiers;   // L0, L1, L2, L3
  std::vector<std::string> url_parts;
  std::string review_context;
  std::string active_symbol_blocks;   // map blocks not (yet) in a cached tier
  std::string focus_symbol_blocks;    // the ranked map's focus for this message: after the history
  std::vector<FileEntry> active_files;
  std::vector<ChatMessage> active_history;
  std::string user_prompt;            // the message with the system reminder appended
  std::vector<std::string> images;    // data: URIs; anything else is dropped, here and in history
  std::size_t min_cacheable_tokens = 1024;
  int max_cache_marks = 4;  // 3 in an Agent turn (prompt/cache_marks.hpp)
};

using TokenCounter = std::function<std::size_t(std::string_view)>;

}  // namespace acdc::llm

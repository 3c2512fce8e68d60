// bb7/prompt.hpp -- what `send` puts in front of the model (bb7.md §7.1,
// §7.2, §8.3): the system prompt with the tool prompt of the diff mode, the
// tool schemas, and the one structured user message (BODY) with its
// 60-column section markers, @file blocks, history and @latest.
//
//   BodyInput in{chat, files, overrides, retry_text};
//   std::string body = build_body(in);
//   std::string tools = tool_schemas_json("search_replace_multi");   // "[...]"
#pragma once

#include "bb7/chat.hpp"
#include "bb7/chat_files.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace acdc::adapters::bb7 {

std::string_view builtin_system_prompt();
// Built-in (or the override text), instructions, then the tool prompt; a
// global chat gets no tool prompt.
std::string system_prompt(const std::string& override_text, const std::string& instructions, const std::string& diff_mode,
                          bool global_chat);
// OpenAI function schemas for the mode; "[]" for a global chat.
std::string tool_schemas_json(const std::string& diff_mode, bool global_chat);

// "---------------------- readonly files ----------------------"
std::string section_marker(std::string_view title);

struct BodyInput {
  Chat& chat;                 // the latest user message is its last user message
  const ChatFiles& files;
  // Pending writes that stand in for output files (the repair retry, §7.7).
  const std::map<std::string, std::string>* overrides = nullptr;
  std::string retry_context;  // the @retry_context block, "" for none
};

// Also fixes stale stored versions; returns true in `versions_fixed` then.
std::string build_body(BodyInput& in, bool& versions_fixed);

}  // namespace acdc::adapters::bb7

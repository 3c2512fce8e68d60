// adapters/interactive/conversation.hpp -- a session's OpenAI chat messages
// and the LLMService.converse request and reply around them.
//
//   Conversation c({.model = "gpt-4o", .context = "You review C++.", .language = "fr"});
//   c.add_user("hello");
//   std::string request = c.request_json(HistoryRecord{history_session, "hello"});
//   RoundReply r = parse_round_reply(body);          // text, tool calls in index order
//   c.add_assistant(r.text, r.tool_calls);
//   c.add_tool_result("call_1", "42");
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::interactive {

// startSession's sessionParams (interactive-api.md §3.1), plus the client's
// tools (§5, OpenAI function schemas as JSON array text; empty: none).
struct SessionSettings {
  std::string model;
  std::string context;
  std::string language;
  std::string tools_json;
};

struct ToolCall {
  std::string id;
  std::string name;
  std::string arguments;  // the model's raw text
};

struct RoundReply {
  std::string text;
  std::vector<ToolCall> tool_calls;
  bool cancelled = false;
  std::string history_session;  // where converse recorded the round
  std::string error_kind;       // a stream that failed: "timeout", "auth", ...
  std::string error_message;    // and what happened, in the llm plugin's words
  // The round's tokens and cost as the final chunk carries them:
  // {inputTokens, outputTokens, cacheReadTokens, costUsd} with costUsd null
  // when the model's price is unknown; empty when converse sent no usage.
  std::string usage_json;
};

// What converse records in the repository's history (adapters/README.md):
// `user` (when not empty) and the round's text, under `session` (empty: a
// new one, named in the reply).
struct HistoryRecord {
  std::string session;
  std::string user;
};

class Conversation {
 public:
  explicit Conversation(SessionSettings settings);

  void add_user(std::string_view text);
  void add_assistant(std::string_view text, const std::vector<ToolCall>& tool_calls = {});
  void add_tool_result(std::string_view call_id, std::string_view content);
  // The converse request: the system prompt, every message, the tools and model.
  std::string request_json(const std::optional<HistoryRecord>& history) const;

 private:
  SessionSettings settings_;
  std::string system_json_;
  std::vector<std::string> messages_;  // each one message's JSON text
};

// The converse reply; nullopt when it is not one.
std::optional<RoundReply> parse_round_reply(std::string_view body);
// A tool call's arguments as a JSON object's text: "{}" when the model's
// text is not an object (the notification's `arguments` is an object, §4.3).
std::string arguments_object(std::string_view raw);

}  // namespace acdc::interactive

// acp/prompt_turn.hpp -- one session/prompt: acdc's chat turn
// (LLMService.chat_streaming) told to the editor as it happens.
//
//   auto turn = std::make_shared<PromptTurn>(PromptTurn::Setup{...});
//   turn->start(parts);        // chat_streaming; the prompt is answered when the turn completes
//   turn->cancel();            // session/cancel: the answer's stopReason is then "cancelled"
//
// What the editor sees (protocol/v1/prompt-turn, tool-calls, file-system):
// - the answer as agent_message_chunk, the reasoning as agent_thought_chunk,
//   each a delta of the accumulated text the plugin streams;
// - each write of an edit as a tool_call of kind edit with its diff,
//   pending, then (after session/request_permission when edits ask)
//   written through fs/write_text_file when the editor offers it, else by
//   the repo plugin (Repo.write_file / create_file and its path guard), and
//   completed or failed; reads through fs/read_text_file when offered;
// - an edit that never came to a write (its anchor not found, a file not in
//   context) as a failed tool_call with acdc's message; in Ask mode an edit
//   to a file not in context first asks (session/request_permission, kind
//   edit, at the files) whether to add it and apply, and that answer is its
//   write's too;
// - a usage_update before the answer: the tokens in context, the model's
//   window and the session's cost so far (null when a price is unknown);
// - the answer: {stopReason}, or a JSON-RPC error when the turn failed.
#pragma once

#include "acp/connection.hpp"
#include "acp/editor_terminal.hpp"
#include "acp/engine.hpp"
#include "acp/prompt_content.hpp"
#include "acp/updates.hpp"

#include <atomic>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

namespace acdc::adapters::acp {

class PromptTurn final : public Engine::Turn, public std::enable_shared_from_this<PromptTurn> {
 public:
  struct Setup {
    Connection& conn;
    Engine& engine;
    std::string session_id;
    std::string answer_id;   // the session/prompt request's id, as JSON text
    std::string request_id;  // chat_streaming's
    std::filesystem::path root;
    bool editor_reads = false;
    bool editor_writes = false;
    bool editor_terminal = false;  // the model's commands run in the editor's terminals
    bool ask_before_edits = true;
    std::shared_ptr<std::atomic<bool>> always_allow;  // the session's "allow always"
    std::function<void()> on_finished;                // after the answer went out
  };

  explicit PromptTurn(Setup setup) : s_(std::move(setup)) {}

  void start(const PromptParts& parts);
  void cancel();

  void on_text(std::string_view accumulated) override;
  void on_thinking(std::string_view accumulated) override;
  void on_complete(std::string_view result_json) override;
  void on_step(std::string_view step_json) override;
  void on_read(std::string path, Engine::Reply reply) override;
  void on_ask(std::string ask_json, Engine::Reply reply) override;
  void on_run(std::string tool_call_id, std::string arguments_json, Engine::Reply reply) override;
  void on_write(std::string path, std::string content, std::optional<std::string> old_text,
                Engine::Reply reply) override;

 private:
  void stream_delta(std::string_view accumulated, std::size_t& sent, const char* kind);
  void ask_permission(const std::string& call_id, const std::string& path,
                      std::function<void(bool allowed, std::string why)> then);
  void write(const std::string& path, const std::string& content, bool created, std::function<void(bool, std::string)> done);
  void report_unwritten_edits(const Completion& c);
  // Answers the prompt once: the result, or an error.
  void finish(std::optional<std::string> result_json, int code = 0, const std::string& message = {});
  std::string absolute(const std::string& path) const { return (s_.root / path).string(); }

  Setup s_;
  std::mutex mu_;  // the counters and the order of chunks
  std::size_t text_sent_ = 0;
  std::size_t thought_sent_ = 0;
  int next_call_ = 1;
  std::map<std::string, std::deque<std::string>> written_;  // path -> its write calls' ids, in order
  std::set<std::string> allowed_writes_;  // files the user let this Ask turn add and edit
  std::atomic<bool> cancelled_{false};
  std::atomic<bool> finished_{false};
  std::shared_ptr<EditorTerminal> terminal_;  // guarded by mu_; the command running in the editor, if one is
};

}  // namespace acdc::adapters::acp

// history/chat_session.hpp -- the conversation the next request continues:
// the current session id, its messages in memory, the selected files, all
// persisted through the HistoryStore (acdc-features.md §4.1, §4.8).
//
//   ChatSession session(store, images);
//   session.restore_latest();                       // start-up: last session back
//   session.add("user", "hi", {.files = selected});
//   auto msgs = session.messages();                 // copies, images too; safe from any thread
//
// Thread-safe; every member takes the session's mutex briefly.
#pragma once

#include "context/session_totals.hpp"
#include "history/history_store.hpp"
#include "history/image_store.hpp"
#include "prompt/prompt_assembler.hpp"
#include "prompt/prompt_input.hpp"

#include <mutex>
#include <string>
#include <vector>

namespace acdc::llm {

struct MessageExtras {
  std::vector<std::string> files;
  std::string turn_id;
  bool system_event = false;
  bool for_model = false;               // a system event the model sees too
  std::vector<std::string> files_modified;
  std::vector<std::string> images;      // data URIs, already saved in the image store
  std::vector<std::string> image_refs;  // their names there
  bool cut_off = false;                 // an answer whose stream broke midway
  std::string error;                    // ... and why
  std::string reasoning;                // an answer's thinking, for the user only
  std::vector<EditResult> edit_results;  // an answer's, for a reloaded session
  std::vector<std::string> shell_commands;
  // An Agent turn's answer: its tool calls (a JSON array, agent/agent_step.hpp)
  // and the limit that stopped the turn, if one did.
  std::string steps_json;
  std::string stopped_by;
};

class ChatSession {
 public:
  ChatSession(HistoryStore& store, const ImageStore& images)
      : store_(store), images_(images), session_id_(new_session_id()) {}

  // Makes the newest stored session current; false when there is none.
  bool restore_latest();
  // Persists first, then adds to memory, so memory never holds what disk lost.
  void add(const std::string& role, const std::string& content, const MessageExtras& extras = {});
  // Adds to `session_id` on disk, and to memory only if it is still the
  // current session: an event captured before a session switch stays in
  // the session it happened in.
  void add_to(const std::string& session_id, const std::string& role, const std::string& content,
              const MessageExtras& extras);
  std::string new_session();
  // Loads a stored session as the current one; throws acdc::Error if unknown.
  std::vector<HistoryMessage> load(const std::string& session_id);

  // After a compaction: `kept` is the history from now on, `event` the
  // system event that reports it. One record is appended (history.jsonl is
  // never rewritten); loading the session replays it. False, and nothing
  // changed, when the current session is no longer `session_id` or grew
  // past `message_count` messages meanwhile.
  bool replace_history(const std::string& session_id, std::size_t message_count, const std::vector<ChatMessage>& kept,
                       const std::string& event);

  std::string session_id() const;
  std::vector<ChatMessage> messages() const;
  // The messages the model sees: all but the system events not for_model.
  std::vector<ChatMessage> prompt_history() const;
  size_t message_count() const;
  // The history's tokens as `assembler` counts them, without copying the
  // messages (their images are data URIs of up to megabytes).
  size_t history_tokens(const PromptAssembler& assembler) const;
  const ImageStore& images() const { return images_; }
  std::vector<std::string> selected() const;
  void set_selected(std::vector<std::string> files);
  // Adds files not yet selected; returns true if the selection changed.
  bool add_selected(const std::vector<std::string>& files);
  void remove_selected(const std::vector<std::string>& files);
  // Adds one request's usage to the session's totals and returns them.
  SessionTotals record_usage(const Usage& usage);
  // A cache warm-up's (service/cache_warmer.hpp): counted apart from turns.
  void record_warmup(const Usage& usage);
  SessionTotals totals() const;

 private:
  HistoryStore& store_;
  const ImageStore& images_;
  mutable std::mutex mu_;
  std::string session_id_;
  std::vector<ChatMessage> messages_;
  std::vector<std::string> selected_;
  SessionTotals totals_;  // this run's requests; a loaded session starts at zero
};

}  // namespace acdc::llm

// service/chat_session.hpp -- the conversation the next request continues:
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
  std::vector<std::string> files_modified;
  std::vector<std::string> images;      // data URIs, already saved in the image store
  std::vector<std::string> image_refs;  // their names there
};

class ChatSession {
 public:
  ChatSession(HistoryStore& store, const ImageStore& images)
      : store_(store), images_(images), session_id_(new_session_id()) {}

  // Makes the newest stored session current; false when there is none.
  bool restore_latest();
  // Persists first, then adds to memory, so memory never holds what disk lost.
  void add(const std::string& role, const std::string& content, const MessageExtras& extras = {});
  std::string new_session();
  // Loads a stored session as the current one; throws acdc::Error if unknown.
  std::vector<HistoryMessage> load(const std::string& session_id);

  std::string session_id() const;
  std::vector<ChatMessage> messages() const;
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
  // Adds one request's input and output tokens to the session's running
  // total (for the terminal HUD) and returns the new total.
  long add_tokens_used(long tokens);

 private:
  HistoryStore& store_;
  const ImageStore& images_;
  mutable std::mutex mu_;
  std::string session_id_;
  std::vector<ChatMessage> messages_;
  std::vector<std::string> selected_;
  long tokens_used_ = 0;
};

}  // namespace acdc::llm

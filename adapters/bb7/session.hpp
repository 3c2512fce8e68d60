// bb7/session.hpp -- one bb7.nvim backend session (bb7.md §1-§12): the
// actions of §3 on the .bb7/ store, and `send` through the engine.
//
// Threads: handle_line() runs on the stdin reader, one line at a time, and
// most actions answer inline under `mu_` (the reference's state mutex).
// `send` reserves the stream slot inline and streams from the engine's
// callbacks; its finish takes `mu_` again. emit() writes whole lines.
//
//   Session session({.home = home_dir(), .emit = write_line, .engine = &engine});
//   while (read line) if (!session.handle_line(line)) break;   // shutdown
//   session.close();                                            // EOF: release the lock
#pragma once

#include "bb7/chat.hpp"
#include "bb7/chat_store.hpp"
#include "bb7/config.hpp"
#include "bb7/protocol.hpp"
#include "bb7/safe_path.hpp"

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace acdc::adapters::bb7 {

class Engine;
struct SendRun;

struct SessionEnv {
  std::filesystem::path home;
  std::function<void(const std::string& line)> emit;  // one protocol line, no newline
  Engine* engine = nullptr;                           // null: send replies with an error
  // After a successful init: the project root (empty in global-only mode).
  std::function<void(const std::filesystem::path& root)> on_init;
};

class Session {
 public:
  explicit Session(SessionEnv env);
  ~Session();

  // False after `shutdown` (no reply is sent, §1).
  bool handle_line(std::string_view line);
  // Releases the active chat's lock (EOF, shutdown).
  void close();
  bool stream_active();

  // For the send pipeline (session_send.cpp).
  struct Active {
    ChatStore store;
    std::string id;
    bool global = false;
  };

 private:
  using Handler = std::string (Session::*)(const Request&);
  struct Action {
    Handler handler;
    bool mutating;      // refused while a stream runs (§3.9)
  };
  static const std::map<std::string, Action, std::less<>>& actions();

  // Lifecycle and utility (session_info.cpp)
  std::string ping(const Request&);
  std::string version(const Request&);
  std::string bb7_init(const Request&);
  std::string init(const Request&);
  std::string cancel(const Request&);
  std::string get_balance(const Request&);
  std::string get_models(const Request&);
  std::string get_customization_info(const Request&);
  std::string prepare_instructions(const Request&);
  std::string estimate_tokens(const Request&);
  std::string estimate_text_tokens(const Request&);
  std::string add_system_message(const Request&);
  // Chats (session_chats.cpp)
  std::string chat_new(const Request&);
  std::string chat_list(const Request&);
  std::string chat_select(const Request&);
  std::string chat_get(const Request&);
  std::string chat_active(const Request&);
  std::string chat_rename(const Request&);
  std::string chat_delete(const Request&);
  std::string search_chats(const Request&);
  std::string save_draft(const Request&);
  std::string save_chat_settings(const Request&);
  std::string chat_move(const Request&);
  std::string chat_force_unlock(const Request&);
  std::string generate_title(const Request&);
  // Fork, edit, new-with-context (session_fork.cpp)
  std::string fork_chat(const Request&);
  std::string chat_edit(const Request&);
  std::string chat_new_with_context(const Request&);
  // Context (session_context.cpp)
  std::string context_add(const Request&);
  std::string context_add_section(const Request&);
  std::string context_update(const Request&);
  std::string context_remove(const Request&);
  std::string context_remove_section(const Request&);
  std::string context_set_readonly(const Request&);
  std::string context_list(const Request&);
  std::string get_context_file(const Request&);
  std::string sync_context(const Request&);
  // Output files (session_output.cpp)
  std::string get_output_file(const Request&);
  std::string get_diff_paths(const Request&);
  std::string get_file_statuses(const Request&);
  std::string apply_file(const Request&);
  std::string apply_file_as(const Request&);
  std::string diff_local_done(const Request&);
  std::string output_delete(const Request&);
  // Streaming (session_send.cpp)
  std::string send(const Request&);

 public:
  // Helpers the action files share (session.cpp).
  void require_init() const;
  Active& active();                         // throws "No active chat" / "Not initialized"
  ChatStore store_for(bool global) const;   // throws when no project root (project store)
  std::filesystem::path global_dir() const { return env_.home / ".bb7"; }
  void select(const ChatStore& store, const std::string& id, bool global);
  void persist_active();
  const Bb7Config& config();
  Chat new_chat(const std::string& name, const std::string& model);
  ChatStore store_of(const std::string& id, bool global) const;
  std::string project_instructions_error() const;
  ContextPath context_path(const Active& a, const std::string& path) const;
  std::string lookup_path(const Active& a, const std::string& path) const;
  ContextFile take_into_context(const Active& a, Chat& chat, const std::string& path, const std::string& content,
                                const char* action, const std::string& original_path);
  std::filesystem::path chat_root(const Active& a) const { return a.store.chat_dir(a.id); }                // loads once (§6), throws §4 texts

  // The send pipeline (session_send.cpp, send_finish.cpp).
  std::string prepare_send(SendRun& run, const Request& req);
  void start_round(const std::shared_ptr<SendRun>& run, const std::string& body, bool forward);
  void release_stream(const std::shared_ptr<SendRun>& run);

  // Answers on a thread of its own (get_balance, get_models).
  void run_async(const std::optional<std::string>& request_id, std::function<std::string()> work);

  // Writes one line (thread-safe).
  void emit(const std::string& line) { env_.emit(line); }

  SessionEnv env_;
  std::mutex mu_;
  bool initialized_ = false;
  bool global_only_ = false;
  std::filesystem::path root_;  // empty in global-only mode
  std::optional<Active> active_;
  std::optional<Bb7Config> config_;

  // The stream slot (§1 "one stream at a time").
  std::mutex stream_mu_;
  std::shared_ptr<SendRun> stream_;
};

}  // namespace acdc::adapters::bb7

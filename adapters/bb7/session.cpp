// bb7/session.cpp -- the dispatcher and the state helpers every action uses.
#include "bb7/session.hpp"

#include "bb7/engine.hpp"
#include "bb7/files.hpp"
#include "bb7/instructions.hpp"
#include "bb7/send_run.hpp"

#include <acdc/sdk/error.hpp>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

const std::map<std::string, Session::Action, std::less<>>& Session::actions() {
  static const std::map<std::string, Action, std::less<>> table = {
      {"ping", {&Session::ping, false}},
      {"version", {&Session::version, false}},
      {"bb7_init", {&Session::bb7_init, false}},
      {"init", {&Session::init, false}},
      {"cancel", {&Session::cancel, false}},
      {"get_balance", {&Session::get_balance, false}},
      {"get_models", {&Session::get_models, false}},
      {"get_customization_info", {&Session::get_customization_info, false}},
      {"prepare_instructions", {&Session::prepare_instructions, true}},
      {"estimate_tokens", {&Session::estimate_tokens, false}},
      {"estimate_text_tokens", {&Session::estimate_text_tokens, false}},
      {"add_system_message", {&Session::add_system_message, true}},
      {"chat_new", {&Session::chat_new, true}},
      {"chat_list", {&Session::chat_list, false}},
      {"chat_select", {&Session::chat_select, true}},
      {"chat_get", {&Session::chat_get, false}},
      {"chat_active", {&Session::chat_active, false}},
      // §3.9: the reference does not refuse these four during a stream;
      // a client can tell, so neither do we (DECISIONS.md).
      {"chat_rename", {&Session::chat_rename, false}},
      {"chat_move", {&Session::chat_move, false}},
      {"sync_context", {&Session::sync_context, false}},
      {"generate_title", {&Session::generate_title, false}},
      {"chat_delete", {&Session::chat_delete, true}},
      {"search_chats", {&Session::search_chats, false}},
      {"save_draft", {&Session::save_draft, true}},
      {"save_chat_settings", {&Session::save_chat_settings, true}},
      {"chat_force_unlock", {&Session::chat_force_unlock, false}},
      {"fork_chat", {&Session::fork_chat, true}},
      {"chat_edit", {&Session::chat_edit, true}},
      {"chat_new_with_context", {&Session::chat_new_with_context, true}},
      {"context_add", {&Session::context_add, true}},
      {"context_add_section", {&Session::context_add_section, true}},
      {"context_update", {&Session::context_update, true}},
      {"context_remove", {&Session::context_remove, true}},
      {"context_remove_section", {&Session::context_remove_section, true}},
      {"context_set_readonly", {&Session::context_set_readonly, true}},
      {"context_list", {&Session::context_list, false}},
      {"get_context_file", {&Session::get_context_file, false}},
      {"get_output_file", {&Session::get_output_file, false}},
      {"get_diff_paths", {&Session::get_diff_paths, false}},
      {"get_file_statuses", {&Session::get_file_statuses, false}},
      {"apply_file", {&Session::apply_file, true}},
      {"apply_file_as", {&Session::apply_file_as, true}},
      {"diff_local_done", {&Session::diff_local_done, true}},
      {"output_delete", {&Session::output_delete, true}},
  };
  return table;
}

Session::Session(SessionEnv env) : env_(std::move(env)) {}

Session::~Session() { close(); }

bool Session::handle_line(std::string_view line) {
  Request req;
  if (!req.parse(line)) {
    emit(error_line("Invalid JSON", std::nullopt));
    return true;
  }
  if (req.action == "shutdown") {
    close();
    return false;
  }
  if (req.action == "send") {
    std::string reply;
    try {
      reply = send(req);
    } catch (const std::exception& e) {
      reply = error_line(e.what(), req.request_id);
    }
    if (!reply.empty()) emit(reply);
    return true;
  }
  auto it = actions().find(req.action);
  if (it == actions().end()) {
    emit(error_line("Unknown action: " + req.action, req.request_id));
    return true;
  }
  std::string reply;
  try {
    if (it->second.mutating && stream_active())
      throw Error(ACDC_E_FAILED_PRECONDITION, "Another request is already in progress");
    std::lock_guard lock(mu_);
    reply = (this->*(it->second.handler))(req);
  } catch (const std::exception& e) {
    reply = error_line(e.what(), req.request_id);
  }
  if (!reply.empty()) emit(reply);
  return true;
}

bool Session::stream_active() {
  std::lock_guard lock(stream_mu_);
  return stream_ != nullptr;
}

void Session::close() {
  std::shared_ptr<SendRun> run;
  {
    std::lock_guard lock(stream_mu_);
    run = stream_;
  }
  if (run && env_.engine) env_.engine->cancel(run->round_id());
  std::lock_guard lock(mu_);
  if (active_) active_->store.unlock(active_->id);
}

void Session::require_init() const {
  if (!initialized_) throw Error(ACDC_E_FAILED_PRECONDITION, "Not initialized");
}

Session::Active& Session::active() {
  require_init();
  if (!active_) throw Error(ACDC_E_FAILED_PRECONDITION, "No active chat");
  return *active_;
}

ChatStore Session::store_for(bool global) const {
  require_init();
  if (global || global_only_) return ChatStore(global_dir() / "chats", true);
  return ChatStore(root_ / ".bb7" / "chats");
}

void Session::select(const ChatStore& store, const std::string& id, bool global) {
  if (!store.exists(id)) throw Error(ACDC_E_NOT_FOUND, "Chat not found");
  store.lock(id);
  if (active_ && !(active_->id == id && active_->global == global)) active_->store.unlock(active_->id);
  active_ = Active{store, id, global || global_only_};
  persist_active();
}

void Session::persist_active() {
  // The active chat is remembered in the store init reads: the project's
  // index (with a flag for a global chat), or the global one in global-only mode.
  ChatStore home = global_only_ ? ChatStore(global_dir() / "chats", true) : ChatStore(root_ / ".bb7" / "chats");
  if (active_) home.set_active(ChatStore::Active{active_->id, active_->global && !global_only_});
  else home.set_active(std::nullopt);
}

std::string Session::project_instructions_error() const {
  if (root_.empty() || (active_ && active_->global)) return "";
  auto text = read_file(root_ / ".bb7" / "instructions");
  if (!text) return "";
  try {
    parse_project_instructions(root_, *text);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

const Bb7Config& Session::config() {
  if (!config_) config_ = load_bb7_config(env_.home);
  return *config_;
}

}  // namespace acdc::adapters::bb7

#include "history/chat_session.hpp"

#include <acdc/sdk/error.hpp>

#include <algorithm>

namespace acdc::llm {

bool ChatSession::restore_latest() {
  auto latest = store_.latest_session_id();
  if (!latest) return false;
  load(*latest);
  return true;
}

void ChatSession::add(const std::string& role, const std::string& content, const MessageExtras& extras) {
  add_to(session_id(), role, content, extras);
}

void ChatSession::add_to(const std::string& session_id, const std::string& role, const std::string& content,
                         const MessageExtras& extras) {
  HistoryMessage m = HistoryMessage::make(session_id, role, content);
  m.files = extras.files;
  m.turn_id = extras.turn_id;
  m.system_event = extras.system_event;
  m.for_model = extras.for_model;
  m.files_modified = extras.files_modified;
  m.image_refs = extras.image_refs;
  m.cut_off = extras.cut_off;
  m.error = extras.error;
  m.reasoning = extras.reasoning;
  m.edit_results = extras.edit_results;
  m.shell_commands = extras.shell_commands;
  m.steps_json = extras.steps_json;
  m.stopped_by = extras.stopped_by;
  store_.append(m);
  std::lock_guard lock(mu_);
  if (session_id_ != session_id) return;
  messages_.push_back(ChatMessage{.role = role, .content = content, .images = extras.images,
                                  .system_event = extras.system_event, .for_model = extras.for_model, .cut_off = extras.cut_off,
                                  .error = extras.error, .image_refs = extras.image_refs, .reasoning = extras.reasoning,
                                  .turn_id = extras.turn_id, .edit_results = extras.edit_results,
                                  .shell_commands = extras.shell_commands, .steps_json = extras.steps_json,
                                  .stopped_by = extras.stopped_by});
}

bool ChatSession::replace_history(const std::string& session_id, std::size_t message_count,
                                  const std::vector<ChatMessage>& kept, const std::string& event) {
  HistoryMessage m = HistoryMessage::make(session_id, "user", event);
  m.system_event = true;
  m.compacted_history.emplace();
  for (const auto& k : kept) m.compacted_history->push_back(KeptMessage{k.role, k.content, k.image_refs, k.reasoning});
  // Held across the append: a message added meanwhile would land before the
  // record on disk but be lost from memory.
  std::lock_guard lock(mu_);
  if (session_id_ != session_id || messages_.size() != message_count) return false;
  store_.append(m);
  messages_ = kept;
  messages_.push_back(ChatMessage{.role = "user", .content = event, .system_event = true});
  return true;
}

std::string ChatSession::new_session() {
  std::lock_guard lock(mu_);
  session_id_ = new_session_id();
  messages_.clear();
  totals_ = {};
  return session_id_;
}

std::vector<HistoryMessage> ChatSession::load(const std::string& session_id) {
  auto records = store_.session(session_id);
  if (records.empty())
    throw acdc::Error(ACDC_E_NOT_FOUND, "session '" + session_id + "' is empty or unknown: pick one from history_list_sessions");
  std::vector<ChatMessage> messages;
  // File reads (images) happen here, outside the lock.
  auto message = [this](const std::string& role, const std::string& content, const std::vector<std::string>& refs,
                        const std::string& reasoning) {
    return ChatMessage{.role = role, .content = content, .images = images_.load_all(refs), .image_refs = refs,
                       .reasoning = reasoning};
  };
  for (const auto& r : records) {
    if (r.compacted_history) {
      messages.clear();
      for (const auto& k : *r.compacted_history) messages.push_back(message(k.role, k.content, k.image_refs, k.reasoning));
    }
    ChatMessage m = message(r.role, r.content, r.image_refs, r.reasoning);
    m.system_event = r.system_event;
    m.for_model = r.for_model;
    m.cut_off = r.cut_off;
    m.error = r.error;
    m.turn_id = r.turn_id;
    m.edit_results = r.edit_results;
    m.shell_commands = r.shell_commands;
    m.steps_json = r.steps_json;
    m.stopped_by = r.stopped_by;
    messages.push_back(std::move(m));
  }
  std::lock_guard lock(mu_);
  session_id_ = session_id;
  messages_ = std::move(messages);
  totals_ = {};  // what earlier runs spent on it is not recorded
  return records;
}

void ChatSession::record_warmup(const Usage& usage) {
  std::lock_guard lock(mu_);
  totals_.add_warmup(usage);
}

SessionTotals ChatSession::record_usage(const Usage& usage) {
  std::lock_guard lock(mu_);
  totals_.add(usage);
  return totals_;
}

SessionTotals ChatSession::totals() const {
  std::lock_guard lock(mu_);
  return totals_;
}

std::string ChatSession::session_id() const {
  std::lock_guard lock(mu_);
  return session_id_;
}

std::vector<ChatMessage> ChatSession::messages() const {
  std::lock_guard lock(mu_);
  return messages_;
}

std::vector<ChatMessage> ChatSession::prompt_history() const {
  std::lock_guard lock(mu_);
  std::vector<ChatMessage> out;
  for (const auto& m : messages_)
    if (!m.system_event || m.for_model) out.push_back(m);
  return out;
}

size_t ChatSession::history_tokens(const PromptAssembler& assembler) const {
  std::lock_guard lock(mu_);
  size_t n = 0;
  for (const auto& m : messages_)
    if (!m.system_event || m.for_model) n += assembler.message_tokens(m);
  return n;
}

size_t ChatSession::message_count() const {
  std::lock_guard lock(mu_);
  return messages_.size();
}

std::vector<std::string> ChatSession::selected() const {
  std::lock_guard lock(mu_);
  return selected_;
}

void ChatSession::set_selected(std::vector<std::string> files) {
  std::lock_guard lock(mu_);
  selected_ = std::move(files);
}

bool ChatSession::add_selected(const std::vector<std::string>& files) {
  std::lock_guard lock(mu_);
  bool changed = false;
  for (const auto& f : files) {
    if (std::find(selected_.begin(), selected_.end(), f) != selected_.end()) continue;
    selected_.push_back(f);
    changed = true;
  }
  return changed;
}

void ChatSession::remove_selected(const std::vector<std::string>& files) {
  std::lock_guard lock(mu_);
  std::erase_if(selected_, [&](const std::string& f) { return std::find(files.begin(), files.end(), f) != files.end(); });
}

}  // namespace acdc::llm

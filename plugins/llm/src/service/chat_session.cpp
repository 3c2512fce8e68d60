#include "service/chat_session.hpp"

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
  HistoryMessage m = HistoryMessage::make(session_id(), role, content);
  m.files = extras.files;
  m.turn_id = extras.turn_id;
  m.system_event = extras.system_event;
  m.files_modified = extras.files_modified;
  m.image_refs = extras.image_refs;
  store_.append(m);
  std::lock_guard lock(mu_);
  messages_.push_back(ChatMessage{role, content, extras.images});
}

std::string ChatSession::new_session() {
  std::lock_guard lock(mu_);
  session_id_ = new_session_id();
  messages_.clear();
  tokens_used_ = 0;
  return session_id_;
}

std::vector<HistoryMessage> ChatSession::load(const std::string& session_id) {
  auto records = store_.session(session_id);
  if (records.empty())
    throw acdc::Error(ACDC_E_NOT_FOUND, "session '" + session_id + "' is empty or unknown: pick one from history_list_sessions");
  std::vector<ChatMessage> messages;
  for (const auto& r : records)
    messages.push_back(ChatMessage{r.role, r.content, images_.load_all(r.image_refs)});  // file reads: outside the lock
  std::lock_guard lock(mu_);
  session_id_ = session_id;
  messages_ = std::move(messages);
  tokens_used_ = 0;  // what earlier runs spent on it is not recorded
  return records;
}

long ChatSession::add_tokens_used(long tokens) {
  std::lock_guard lock(mu_);
  return tokens_used_ += tokens;
}

std::string ChatSession::session_id() const {
  std::lock_guard lock(mu_);
  return session_id_;
}

std::vector<ChatMessage> ChatSession::messages() const {
  std::lock_guard lock(mu_);
  return messages_;
}

size_t ChatSession::history_tokens(const PromptAssembler& assembler) const {
  std::lock_guard lock(mu_);
  return assembler.history_tokens(messages_);
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

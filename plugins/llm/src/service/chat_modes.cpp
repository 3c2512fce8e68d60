// service/chat_modes.cpp -- see chat_modes.hpp.
#include "service/chat_modes.hpp"

namespace acdc::llm {

ChatModes::Now ChatModes::now() const {
  std::lock_guard lock(mu_);
  return now_;
}

bool ChatModes::switch_to(ChatMode mode) {
  std::lock_guard lock(mu_);
  const bool changed = now_.mode != mode;
  now_ = {mode, false};
  return changed;
}

void ChatModes::set_cross_reference(bool enabled) {
  std::lock_guard lock(mu_);
  now_.cross_ref = enabled;
}

std::string ChatModes::changed_args() const {
  const Now n = now();
  return std::string(R"([{"mode":")") + mode_name(n.mode) + R"(","cross_ref_enabled":)" +
         (n.cross_ref ? "true" : "false") + "}]";
}

void ChatModes::purge_history() {
  code_.purge_history();
  doc_.purge_history();
}

void ChatModes::rebuild() {
  code_.rebuild();
  doc_.rebuild();
}

}  // namespace acdc::llm

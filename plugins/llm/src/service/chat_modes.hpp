// service/chat_modes.hpp -- the chat's mode (code or doc, acdc-features.md
// §4.12), whether cross-reference is on, and each mode's own tiers: the
// state of LLMService's modes, under a lock of its own.
//
//   ChatModes modes(count);
//   auto now = modes.now();                      // {code, false}
//   ContextEngine& tiers = modes.engine(now.mode);
//   if (modes.switch_to(ChatMode::doc)) ...      // changed; cross-reference is off again
//
// A caller that must not switch under a running turn checks that first and
// calls switch_to() under its own lock (LLMService's mu_, taken first).
#pragma once

#include "context/chat_mode.hpp"
#include "context/context_engine.hpp"

#include <mutex>
#include <string>

namespace acdc::llm {

class ChatModes {
 public:
  explicit ChatModes(const TokenCounter& count) : code_(count), doc_(count) {}

  struct Now {
    ChatMode mode = ChatMode::code;
    bool cross_ref = false;
  };
  Now now() const;
  // True when the mode changed. Cross-reference is off again either way.
  bool switch_to(ChatMode mode);
  void set_cross_reference(bool enabled);
  // [{"mode":...,"cross_ref_enabled":...}]: AcApp.modeChanged's arguments.
  std::string changed_args() const;

  ContextEngine& engine(ChatMode mode) { return mode == ChatMode::doc ? doc_ : code_; }
  // What a session change, a compaction or rebuild_cache does to both modes' tiers.
  void purge_history();
  void rebuild();

 private:
  mutable std::mutex mu_;
  Now now_;
  ContextEngine code_;
  ContextEngine doc_;
};

}  // namespace acdc::llm

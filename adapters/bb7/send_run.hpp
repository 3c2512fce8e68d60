// bb7/send_run.hpp -- the state of one `send` from the reserved stream slot
// to its terminal line (bb7.md §7). Shared by the session (cancel) and the
// engine callbacks.
#pragma once

#include "bb7/config.hpp"
#include "bb7/engine.hpp"
#include "bb7/session.hpp"
#include "bb7/tool_calls.hpp"

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace acdc::adapters::bb7 {

struct SendRun {
  std::optional<std::string> request_id;
  std::string engine_id;
  std::atomic<bool> cancel_requested{false};
  std::atomic<bool> cancel_repeated{false};
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();

  std::optional<Session::Active> active;
  Bb7Config config;
  std::string model, reasoning_effort;
  bool first_user_message = false;
  std::string first_user_text;

  // The repair retry (§7.7): the first round's outcome, kept for round two.
  std::atomic<int> round{0};
  // The engine's id of the round in flight: a cancel must reach the retry too.
  std::string round_id() const { return engine_id + (round ? "-retry" : ""); }
  EngineResult first;
  std::unique_ptr<Chat> chat;          // as it was sent (ToolCalls reads it)
  std::unique_ptr<ChatFiles> files;
  std::unique_ptr<ToolCalls> first_tools;
  std::string system;
};

}  // namespace acdc::adapters::bb7

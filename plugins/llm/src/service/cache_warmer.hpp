// service/cache_warmer.hpp -- keeps the provider's prompt cache warm while
// the user is idle (issue 30; the reference's ADVANCED §4.14). A cached
// prefix lives five minutes after its last read (Anthropic, Bedrock's
// Claude); a pause longer than that makes the next turn write the whole
// prompt again at 1.25x. After an answer the warmer waits `interval`, says
// `countdown` seconds ahead that it will fire, then sends the request the
// answer was given for with its last message replaced by a one-line ping
// (prompt/warmup_prompt.hpp) and max_tokens 1: every cached prefix is read
// (and so kept), almost nothing is written or generated. It repeats up to `max_warmups` times.
// A new message, a session change or the user's cancel stops it; a failed
// warm-up switches it off until the next answer.
//
//   AcApp.cacheWarmupCountdown({seconds, fires_at_ms, warmup, max_warmups})
//   AcApp.cacheWarmupFiring({warmup})
//   AcApp.cacheWarmupComplete({warmup, usage, cost_usd, session_warmup_cost_usd, next_in_seconds})
//   AcApp.cacheWarmupCancelled({reason})
//
//   CacheWarmer warmer(host, session);
//   warmer.arm(pc, sent_messages, sent_tools, prices, settings);   // after an answer
//   warmer.cancel("a new message");                     // before a turn
#pragma once

#include "context/model_prices.hpp"
#include "history/chat_session.hpp"
#include "provider/provider_config.hpp"

#include <acdc/sdk.hpp>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace acdc::llm {

// app.yaml cache_warmup: (PluginConfig::warmup).
struct WarmupSettings {
  bool enabled = false;
  std::chrono::seconds interval{240};  // after the answer, and between warm-ups
  std::chrono::seconds countdown{30};  // announced this long before firing
  int max_warmups = 3;
  // The chat session's warm-ups stop once they have cost this much (USD);
  // none: no limit but max_warmups. Unpriced warm-ups cost nothing here.
  std::optional<double> max_cost_usd;
};

class CacheWarmer {
 public:
  CacheWarmer(acdc::Host& host, ChatSession& session);
  ~CacheWarmer();

  // After an answer: `messages_json` is the request as it was sent, and
  // `tools_json` its tool list ("" in Ask mode): Anthropic's cached prefix
  // begins with the tools, so an Agent session's warm-up sends them too.
  void arm(const ProviderConfig& pc, const std::string& messages_json, const std::string& tools_json,
           std::optional<Prices> prices, const WarmupSettings& settings);
  // Stops a pending warm-up (announced as cancelled); nothing when idle.
  void cancel(const std::string& reason);
  // {enabled, state, seconds_remaining, warmups, max_warmups, session_warmup_cost_usd, last_disabled_reason}
  std::string status_json() const;

 private:
  enum class State { idle, waiting, countdown, firing };
  using Clock = std::chrono::steady_clock;

  void loop();
  void fire(std::unique_lock<std::mutex>& lock);
  // Why the session's warm-ups must stop at the cost limit, with
  // `next_cost` more spent; "" while within it.
  std::string over_budget(const WarmupSettings& settings, double next_cost = 0) const;
  void notify(const char* method, const std::string& payload) const;

  acdc::Host& host_;
  ChatSession& session_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  State state_ = State::idle;
  bool stopping_ = false;
  std::uint64_t generation_ = 0;  // bumped by arm and cancel: a firing warm-up of an older one is dropped
  Clock::time_point fire_at_{};
  std::chrono::system_clock::time_point fire_at_wall_{};
  ProviderConfig pc_;
  std::string messages_;
  std::string tools_;
  std::optional<Prices> prices_;
  WarmupSettings settings_;
  int warmups_ = 0;
  std::string last_disabled_reason_;
  CancelFlag cancel_{false};  // stops a warm-up in flight
  std::thread thread_;  // last: started once the rest exists
};

}  // namespace acdc::llm

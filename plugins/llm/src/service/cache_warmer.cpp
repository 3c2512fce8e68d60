#include "service/cache_warmer.hpp"

#include "prompt/warmup_prompt.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/util/json_writer.hpp>

#include <cstdio>

namespace acdc::llm {
namespace {

const char* state_name(int s) {
  static const char* names[] = {"idle", "waiting", "countdown", "firing"};
  return names[s];
}

}  // namespace

CacheWarmer::CacheWarmer(acdc::Host& host, ChatSession& session)
    : host_(host), session_(session), thread_([this] { loop(); }) {}

CacheWarmer::~CacheWarmer() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    cancel_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void CacheWarmer::arm(const ProviderConfig& pc, const std::string& messages_json, const std::string& tools_json,
                      std::optional<Prices> prices, const WarmupSettings& settings) {
  {
    std::lock_guard lock(mu_);
    ++generation_;
    cancel_ = true;  // a warm-up of the answer before stops
    if (!settings.enabled || settings.max_warmups <= 0) {
      state_ = State::idle;
      return;
    }
    if (const std::string spent = over_budget(settings); !spent.empty()) {
      state_ = State::idle;
      last_disabled_reason_ = spent;
      notify("AcApp.cacheWarmupCancelled", "{\"reason\":" + acdc::to_json_text(spent) + "}");
      return;
    }
    pc_ = pc;
    messages_ = messages_json;
    tools_ = tools_json;
    prices_ = prices;
    settings_ = settings;
    warmups_ = 0;
    fire_at_ = Clock::now() + settings.interval;
    fire_at_wall_ = std::chrono::system_clock::now() + settings.interval;
    state_ = State::waiting;
  }
  cv_.notify_all();
}

void CacheWarmer::cancel(const std::string& reason) {
  {
    std::lock_guard lock(mu_);
    if (state_ == State::idle) return;
    ++generation_;
    cancel_ = true;
    state_ = State::idle;
    notify("AcApp.cacheWarmupCancelled", "{\"reason\":" + acdc::to_json_text(reason) + "}");
  }
  cv_.notify_all();
}

void CacheWarmer::loop() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    if (state_ == State::idle || state_ == State::firing) {
      cv_.wait(lock);
      continue;
    }
    const Clock::time_point announce_at = fire_at_ - settings_.countdown;
    if (state_ == State::waiting) {
      if (Clock::now() < announce_at) {
        cv_.wait_until(lock, announce_at);
        continue;
      }
      state_ = State::countdown;
      const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(fire_at_wall_.time_since_epoch()).count();
      const auto left = std::chrono::duration_cast<std::chrono::seconds>(fire_at_ - Clock::now()).count();
      notify("AcApp.cacheWarmupCountdown", "{\"seconds\":" + std::to_string(std::max<long long>(left, 0)) +
                                               ",\"fires_at_ms\":" + std::to_string(ms) + ",\"warmup\":" +
                                               std::to_string(warmups_ + 1) + ",\"max_warmups\":" +
                                               std::to_string(settings_.max_warmups) + "}");
      continue;
    }
    if (Clock::now() < fire_at_) {
      cv_.wait_until(lock, fire_at_);
      continue;
    }
    fire(lock);
  }
}

// Called with the lock held; releases it while the provider answers.
void CacheWarmer::fire(std::unique_lock<std::mutex>& lock) {
  state_ = State::firing;
  cancel_ = false;
  const std::uint64_t generation = generation_;
  const int n = ++warmups_;
  const ProviderConfig pc = pc_;
  const std::string messages = messages_;
  const std::string tools = tools_;
  const std::optional<Prices> prices = prices_;
  notify("AcApp.cacheWarmupFiring", "{\"warmup\":" + std::to_string(n) + "}");
  lock.unlock();
  ChatResult r;
  std::string failure;
  try {
    // max_tokens 1: the fewest the providers accept.
    r = make_provider(pc)->complete(
        ChatRequest{.model = pc.model, .messages_json = warmup_messages(messages), .max_tokens = 1, .tools_json = tools},
        cancel_);
    if (r.error) failure = r.error->message;
  } catch (const std::exception& e) {
    failure = e.what();
  }
  price_usage(r.usage, prices);
  lock.lock();
  if (generation != generation_ || stopping_) return;  // cancelled or re-armed meanwhile
  if (!failure.empty()) {
    state_ = State::idle;
    last_disabled_reason_ = "the warm-up failed: " + failure;
    notify("AcApp.cacheWarmupCancelled", "{\"reason\":" + acdc::to_json_text(last_disabled_reason_) + "}");
    return;
  }
  session_.record_warmup(r.usage);
  // Another would pass the cost limit if it cost what this one did.
  const bool again = n < settings_.max_warmups && over_budget(settings_, r.usage.cost_usd.value_or(0)).empty();
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  util::write_member(w, "warmup", n);
  w.Key("usage");
  w.StartObject();
  util::write_member(w, "prompt_tokens", r.usage.prompt_tokens());
  util::write_member(w, "cache_read_tokens", r.usage.cache_read_tokens);
  util::write_member(w, "cache_write_tokens", r.usage.cache_write_tokens);
  util::write_member(w, "completion_tokens", r.usage.output_tokens);
  w.EndObject();
  util::write_member(w, "cost_usd", r.usage.cost_usd);
  util::write_member(w, "session_warmup_cost_usd", session_.totals().warmup_cost_usd);
  w.Key("next_in_seconds");
  if (again) w.Int64(settings_.interval.count());
  else w.Null();
  w.EndObject();
  notify("AcApp.cacheWarmupComplete", std::string(buf.GetString(), buf.GetSize()));
  if (!again) {
    state_ = State::idle;
    return;
  }
  fire_at_ = Clock::now() + settings_.interval;
  fire_at_wall_ = std::chrono::system_clock::now() + settings_.interval;
  state_ = State::waiting;
}

std::string CacheWarmer::over_budget(const WarmupSettings& settings, double next_cost) const {
  if (!settings.max_cost_usd) return "";
  const double spent = session_.totals().warmup_cost_usd.value_or(0);
  if (spent + next_cost <= *settings.max_cost_usd) return "";
  char text[160];
  std::snprintf(text, sizeof text, "this session's warm-ups have cost $%.4f, and cache_warmup.max_cost_usd is $%.4f",
                spent, *settings.max_cost_usd);
  return text;
}

std::string CacheWarmer::status_json() const {
  std::lock_guard lock(mu_);
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  w.Key("enabled");
  w.Bool(settings_.enabled);
  util::write_member(w, "state", std::string(state_name(static_cast<int>(state_))));
  w.Key("seconds_remaining");
  if (state_ == State::waiting || state_ == State::countdown)
    w.Int64(std::max<long long>(0, std::chrono::duration_cast<std::chrono::seconds>(fire_at_ - Clock::now()).count()));
  else
    w.Null();
  util::write_member(w, "warmups", warmups_);
  util::write_member(w, "max_warmups", settings_.max_warmups);
  util::write_member(w, "session_warmup_cost_usd", session_.totals().warmup_cost_usd);
  util::write_member(w, "last_disabled_reason", last_disabled_reason_);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

void CacheWarmer::notify(const char* method, const std::string& payload) const {
  host_.notify(ACDC_CLIENT_ALL, method, "[" + payload + "]");
}

}  // namespace acdc::llm

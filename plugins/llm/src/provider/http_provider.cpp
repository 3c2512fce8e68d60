// provider/http_provider.cpp -- see http_provider.hpp.
#include "provider/http_provider.hpp"

#include "provider/request_builder.hpp"
#include "provider/stream_decoder.hpp"

#include <chrono>
#include <thread>

namespace acdc::llm {
namespace {

// False when cancelled during the wait.
bool sleep_unless_cancelled(double seconds, const CancelFlag& cancel) {
  auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < until) {
    if (cancel.load()) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return !cancel.load();
}

}  // namespace

HttpProvider::HttpProvider(ProviderConfig config)
    : config_(std::move(config)), retry_(config_.num_retries) {}

ChatResult HttpProvider::stream(const ChatRequest& request, const StreamCallbacks& callbacks,
                                const CancelFlag& cancel) {
  return run(request, callbacks, cancel, true);
}

ChatResult HttpProvider::complete(const ChatRequest& request, const CancelFlag& cancel) {
  return run(request, StreamCallbacks{}, cancel, false);
}

ChatResult HttpProvider::run(const ChatRequest& request, const StreamCallbacks& callbacks,
                             const CancelFlag& cancel, bool stream) {
  HttpCall call = build_call(config_, request, stream);
  bool retried_empty = false;
  for (int n = 1;; ++n) {
    bool had_output = false;
    ChatResult result = attempt(call, callbacks, cancel, stream, had_output);
    if (result.cancelled) return result;
    // Bedrock answered 200 with nothing at all when a cached block was too
    // small to cache (§8.4 quirks): once more without the cache points.
    bool empty = result.text.empty() && result.reasoning.empty() && result.tool_calls.empty();
    if (!result.error && config_.kind == ProviderKind::bedrock && empty && !retried_empty) {
      retried_empty = true;
      call = build_call(config_, request, stream, /*cache_points=*/false);
      continue;
    }
    if (!result.error) return result;
    if (!retry_.should_retry(*result.error, n, had_output)) {
      if (n > 1) result.error->message += " (gave up after " + std::to_string(n) + " attempts)";
      return result;
    }
    double wait = retry_.delay_seconds(n, *result.error);
    if (callbacks.on_retry)
      callbacks.on_retry({.attempt = n, .max_attempts = retry_.max_attempts(),
                          .wait_seconds = wait, .error = *result.error});
    if (!sleep_unless_cancelled(wait, cancel)) {
      result.cancelled = true;
      result.error.reset();
      return result;
    }
  }
}

ChatResult HttpProvider::attempt(const HttpCall& call, const StreamCallbacks& callbacks,
                                 const CancelFlag& cancel, bool stream, bool& had_output) {
  ChatResult result;
  auto decoder = make_decoder(config_.kind, result, callbacks);
  std::string whole;
  HttpOutcome outcome = HttpTransfer(call).perform(
      [&](std::string_view bytes) {
        if (stream) decoder->feed(bytes);
        else whole.append(bytes);
      },
      [&] { return decoder->progress(); }, cancel);
  had_output = decoder->has_output();
  if (outcome.failure && outcome.failure->kind == ErrorKind::cancelled) {
    result.cancelled = true;
    return result;
  }
  if (outcome.status != 0 && (outcome.status < 200 || outcome.status >= 300)) {
    result.error = classify_http(outcome.status, outcome.headers, outcome.error_body,
                                 {.api_key_env = config_.api_key_env, .base_url = config_.base_url,
                                  .model = config_.model});
    return result;
  }
  if (outcome.failure) {
    if (!result.error) {
      result.error = outcome.failure;
      if (outcome.failure->kind != ErrorKind::timeout)
        result.error->message.insert(0, had_output ? "Stream failed mid-response: " : "LLM call failed: ");
    }
    return result;
  }
  if (stream) decoder->finish();
  else decoder->parse_complete(whole);
  return result;
}

std::unique_ptr<Provider> make_provider(const ProviderConfig& config) {
  return std::make_unique<HttpProvider>(config);
}

}  // namespace acdc::llm

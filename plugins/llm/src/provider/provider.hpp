// provider/provider.hpp -- one interface over every LLM provider the llm
// plugin speaks (OpenAI-compatible Chat Completions and Anthropic Messages,
// streaming and not), so the chat turn never knows which one it talks to.
//
//   auto provider = make_provider(config);                 // from llm.yaml
//   CancelFlag cancel;
//   StreamCallbacks cb{.on_text = [&](std::string_view d) { acc += d; }};
//   ChatResult r = provider->stream(request, cb, cancel);  // blocks; call off the I/O threads
//   if (r.error) show(r.error->message);                   // partial text stays in r.text
//
// Wire formats: shared/specs/reference/llm-wire.md. Messages are in the
// internal OpenAI-style shape of acdc-features.md §8.1 (role + string or
// content blocks with optional cache_control); each provider translates.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

// Set from any thread; a running stream stops within one read.
using CancelFlag = std::atomic<bool>;

struct ChatRequest {
  std::string model;
  // JSON array text of messages: {"role":"system"|"user"|"assistant",
  // "content": string | [{"type":"text","text":..,"cache_control"?:{..}},
  //                      {"type":"image_url","image_url":{"url":"data:..."}}]}
  std::string messages_json;
  int max_tokens = 4096;
  // "" for no reasoning, else the effort the user chose in the chat
  // (low | medium | high; minimal, xhigh and max pass through): Anthropic and
  // Bedrock think with a budget from it, OpenAI-compatible servers get
  // reasoning_effort, Ollama think:true. The first-chunk watchdog waits
  // reasoning_first_chunk_timeout_seconds then.
  std::string reasoning_effort;
  // JSON array text of OpenAI function schemas ({"type":"function",
  // "function":{name, description, parameters}}), "" for none. Messages may
  // then hold assistant "tool_calls" and "tool" results, in OpenAI's shape;
  // the Anthropic request translates both. An assistant message may carry
  // "thinking": {"text", "signature"}, sent back to Anthropic only.
  std::string tools_json;
  // JSON object text merged into an OpenAI-compatible request body ("" for
  // none): fields a caller's server wants that llm.yaml does not know
  // (bb7.md §7.1: reasoning, provider, prompt_cache_key).
  std::string extra_json;
};

// The Anthropic/Bedrock thinking budget for an effort, below max_tokens as
// the API requires; 0 when max_tokens leaves no room for the 1024 minimum.
int thinking_budget(const std::string& effort, int max_tokens);

// Provider-neutral usage (llm-wire.md §3, "Normalisation"): input excludes
// cache reads and writes for every provider.
struct Usage {
  long input_tokens = 0;
  long output_tokens = 0;
  long cache_read_tokens = 0;
  long cache_write_tokens = 0;
  long reasoning_tokens = 0;
  std::optional<double> cost_usd;  // reported (OpenRouter), else priced by acdc; none: price unknown
  std::optional<double> cache_saved_usd;  // what the cache saved at the model's prices

  // Every token of the prompt, whether read fresh, from the cache or into it.
  long prompt_tokens() const { return input_tokens + cache_read_tokens + cache_write_tokens; }
};

enum class ErrorKind {
  context_window_exceeded,
  rate_limit,
  authentication,
  insufficient_quota,
  not_found,
  bad_request,
  api_connection,
  service_unavailable,
  timeout,
  cancelled,
  llm_error,
};

struct ProviderError {
  ErrorKind kind = ErrorKind::llm_error;
  std::string message;      // says what happened and what the user can do
  int status_code = 0;      // HTTP status, 0 when none
  bool retryable = false;
  std::optional<double> retry_after_s;
  std::string provider_type;  // the provider's own error type ("overloaded_error", "tokens", ...)
  // An HTTP refusal's body as the provider sent it (its first 4 KiB): a
  // client with its own wording (bb7.md §7.1, "API request failed: <code> -
  // <raw body>") quotes it.
  std::string provider_body;
};

inline constexpr std::size_t kProviderBodyLimit = 4096;

// A retry is about to happen (sent to the client as AcApp.streamRetry).
struct RetryNotice {
  int attempt = 0;          // 1-based attempt that failed
  int max_attempts = 0;
  double wait_seconds = 0;
  ProviderError error;
};

struct StreamCallbacks {
  std::function<void(std::string_view delta)> on_text;       // text deltas, in order
  std::function<void(std::string_view delta)> on_reasoning;  // may be empty
  std::function<void(const RetryNotice&)> on_retry;          // may be empty
};

struct ChatResult {
  std::string text;               // everything received, also when it failed midway
  std::string reasoning;
  std::string finish_reason;      // "stop", "length", "tool_calls", ... ("" if none came)
  Usage usage;
  std::optional<ProviderError> error;
  bool cancelled = false;
  // Tool calls in stream order: arguments are the raw text the model produced.
  struct ToolCall {
    int index = 0;
    std::string id;
    std::string name;
    std::string arguments;
  };
  std::vector<ToolCall> tool_calls;
  std::string reasoning_signature;  // Anthropic signed thinking, to send back unchanged
  bool completed = false;           // the stream's terminator ([DONE], message_stop, done:true) came
};

class Provider {
 public:
  virtual ~Provider() = default;
  // Streams one completion. Blocks the calling thread until the stream ends,
  // fails, times out or `cancel` is set. Retries failures to *establish* the
  // stream (429, 5xx, overloaded) as configured; never retries once text
  // has flowed.
  virtual ChatResult stream(const ChatRequest& request, const StreamCallbacks& callbacks,
                            const CancelFlag& cancel) = 0;
  // One non-streaming completion (commit messages, summaries).
  virtual ChatResult complete(const ChatRequest& request, const CancelFlag& cancel) = 0;
};

struct ProviderConfig;  // provider/provider_config.hpp (llm.yaml keys)

// The provider llm.yaml names (provider: openai | anthropic | ollama | bedrock).
std::unique_ptr<Provider> make_provider(const ProviderConfig& config);

}  // namespace acdc::llm

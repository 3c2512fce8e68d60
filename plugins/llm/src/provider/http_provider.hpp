// provider/http_provider.hpp -- the Provider over libcurl for every wire
// dialect (OpenAI-compatible, Anthropic, Ollama native): builds the call,
// decodes the body as it arrives on the calling thread, and retries failures
// to establish the stream as RetryPolicy says, announcing each retry through
// StreamCallbacks::on_retry and honouring a cancel during the wait.
//
//   HttpProvider provider(ProviderConfig::from_json(llm));
//   ChatResult r = provider.stream(request, callbacks, cancel);
//
// A cancelled call returns cancelled = true, no error, and the partial text.
#pragma once

#include "provider/http_transfer.hpp"
#include "provider/provider.hpp"
#include "provider/provider_config.hpp"
#include "provider/retry_policy.hpp"

namespace acdc::llm {

class HttpProvider : public Provider {
 public:
  explicit HttpProvider(ProviderConfig config);

  ChatResult stream(const ChatRequest& request, const StreamCallbacks& callbacks,
                    const CancelFlag& cancel) override;
  ChatResult complete(const ChatRequest& request, const CancelFlag& cancel) override;

 private:
  ChatResult run(const ChatRequest& request, const StreamCallbacks& callbacks,
                 const CancelFlag& cancel, bool stream);
  ChatResult attempt(const HttpCall& call, const StreamCallbacks& callbacks,
                     const CancelFlag& cancel, bool stream, bool& had_output);

  ProviderConfig config_;
  RetryPolicy retry_;
};

}  // namespace acdc::llm

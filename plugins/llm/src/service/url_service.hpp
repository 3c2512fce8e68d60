// service/url_service.hpp -- URLs under the reference's names
// (acdc-features.md §4.1 "URLs"), answered by the url-fetch plugin through
// the host, with this plugin's summaries by the smaller model (§6
// "Summarizer"); and a turn's URL context and the Context tab's URL figures.
// Without the url-fetch plugin each call answers why, which the webapp
// shows on the URL chips.
//
//   UrlService urls(host, config, count);
//   urls.fetch(call, url, true, true, "");                 // on its own worker
//   std::vector<std::string> parts = urls.for_turn(id, message, excluded);   // blocks
//
// Its state is the url-fetch client and a worker for the calls that wait.
#pragma once

#include "clients/url_client.hpp"
#include "context/context_engine.hpp"
#include "service/plugin_config.hpp"

#include <acdc/sdk.hpp>
#include <acdc/sdk/worker_thread.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

class UrlService {
 public:
  UrlService(acdc::Host& host, const PluginConfig& config, const TokenCounter& count)
      : host_(host), config_(config), count_(count), urls_(host) {}

  void detect(acdc::Call call, std::string text);
  void fetch(acdc::Call call, std::string url, std::optional<bool> use_cache, std::optional<bool> summarize,
             std::optional<std::string> user_text);
  void detect_and_fetch(acdc::Call call, std::string text, std::optional<bool> use_cache,
                        std::optional<bool> summarize);
  void get_content(acdc::Call call, std::string url);
  void invalidate(acdc::Call call, std::string url);
  void remove(acdc::Call call, std::string url);
  void clear_cache(acdc::Call call);

  // §4.2 step 5, on the chat worker: the prompt's URL parts for this turn.
  std::vector<std::string> for_turn(const std::string& request_id, const std::string& message,
                                    const std::vector<std::string>& excluded);
  // breakdown.urls, url_details (and urls_unavailable) of the context
  // breakdown; returns the URL tokens. It waits on url-fetch.
  long write_breakdown(acdc::JsonWriter& w) const;

 private:
  UrlSummarizer summarizer() const;
  // forward(), saying what is missing when the url-fetch plugin is not loaded.
  void forward_url(acdc::Call call, std::string_view method, std::string args_json) const;

  acdc::Host& host_;
  const PluginConfig& config_;
  const TokenCounter& count_;
  UrlClient urls_;
  acdc::WorkerThread worker_{"llm"};  // last: queued fetches end first
};

}  // namespace acdc::llm

// clients/url_client.hpp -- the url-fetch plugin as the chat turn uses it,
// through the host by method name (UrlFetch.*; the llm plugin includes
// nothing of that plugin), with summaries by the smaller model
// (acdc-features.md §4.2 step 5, §6 "Summarizer").
//
// Optional like the symbol map: without the plugin (a trimmed build,
// --plugins), a turn goes without URL context and why_missing() says why.
//
//   UrlClient urls(host);
//   std::vector<std::string> parts = urls.for_turn(request_id, message, excluded, summarize);
//   in.url_parts = parts;                      // blocks on the chat worker
#pragma once

#include <acdc/sdk.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

// A fetched URL's text and the user's words -> {summary, summary_type}, or
// nullopt when no summary could be made (the content goes in unsummarised).
struct UrlSummary {
  std::string text;
  std::string type;
};
using UrlSummarizer = std::function<std::optional<UrlSummary>(const acdc::JsonValue& content, const std::string& user_text)>;

// At most this many URLs of one message are fetched (§4.2 step 5).
inline constexpr size_t kUrlsPerMessage = 3;

class UrlClient {
 public:
  explicit UrlClient(const acdc::Host& host) : host_(host) {}

  // §4.2 step 5: the message's first three URLs not yet fetched are fetched
  // (AcApp.compactionEvent url_fetch / url_ready around each), summarised,
  // and the §6 prompt parts of every fetched URL but `excluded` returned.
  std::vector<std::string> for_turn(const std::string& request_id, const std::string& message,
                                    const std::vector<std::string>& excluded, const UrlSummarizer& summarize) const;
  // UrlFetch.fetch, then a summary when asked and none is cached; the URLContent.
  acdc::Json fetch(const std::string& url, bool use_cache, const UrlSummarizer* summarize,
                   const std::string& user_text) const;
  // The session's URL parts as (url, text) without fetching anything, for
  // the context breakdown; `unavailable` says why there are none, if the
  // plugin is missing. Waits: a plugin thread only.
  std::vector<std::pair<std::string, std::string>> current(std::string& unavailable) const;
  // What a failed UrlFetch call's message means for the user.
  static std::string why_missing(const std::string& payload);

 private:
  acdc::Result call(std::string_view method, const std::string& args) const;

  const acdc::Host& host_;
};

// §6's automatic focus (BRIEF, USAGE, API, ARCHITECTURE, EVALUATION).
std::string summary_type_for(const std::string& url_type, bool has_symbol_map, const std::string& user_text);
// The non-streaming request for one summary: the §6 system prompt, the
// focus, the URL, the body (capped at 100000 chars), the symbol map.
std::string summary_request(const acdc::JsonValue& content, const std::string& type);

}  // namespace acdc::llm

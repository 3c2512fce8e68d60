// service/url_fetch_service.hpp -- the plugin's class, UrlFetch.*: URL
// detection, fetches with a disk cache, and the session's fetched URLs
// (acdc-features.md §6). The llm plugin calls these through the host and
// keeps the reference's LLMService names (detect_urls, fetch_url, ...);
// summaries are written by the llm plugin, which has the models, and stored
// here with set_summary.
//
//   UrlFetch.detect(text)                -> [{url, type, display_name}]
//   UrlFetch.fetch(url, use_cache?)      -> URLContent   (joins the session)
//   UrlFetch.get(url)                    -> URLContent, or {url, error:"URL not yet fetched"}
//   UrlFetch.set_summary(url, summary, summary_type) -> URLContent
//   UrlFetch.context(excluded?)          -> [{url, text}]   the §6 prompt parts, errors left out
//   UrlFetch.list()                      -> [{url, url_type, display_name, title, error, fetched_at, notice}]
//   UrlFetch.invalidate(url)             -> {url, removed}  disk and session
//   UrlFetch.remove(url)                 -> {url, removed}  session only; the disk copy stays
//   UrlFetch.clear_cache()               -> {removed}       disk and session
//   UrlFetch.new_session()               -> null            forgets the session's URLs
//
// A hot swap keeps the session's fetched URLs (save_state).
//
// Threads: fetch answers a URL already in the session at once; anything
// else (the disk, the network, a clone) runs on the plugin's own thread.
#pragma once

#include "cache/url_cache.hpp"
#include "fetch/page_fetcher.hpp"

#include <acdc/sdk.hpp>
#include <acdc/sdk/worker_thread.hpp>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace acdc::urls {

class UrlFetchService {
 public:
  explicit UrlFetchService(acdc::Context& ctx);

  void on_event(std::string_view topic, std::string_view json);
  // The session's fetched URLs, for the next generation after a hot swap.
  std::string save_state();

  acdc::RawJson detect(std::string text);
  void fetch(acdc::Call call, std::string url, std::optional<bool> use_cache);
  acdc::RawJson get(std::string url);
  acdc::RawJson set_summary(std::string url, std::string summary, std::optional<std::string> summary_type);
  acdc::RawJson context(std::optional<std::vector<std::string>> excluded);
  acdc::RawJson list();
  acdc::RawJson invalidate(std::string url);
  acdc::RawJson remove(std::string url);
  acdc::RawJson clear_cache();
  void new_session();

 private:
  struct Settings {
    FetcherConfig fetcher;
    std::filesystem::path cache_dir;
    std::chrono::seconds ttl{24 * 3600};
  };
  static Settings settings_from(const acdc::JsonValue& config);
  std::shared_ptr<const Settings> settings() const;
  // On worker_: the disk cache, else the network; the result joins the session.
  UrlContent fetch_now(const std::string& url, bool use_cache);
  // SymbolIndex.index_directory, when that plugin is loaded (§6 repo path).
  std::string symbol_map_of(const std::filesystem::path& dir) const;
  void remember(const UrlContent& c);
  // Takes `url` out of the session; true when it was there.
  bool forget(const std::string& url);

  acdc::Host& host_;
  mutable std::mutex mu_;
  std::shared_ptr<const Settings> settings_;    // guarded by mu_; replaced on a config reload
  std::map<std::string, UrlContent> session_;  // guarded by mu_; the fetched URLs, by URL
  std::vector<std::string> order_;              // guarded by mu_; session_'s URLs as fetched
  // Last: destroyed first, so a running fetch finishes while the members it uses exist.
  acdc::WorkerThread worker_{"url-fetch"};
};

}  // namespace acdc::urls

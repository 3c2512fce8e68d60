// fetch/page_fetcher.hpp -- one URL fetched from the network and made
// readable, by its §6 type: web pages through html_to_text, GitHub files
// raw (main retried as master), GitHub repositories cloned for their README
// and symbol map. No cache here (url_cache.hpp); errors come back in
// UrlContent::error, never as exceptions.
//
//   PageFetcher fetcher(FetcherConfig{.policy = {.host_port = 18080}});
//   UrlContent c = fetcher.fetch("https://docs.rs/regex");   // blocks: a plugin thread
#pragma once

#include "content/url_content.hpp"
#include "fetch/http_get.hpp"
#include "github/repo_clone.hpp"

#include <filesystem>
#include <functional>
#include <string>

namespace acdc::urls {

struct FetcherConfig {
  FetchLimits limits;
  AddressPolicy policy;
  CloneLimits clone;
  // Where GitHub's files and repositories are read from; tests point these
  // at a local server.
  std::string github_raw_base = "https://raw.githubusercontent.com";
  std::string github_clone_base = "https://github.com";
};

// The symbol map of a cloned repository's work tree, or "" (no symbol-index plugin).
using SymbolMapper = std::function<std::string(const std::filesystem::path&)>;

class PageFetcher {
 public:
  explicit PageFetcher(FetcherConfig config, SymbolMapper mapper = {})
      : config_(std::move(config)), mapper_(std::move(mapper)) {}

  UrlContent fetch(const std::string& url) const;

 private:
  void fetch_page(const std::string& url, UrlContent& out) const;
  void fetch_github_file(const std::string& url, UrlContent& out) const;
  void fetch_github_repo(const std::string& url, UrlContent& out) const;

  FetcherConfig config_;
  SymbolMapper mapper_;
};

// Reads an HTTP answer into `out`: decoded to UTF-8, HTML made text.
void read_response(const HttpResponse& r, UrlContent& out);

}  // namespace acdc::urls

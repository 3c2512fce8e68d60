// The url-fetch plugin: id "url-fetch", class UrlFetch. It needs no other
// plugin; with symbol-index loaded, a GitHub repository comes with its
// symbol map. The llm plugin reaches it through the host by name.
#include "service/url_fetch_service.hpp"

namespace {

using acdc::urls::UrlFetchService;

acdc::PluginSpec<UrlFetchService> describe() {
  return acdc::PluginSpec<UrlFetchService>("url-fetch", "1.0.0")
      .cls("UrlFetch")
      .method<&UrlFetchService::detect>("detect")
      .method<&UrlFetchService::fetch>("fetch", acdc::kLongRunning)
      .method<&UrlFetchService::get>("get")
      .method<&UrlFetchService::set_summary>("set_summary", acdc::kBlocking)
      .method<&UrlFetchService::context>("context")
      .method<&UrlFetchService::list>("list")
      .method<&UrlFetchService::invalidate>("invalidate", acdc::kBlocking)
      .method<&UrlFetchService::remove>("remove")
      .method<&UrlFetchService::clear_cache>("clear_cache", acdc::kBlocking)
      .method<&UrlFetchService::new_session>("new_session");
}

}  // namespace

ACDC_PLUGIN(url_fetch, describe)

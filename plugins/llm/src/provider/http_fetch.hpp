// provider/http_fetch.hpp -- one small blocking HTTP call over libcurl, for
// the side requests around a provider (AWS STS and the SSO portal, a probe
// of a local Ollama): no streaming, no cancel, a whole-call timeout.
// Completions go through HttpTransfer (http_transfer.hpp) instead.
//
//   HttpFetch a = http_fetch({.url = url, .headers = {"Accept: application/json"}, .timeout_s = 1});
//   if (a.error.empty() && a.status == 200) use(a.body);
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

struct HttpFetchRequest {
  std::string url;
  std::vector<std::string> headers;  // "Name: value"
  std::optional<std::string> post_body;  // none: GET
  double timeout_s = 30;
  double connect_timeout_s = 10;
};

struct HttpFetch {
  long status = 0;     // 0: no answer
  std::string body;
  std::string error;   // transport failure, "" when an answer came
};

HttpFetch http_fetch(const HttpFetchRequest& request);

}  // namespace acdc::llm

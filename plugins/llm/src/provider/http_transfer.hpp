// provider/http_transfer.hpp -- one HTTP POST over libcurl, run on the
// calling thread with the multi interface so that it can stop within ~20 ms
// when the CancelFlag is set or a watchdog fires: the first-chunk timeout
// until the first data event, then the between-chunk timeout (progress is
// counted by the caller, so keep-alive comments never count).
//
//   HttpTransfer t({.url = url, .headers = h, .body = json, .connect_timeout_s = 10});
//   HttpOutcome out = t.perform([&](std::string_view b) { decoder.feed(b); },
//                               [&] { return decoder.progress(); }, cancel);
#pragma once

#include "provider/error_classifier.hpp"
#include "provider/provider.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

struct HttpCall {
  std::string url;
  std::vector<std::string> headers;  // "Name: value"
  std::string body;
  double connect_timeout_s = 10;
  double first_chunk_timeout_s = 60;  // until progress() first moves
  double chunk_timeout_s = 120;       // between progress steps
  double total_timeout_s = 0;         // 0: none (streams); whole call otherwise
};

struct HttpOutcome {
  int status = 0;           // 0: no response
  HeaderMap headers;        // lower-case names
  std::string error_body;   // the body of a non-2xx response
  std::optional<ProviderError> failure;  // transport failure, timeout or cancel
};

class HttpTransfer {
 public:
  explicit HttpTransfer(HttpCall call) : call_(std::move(call)) {}

  // Body bytes of a 2xx response go to `on_body` as they arrive.
  HttpOutcome perform(const std::function<void(std::string_view)>& on_body,
                      const std::function<long()>& progress, const CancelFlag& cancel);

 private:
  HttpCall call_;
};

}  // namespace acdc::llm

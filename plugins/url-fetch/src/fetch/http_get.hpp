// fetch/http_get.hpp -- one HTTP(S) GET with libcurl, bounded in every way
// a server could abuse (issue 17 "Bad input"): an overall deadline (a server
// that trickles bytes), a body cap (the rest is not read; `truncated` says
// so), a redirect limit, text content types only, and no connection to
// acdc's own address (nor, with loopback_only, to anything but loopback).
// The address check runs on every connection curl opens, redirects included,
// after DNS: a name that resolves to the host is refused too.
//
//   HttpResponse r = http_get("https://example.org/", FetchLimits{}, AddressPolicy{.host_port = 18080});
//   if (!r.error.empty()) report(r.error);   // says what happened and what to try
//
// Blocks up to limits.timeout; call it on a plugin thread.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace acdc::urls {

struct FetchLimits {
  std::size_t max_bytes = 8u << 20;
  std::chrono::milliseconds timeout{30000};  // §6: 30 s
  long max_redirects = 5;
};

struct AddressPolicy {
  unsigned short host_port = 0;  // acdc's own port: refused on loopback and on the bind address
  std::string bind_address;      // the host's bind address, when not loopback
  bool loopback_only = false;    // tests: never leave the machine
};

struct HttpResponse {
  long status = 0;
  std::string body;
  std::string content_type;
  std::string final_url;
  bool truncated = false;  // the body passed max_bytes; what fits is kept
  std::string error;       // empty on success (2xx)
};

HttpResponse http_get(const std::string& url, const FetchLimits& limits, const AddressPolicy& policy);
// Why `url` is never fetched (not http/https, acdc's own address), or "".
std::string refusal(const std::string& url, const AddressPolicy& policy);

}  // namespace acdc::urls

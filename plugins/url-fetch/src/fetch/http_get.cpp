#include "fetch/http_get.hpp"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstring>
#include <memory>

namespace acdc::urls {
namespace {

// A browser's User-Agent (§6): some sites refuse or degrade unknown clients.
constexpr const char* kUserAgent =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 acdc";

struct Transfer {
  const FetchLimits* limits;
  const AddressPolicy* policy;
  HttpResponse* out;
  std::string content_type;  // of the response being received
  std::string refused;       // why a connection was not opened
  std::string binary;        // the binary content type that stopped the read
};

bool is_text_type(std::string type) {
  std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return std::tolower(c); });
  type = type.substr(0, type.find(';'));
  if (type.empty() || type.starts_with("text/")) return true;
  for (const char* t : {"application/xhtml+xml", "application/xml", "application/json", "application/javascript",
                        "application/x-javascript", "application/ecmascript", "application/x-sh",
                        "application/toml", "application/yaml", "application/x-yaml"})
    if (type == t) return true;
  return type.ends_with("+xml") || type.ends_with("+json");
}

size_t on_header(char* data, size_t size, size_t n, void* user) {
  auto* t = static_cast<Transfer*>(user);
  std::string_view line(data, size * n);
  if (line.starts_with("HTTP/")) t->content_type.clear();
  if (line.size() > 13 && strncasecmp(line.data(), "content-type:", 13) == 0) {
    std::string_view v = line.substr(13);
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
    while (!v.empty() && (v.back() == '\r' || v.back() == '\n' || v.back() == ' ')) v.remove_suffix(1);
    t->content_type.assign(v);
  }
  return size * n;
}

size_t on_body(char* data, size_t size, size_t n, void* user) {
  auto* t = static_cast<Transfer*>(user);
  const size_t bytes = size * n;
  if (t->out->body.empty() && !is_text_type(t->content_type)) {
    t->binary = t->content_type;
    return 0;
  }
  // No type said: binary if its first bytes hold a NUL, as a browser sniffs.
  if (t->out->body.empty() && t->content_type.empty() && std::memchr(data, 0, std::min<size_t>(bytes, 1024))) {
    t->binary = "unlabelled binary data";
    return 0;
  }
  const size_t room = t->limits->max_bytes - t->out->body.size();
  t->out->body.append(data, std::min(room, bytes));
  if (bytes > room) {
    t->out->truncated = true;
    return 0;  // stop reading: the rest is never downloaded
  }
  return bytes;
}

bool is_loopback_or_any(const sockaddr* sa) {
  if (sa->sa_family == AF_INET) {
    uint32_t a = ntohl(reinterpret_cast<const sockaddr_in*>(sa)->sin_addr.s_addr);
    return (a >> 24) == 127 || a == 0;
  }
  if (sa->sa_family == AF_INET6) {
    const in6_addr& a = reinterpret_cast<const sockaddr_in6*>(sa)->sin6_addr;
    if (IN6_IS_ADDR_LOOPBACK(&a) || IN6_IS_ADDR_UNSPECIFIED(&a)) return true;
    if (IN6_IS_ADDR_V4MAPPED(&a)) return a.s6_addr[12] == 127;
  }
  return false;
}

std::string address_text(const sockaddr* sa, unsigned short* port) {
  char buf[INET6_ADDRSTRLEN] = "?";
  if (sa->sa_family == AF_INET) {
    auto* in = reinterpret_cast<const sockaddr_in*>(sa);
    inet_ntop(AF_INET, &in->sin_addr, buf, sizeof buf);
    *port = ntohs(in->sin_port);
  } else if (sa->sa_family == AF_INET6) {
    auto* in = reinterpret_cast<const sockaddr_in6*>(sa);
    inet_ntop(AF_INET6, &in->sin6_addr, buf, sizeof buf);
    *port = ntohs(in->sin6_port);
  }
  return buf;
}

curl_socket_t on_open_socket(void* user, curlsocktype, curl_sockaddr* addr) {
  auto* t = static_cast<Transfer*>(user);
  const auto* sa = reinterpret_cast<const sockaddr*>(&addr->addr);
  unsigned short port = 0;
  std::string ip = address_text(sa, &port);
  const bool local = is_loopback_or_any(sa) || (!t->policy->bind_address.empty() && ip == t->policy->bind_address);
  if (t->policy->host_port && port == t->policy->host_port && local)
    t->refused = "refused: " + ip + ":" + std::to_string(port) + " is acdc's own address, which is never fetched";
  else if (t->policy->loopback_only && !is_loopback_or_any(sa))
    t->refused = "refused: " + ip + " is not a loopback address, and this acdc fetches only from loopback (loopback_only)";
  if (!t->refused.empty()) return CURL_SOCKET_BAD;
  return socket(addr->family, addr->socktype, addr->protocol);
}

std::string curl_failure(CURLcode code, const char* detail, const Transfer& t, const std::string& url) {
  const std::string why = detail[0] ? detail : curl_easy_strerror(code);
  const long secs = static_cast<long>(t.limits->timeout.count() / 1000);
  switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
      return "could not resolve the host of " + url + " (" + why + "): check the address and your network";
    case CURLE_COULDNT_CONNECT:
      return !t.refused.empty() ? t.refused : "could not connect (" + why + "): is the server up?";
    case CURLE_OPERATION_TIMEDOUT:
      return "no complete answer within " + std::to_string(secs) + " s (" + std::to_string(t.out->body.size()) +
             " bytes received): the server is too slow or stalled; try again later";
    case CURLE_TOO_MANY_REDIRECTS:
      return "more than " + std::to_string(t.limits->max_redirects) + " redirects (a redirect loop?): " + why;
    case CURLE_UNSUPPORTED_PROTOCOL:
      return "refused: only http and https URLs are fetched (" + why + ")";
    case CURLE_PEER_FAILED_VERIFICATION: case CURLE_SSL_CONNECT_ERROR: case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER: case CURLE_SSL_CACERT_BADFILE: case CURLE_SSL_ISSUER_ERROR:
      return "TLS failed (" + why + "): the site's certificate could not be trusted";
    default:
      return "the fetch failed: " + why;
  }
}

}  // namespace

std::string refusal(const std::string& url, const AddressPolicy& policy) {
  std::unique_ptr<CURLU, void (*)(CURLU*)> u(curl_url(), curl_url_cleanup);
  if (curl_url_set(u.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK)
    return "refused: '" + url + "' is not a URL";
  char* scheme = nullptr;
  curl_url_get(u.get(), CURLUPART_SCHEME, &scheme, 0);
  std::string s = scheme ? scheme : "";
  curl_free(scheme);
  if (s != "http" && s != "https") return "refused: only http and https URLs are fetched, not " + s + ":";
  char* host = nullptr;
  char* port = nullptr;
  curl_url_get(u.get(), CURLUPART_HOST, &host, 0);
  curl_url_get(u.get(), CURLUPART_PORT, &port, CURLU_DEFAULT_PORT);
  std::string h = host ? host : "";
  const bool own_port = port && policy.host_port && std::to_string(policy.host_port) == port;
  curl_free(host);
  curl_free(port);
  if (own_port && (h == "localhost" || h.starts_with("127.") || h == "[::1]" || h == "0.0.0.0" || h == policy.bind_address))
    return "refused: " + url + " is acdc's own address, which is never fetched";
  return {};
}

HttpResponse http_get(const std::string& url, const FetchLimits& limits, const AddressPolicy& policy) {
  HttpResponse r;
  if (r.error = refusal(url, policy); !r.error.empty()) return r;
  std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) return HttpResponse{.error = "libcurl could not start a transfer (out of memory?)"};
  Transfer t{&limits, &policy, &r, {}, {}, {}};
  char detail[CURL_ERROR_SIZE] = "";
  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_URL, url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(c, CURLOPT_MAXREDIRS, limits.max_redirects);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(limits.timeout.count()));
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, std::min(10000L, static_cast<long>(limits.timeout.count())));
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_USERAGENT, kUserAgent);
  curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, detail);
  curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, &on_header);
  curl_easy_setopt(c, CURLOPT_HEADERDATA, &t);
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, &on_body);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &t);
  curl_easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, &on_open_socket);
  curl_easy_setopt(c, CURLOPT_OPENSOCKETDATA, &t);
  CURLcode code = curl_easy_perform(c);
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &r.status);
  char* final_url = nullptr;
  if (curl_easy_getinfo(c, CURLINFO_EFFECTIVE_URL, &final_url) == CURLE_OK && final_url) r.final_url = final_url;
  r.content_type = t.content_type;
  if (!t.binary.empty())
    r.error = "not a text page (" + t.binary + "): binary content is not read into the chat";
  else if (code == CURLE_WRITE_ERROR && r.truncated)
    code = CURLE_OK;
  else if (code != CURLE_OK)
    r.error = curl_failure(code, detail, t, url);
  if (r.error.empty() && r.status >= 400)
    r.error = "HTTP " + std::to_string(r.status) + " from " + (r.final_url.empty() ? url : r.final_url) +
              (r.status >= 500 ? ": the server failed; try again later" : ": check the address");
  return r;
}

}  // namespace acdc::urls

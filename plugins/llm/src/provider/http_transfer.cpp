// provider/http_transfer.cpp -- see http_transfer.hpp.
#include "provider/http_transfer.hpp"

#include <curl/curl.h>

#include <cctype>
#include <chrono>
#include <memory>
#include <sstream>

namespace acdc::llm {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kMaxErrorBody = 64 * 1024;
constexpr int kPollMs = 20;

struct Sink {
  CURL* easy;
  HttpOutcome* out;
  const std::function<void(std::string_view)>* on_body;
};

std::size_t on_header(char* data, std::size_t size, std::size_t count, void* user) {
  auto* sink = static_cast<Sink*>(user);
  std::string_view line(data, size * count);
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  if (line.starts_with("HTTP/")) {
    sink->out->headers.clear();  // a new response (after 100 Continue or a redirect)
  } else if (auto colon = line.find(':'); colon != std::string_view::npos) {
    std::string name(line.substr(0, colon));
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    sink->out->headers[name] = value;
  }
  return size * count;
}

std::size_t on_data(char* data, std::size_t size, std::size_t count, void* user) {
  auto* sink = static_cast<Sink*>(user);
  long code = 0;
  curl_easy_getinfo(sink->easy, CURLINFO_RESPONSE_CODE, &code);
  std::string_view bytes(data, size * count);
  if (code >= 200 && code < 300) (*sink->on_body)(bytes);
  else if (sink->out->error_body.size() < kMaxErrorBody) sink->out->error_body.append(bytes);
  return size * count;
}

// `midstream`: the provider had answered and streamed some of the body, so
// it was reachable; the connection broke while the answer came.
ProviderError transport_failure(CURLcode code, const char* detail, bool midstream) {
  ProviderError e;
  e.kind = code == CURLE_OPERATION_TIMEDOUT ? ErrorKind::timeout : ErrorKind::api_connection;
  e.retryable = true;
  e.provider_type = curl_easy_strerror(code);
  const std::string why = *detail ? detail : curl_easy_strerror(code);
  e.message = midstream ? "the connection to the provider broke while the answer was streaming: " + why +
                              ". Ask again to get the whole answer."
                        : "cannot reach the provider: " + why + ". Check base_url in llm.yaml and the network.";
  return e;
}

ProviderError watchdog_failure(bool first, double seconds) {
  ProviderError e;
  e.kind = ErrorKind::timeout;
  e.retryable = true;
  e.provider_type = "WatchdogTimeout";
  std::ostringstream formatted;
  formatted << seconds;
  std::string s = formatted.str();
  e.message = first ? "Stream timeout — no data from the provider within " + s +
                          " s (first_chunk_timeout_seconds in llm.yaml)"
                    : "Stream timeout — no chunk for " + s +
                          " s mid-stream (chunk_timeout_seconds in llm.yaml)";
  return e;
}

struct CurlHandles {
  CURL* easy = curl_easy_init();
  CURLM* multi = curl_multi_init();
  curl_slist* headers = nullptr;
  ~CurlHandles() {
    curl_multi_remove_handle(multi, easy);
    curl_multi_cleanup(multi);
    curl_easy_cleanup(easy);
    curl_slist_free_all(headers);
  }
};

}  // namespace

namespace {

void configure(CurlHandles& h, const HttpCall& call, Sink& sink, char* error_text) {
  for (const auto& header : call.headers) h.headers = curl_slist_append(h.headers, header.c_str());
  curl_easy_setopt(h.easy, CURLOPT_URL, call.url.c_str());
  curl_easy_setopt(h.easy, CURLOPT_POSTFIELDS, call.body.data());
  curl_easy_setopt(h.easy, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(call.body.size()));
  curl_easy_setopt(h.easy, CURLOPT_HTTPHEADER, h.headers);
  curl_easy_setopt(h.easy, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(h.easy, CURLOPT_HEADERDATA, &sink);
  curl_easy_setopt(h.easy, CURLOPT_WRITEFUNCTION, on_data);
  curl_easy_setopt(h.easy, CURLOPT_WRITEDATA, &sink);
  curl_easy_setopt(h.easy, CURLOPT_ERRORBUFFER, error_text);
  curl_easy_setopt(h.easy, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(h.easy, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(call.connect_timeout_s * 1000));
  if (call.total_timeout_s > 0)
    curl_easy_setopt(h.easy, CURLOPT_TIMEOUT_MS, static_cast<long>(call.total_timeout_s * 1000));
  curl_multi_add_handle(h.multi, h.easy);
}

// Drives the transfer until it ends; a cancel or a watchdog stops it early
// with the failure returned.
std::optional<ProviderError> drive(CurlHandles& h, const HttpCall& call,
                                   const std::function<long()>& progress, const CancelFlag& cancel) {
  long last_progress = progress();
  auto last_time = Clock::now();
  bool first_seen = false;
  for (int running = 1;;) {
    curl_multi_perform(h.multi, &running);
    if (!running) return std::nullopt;
    if (cancel.load()) return ProviderError{.kind = ErrorKind::cancelled, .message = "cancelled"};
    if (long p = progress(); p != last_progress) {
      last_progress = p;
      last_time = Clock::now();
      first_seen = true;
    }
    double limit = first_seen ? call.chunk_timeout_s : call.first_chunk_timeout_s;
    std::chrono::duration<double> idle = Clock::now() - last_time;
    if (limit > 0 && idle.count() > limit) return watchdog_failure(!first_seen, limit);
    curl_multi_poll(h.multi, nullptr, 0, kPollMs, nullptr);
  }
}

}  // namespace

HttpOutcome HttpTransfer::perform(const std::function<void(std::string_view)>& on_body,
                                  const std::function<long()>& progress, const CancelFlag& cancel) {
  static const bool curl_ready = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
  (void)curl_ready;
  HttpOutcome out;
  CurlHandles h;
  Sink sink{h.easy, &out, &on_body};
  char error_text[CURL_ERROR_SIZE] = "";
  configure(h, call_, sink, error_text);
  out.failure = drive(h, call_, progress, cancel);
  long code = 0;
  curl_easy_getinfo(h.easy, CURLINFO_RESPONSE_CODE, &code);
  out.status = static_cast<int>(code);
  if (out.failure) return out;
  int left = 0;
  while (CURLMsg* msg = curl_multi_info_read(h.multi, &left))
    if (msg->msg == CURLMSG_DONE && msg->data.result != CURLE_OK)
      out.failure = transport_failure(msg->data.result, error_text, code >= 200 && code < 300 && progress() > 0);
  return out;
}

}  // namespace acdc::llm

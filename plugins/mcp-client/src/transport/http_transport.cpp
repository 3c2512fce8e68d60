// transport/http_transport.cpp -- see http_transport.hpp.
#include "transport/http_transport.hpp"
#include "transport/sse_reader.hpp"

#include <acdc/sdk/json.hpp>
#include <curl/curl.h>

#include <algorithm>
#include <cctype>

namespace acdc::mcp_client {
namespace {

constexpr int kTransportError = -32000;

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

}  // namespace

// What one transfer gathers as it runs.
struct HttpExchange {
  const std::atomic<bool>* closing;
  std::size_t max_bytes;
  std::string content_type, body;
  bool too_big = false;
  std::unique_ptr<SseReader> sse;
  std::function<void(std::string_view)> on_message;
  // The session id the server hands out, taken as its header arrives:
  // before the answer to initialize is delivered, so no later request can
  // go without it.
  std::function<void(std::string)> on_session_id;
};

namespace {

size_t on_header(char* data, size_t size, size_t count, void* user) {
  auto* x = static_cast<HttpExchange*>(user);
  std::string_view line(data, size * count);
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) return size * count;
  const std::string name = lower(line.substr(0, colon));
  std::string_view value = line.substr(colon + 1);
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
  while (!value.empty() && (value.back() == '\r' || value.back() == '\n' || value.back() == ' ')) value.remove_suffix(1);
  if (name == "content-type") x->content_type = lower(value);
  if (name == "mcp-session-id" && x->on_session_id) x->on_session_id(std::string(value));
  return size * count;
}

size_t on_body(char* data, size_t size, size_t count, void* user) {
  auto* x = static_cast<HttpExchange*>(user);
  std::string_view bytes(data, size * count);
  if (x->content_type.rfind("text/event-stream", 0) == 0) {
    if (!x->sse)
      x->sse = std::make_unique<SseReader>([x](std::string_view event) { x->on_message(event); }, x->max_bytes);
    x->sse->feed(bytes);
    if (!x->sse->ok()) x->too_big = true;
  } else if (x->body.size() + bytes.size() > x->max_bytes) {
    x->too_big = true;
  } else {
    x->body.append(bytes);
  }
  return x->too_big ? 0 : size * count;  // 0 ends the transfer
}

int on_progress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return static_cast<HttpExchange*>(user)->closing->load() ? 1 : 0;
}

// The id of a response message, as JSON text, or "".
std::string response_id(std::string_view message) {
  acdc::Json doc;
  doc.Parse(message.data(), message.size());
  if (doc.HasParseError() || !doc.IsObject() || doc.HasMember("method") || !doc.HasMember("id")) return {};
  return acdc::to_json_text(doc["id"]);
}

std::string request_id(std::string_view message) {
  acdc::Json doc;
  doc.Parse(message.data(), message.size());
  if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("method") || !doc.HasMember("id")) return {};
  return acdc::to_json_text(doc["id"]);
}

}  // namespace

HttpTransport::HttpTransport(const ServerConfig& server, TransportEvents events, std::size_t max_message_bytes,
                             std::chrono::seconds request_timeout)
    : server_(server), events_(std::move(events)), max_message_bytes_(max_message_bytes),
      request_timeout_(request_timeout) {}

std::shared_ptr<HttpTransport> HttpTransport::open(const ServerConfig& server, TransportEvents events,
                                                   std::size_t max_message_bytes, std::chrono::seconds request_timeout) {
  return std::shared_ptr<HttpTransport>(new HttpTransport(server, std::move(events), max_message_bytes, request_timeout));
}

HttpTransport::~HttpTransport() { close(); }

void HttpTransport::set_protocol_version(std::string version) {
  std::lock_guard lock(mu_);
  version_ = std::move(version);
}

void HttpTransport::send(std::string message) {
  if (closing_.load()) return;
  std::lock_guard lock(mu_);
  // Finished POSTs are joined as new ones start, so a long session keeps no dead threads.
  for (auto it = posts_.begin(); it != posts_.end();)
    if (it->done->load()) {
      it->thread.join();
      it = posts_.erase(it);
    } else {
      ++it;
    }
  auto done = std::make_shared<std::atomic<bool>>(false);
  posts_.push_back(Post{std::thread([self = shared_from_this(), done, message = std::move(message)] {
                          self->post(message);
                          done->store(true);
                        }),
                        done});
}

std::vector<std::string> HttpTransport::headers(std::string_view message) const {
  std::vector<std::string> out{"Content-Type: application/json", "Accept: application/json, text/event-stream"};
  {
    std::lock_guard lock(mu_);
    if (!version_.empty()) out.push_back("MCP-Protocol-Version: " + version_);
    if (!session_id_.empty()) out.push_back("Mcp-Session-Id: " + session_id_);
  }
  // The stateless revision routes on these; they must match the body.
  acdc::Json doc;
  doc.Parse(message.data(), message.size());
  if (doc.IsObject() && doc.HasMember("method") && doc["method"].IsString()) {
    out.push_back(std::string("Mcp-Method: ") + doc["method"].GetString());
    auto params = doc.FindMember("params");
    if (params != doc.MemberEnd() && params->value.IsObject()) {
      auto name = params->value.FindMember("name");
      if (name != params->value.MemberEnd() && name->value.IsString())
        out.push_back(std::string("Mcp-Name: ") + name->value.GetString());
    }
  }
  for (const auto& [name, value] : server_.headers) out.push_back(name + ": " + value);
  return out;
}

// One transfer: a POST of `body`, or (no body) a GET that resumes an event
// stream. Fills `x` as the answer arrives.
HttpTransport::Transfer HttpTransport::perform(HttpExchange& x, const std::string* body,
                                               const std::vector<std::string>& header_lines) const {
  Transfer t;
  CURL* curl = curl_easy_init();
  if (!curl) {
    t.error = "libcurl could not start a request";
    return t;
  }
  curl_slist* list = nullptr;
  for (const auto& h : header_lines) list = curl_slist_append(list, h.c_str());
  char error[CURL_ERROR_SIZE] = "";
  curl_easy_setopt(curl, CURLOPT_URL, server_.url.c_str());
  if (body) {
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body->data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body->size()));
  }
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &x);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &x);
  curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
  curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &x);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, static_cast<long>(request_timeout_.count()) + 10L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  t.code = curl_easy_perform(curl);
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &t.status);
  if (t.code != CURLE_OK) t.error = *error ? error : curl_easy_strerror(static_cast<CURLcode>(t.code));
  curl_slist_free_all(list);
  curl_easy_cleanup(curl);
  return t;
}

void HttpTransport::post(const std::string& message) {
  const std::string id = request_id(message);
  bool answered = false;
  auto deliver = [this, &id, &answered](std::string_view m) {
    if (!id.empty() && response_id(m) == id) answered = true;
    if (!closing_.load()) events_.on_message(m);
  };
  HttpExchange x{.closing = &closing_, .max_bytes = max_message_bytes_, .on_message = deliver,
                 .on_session_id = [this](std::string id) {
                   std::lock_guard lock(mu_);
                   session_id_ = std::move(id);
                 }};
  Transfer t = perform(x, &message, headers(message));
  if (closing_.load()) return;

  bool in_session;
  {
    std::lock_guard lock(mu_);
    in_session = !session_id_.empty();
  }
  std::string why = failure(x, t);
  if (why.empty() && t.status == 404 && in_session && message.find("\"initialize\"") == std::string::npos) {
    events_.on_closed("the server ended the session (HTTP 404)");
    why = "the server ended the session (HTTP 404)";
  }
  if (why.empty() && !x.body.empty() && !x.sse) deliver(x.body);
  if (why.empty() && !id.empty() && !answered && x.sse) why = resume(*x.sse, deliver, answered);
  if (why.empty() && !id.empty() && !answered) why = "the server's response ended without an answer to the request";
  if (!why.empty() && !id.empty()) events_.on_message(error_reply(message, kTransportError, why));
}

// Why a transfer failed, or "" (an HTTP 404 in a session is the caller's to judge).
std::string HttpTransport::failure(const HttpExchange& x, const Transfer& t) const {
  if (x.too_big) return "the server's answer is over " + std::to_string(max_message_bytes_ >> 20) + " MiB (app.yaml mcp_client.max_message_mb)";
  if (!t.error.empty()) return "cannot reach " + server_.url + ": " + t.error;
  if (t.status == 401 || t.status == 403)
    return "the server refused acdc (HTTP " + std::to_string(t.status) + "): check the entry's headers (a token from ${VAR})";
  if (t.status == 404) return "";
  if (t.status < 200 || t.status >= 300)
    return "HTTP " + std::to_string(t.status) + (x.body.empty() ? "" : ": " + x.body.substr(0, 300));
  return "";
}

// A server may close an answer's event stream before the answer (to free
// the connection) after an event with an id: the client asks for the rest
// with a GET carrying Last-Event-ID, after the stream's retry delay
// (2025-11-25, "Resumability and Redelivery"). Gives up after a few
// streams in a row that bring nothing.
std::string HttpTransport::resume(const SseReader& first, const std::function<void(std::string_view)>& deliver,
                                  const bool& answered) {
  constexpr int kFruitlessResumes = 5;
  std::string last_id = first.last_event_id();
  int retry_ms = first.retry_ms();
  for (int fruitless = 0; !answered && !last_id.empty() && fruitless < kFruitlessResumes;) {
    const auto wait = std::chrono::milliseconds(std::clamp(retry_ms < 0 ? 1000 : retry_ms, 0, 30000));
    for (auto until = std::chrono::steady_clock::now() + wait; std::chrono::steady_clock::now() < until;) {
      if (closing_.load()) return "";
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    std::vector<std::string> lines{"Accept: text/event-stream", "Last-Event-ID: " + last_id};
    {
      std::lock_guard lock(mu_);
      if (!version_.empty()) lines.push_back("MCP-Protocol-Version: " + version_);
      if (!session_id_.empty()) lines.push_back("Mcp-Session-Id: " + session_id_);
    }
    for (const auto& [name, value] : server_.headers) lines.push_back(name + ": " + value);
    HttpExchange x{.closing = &closing_, .max_bytes = max_message_bytes_, .on_message = deliver};
    const Transfer t = perform(x, nullptr, lines);
    if (closing_.load()) return "";
    if (std::string why = failure(x, t); !why.empty() || t.status == 404)
      return "resuming the server's event stream failed: " + (why.empty() ? "HTTP 404" : why);
    if (!x.sse) return "the server resumed its event stream with something else (" + x.content_type + ")";
    const bool progressed = !x.sse->last_event_id().empty() && x.sse->last_event_id() != last_id;
    if (progressed) last_id = x.sse->last_event_id();
    if (x.sse->retry_ms() >= 0) retry_ms = x.sse->retry_ms();
    fruitless = progressed ? 0 : fruitless + 1;
  }
  return "";
}

// A session the server gave out is ended politely (the spec's DELETE), in
// two seconds at most.
void HttpTransport::end_session() {
  std::string session;
  {
    std::lock_guard lock(mu_);
    session = session_id_;
  }
  if (session.empty()) return;
  CURL* curl = curl_easy_init();
  if (!curl) return;
  curl_slist* list = curl_slist_append(nullptr, ("Mcp-Session-Id: " + session).c_str());
  for (const auto& [name, value] : server_.headers) list = curl_slist_append(list, (name + ": " + value).c_str());
  curl_easy_setopt(curl, CURLOPT_URL, server_.url.c_str());
  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, "DELETE");
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, 2000L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, +[](char*, size_t s, size_t n, void*) { return s * n; });
  curl_easy_perform(curl);
  curl_slist_free_all(list);
  curl_easy_cleanup(curl);
}

void HttpTransport::close() {
  if (closing_.exchange(true)) return;
  std::list<Post> posts;
  {
    std::lock_guard lock(mu_);
    posts.swap(posts_);
  }
  // A POST that closes the transport (from an event) cannot wait for itself:
  // it holds the transport, and returns once its event is done.
  for (auto& p : posts) {
    if (p.thread.get_id() == std::this_thread::get_id()) p.thread.detach();
    else p.thread.join();
  }
  end_session();
}

}  // namespace acdc::mcp_client

#include "mcp/http_endpoint.hpp"

#include "mcp/http_reply.hpp"
#include "mcp/message.hpp"
#include "mcp/stateless.hpp"

#include <acdc/host/errors.hpp>
#include <acdc/host/log.hpp>

#include <boost/asio/post.hpp>

namespace acdc::adapters::mcp {
namespace {

constexpr auto kKeepaliveEvery = std::chrono::seconds(30);  // under undici's 300 s body timeout
constexpr const char* kRetryMs = "3000";                    // when a client reconnects a closed stream

// `id`: the request's, so a client can tell which request failed; null
// for a GET or DELETE, or a body that is no request.
void fail(net::HttpResponder& out, int status, std::string_view message, std::string_view id = "null") {
  out.respond(status, {{"Content-Type", "application/json"}}, rpc::error_frame(id, -32000, message));
}

void refuse(net::HttpResponder& out, std::string_view id, const Refusal& refusal) {
  out.respond(refusal.http_status, {{"Content-Type", "application/json"}}, refusal_frame(id, refusal));
}

// MCP-Protocol-Version, when sent, must be one acdc speaks (2025-11-25,
// "Protocol Version Header"); absent, 2025-03-26 is assumed and served.
bool version_supported(std::string_view version) { return version.empty() || speaks_version(version); }

}  // namespace

HttpEndpoint::HttpEndpoint(std::shared_ptr<Engine> engine, std::filesystem::path root)
    : engine_(std::move(engine)), root_(std::move(root)) {}

void HttpEndpoint::on_request(net::HttpRequest request, std::shared_ptr<net::HttpResponder> out) {
  if (request.method == "POST") return post(request, out);
  if (std::string_view version = request.header("MCP-Protocol-Version"); !version_supported(version))
    return refuse(*out, "null", unsupported_version(version));
  if (request.method == "GET") return open_stream(request, out);
  end_session(request, out);  // the host routes only POST, GET and DELETE here
}

std::shared_ptr<HttpSession> HttpEndpoint::session_of(const net::HttpRequest& request, net::HttpResponder& out,
                                                      std::string_view request_id) {
  std::string id(request.header("Mcp-Session-Id"));
  if (id.empty()) {
    fail(out, 400, "no Mcp-Session-Id header: send initialize first and then the id its answer carries", request_id);
    return nullptr;
  }
  auto session = sessions_.find(id);
  if (!session)
    fail(out, 404, "no MCP session '" + id + "' (it ended or expired): send initialize again", request_id);
  return session;
}

void HttpEndpoint::post(const net::HttpRequest& request, const std::shared_ptr<net::HttpResponder>& out) {
  rapidjson::Document doc;
  Message m = read_message(request.body, doc);
  const std::string id = m.kind == Message::request ? m.id : "null";
  const std::string_view version = request.header("MCP-Protocol-Version");
  if (!version_supported(version)) return refuse(*out, id, unsupported_version(version));
  const Accepts accepts = parse_accept(request.header("Accept"));
  if (!accepts.json && !accepts.event_stream)
    return fail(*out, 406, "Accept must allow application/json or text/event-stream (MCP asks for both)", id);
  if (request.header("Content-Type").find("application/json") == std::string_view::npos)
    return fail(*out, 415, "send the message as Content-Type: application/json", id);
  if (m.kind == Message::invalid) {
    out->respond(400, {{"Content-Type", "application/json"}}, rpc::error_frame(m.id, m.error_code, m.error));
    return;
  }
  if (is_stateless(m, version)) return post_stateless(request, out, m, accepts);
  std::shared_ptr<HttpSession> session;
  net::HttpHeaders headers;
  if (m.kind == Message::request && m.method == "initialize") {
    if (!request.header("Mcp-Session-Id").empty())
      return fail(*out, 400, "initialize opens a new session: send it without an Mcp-Session-Id header", id);
    session = sessions_.create([this, out] {
      return std::make_unique<Server>(Server::Options{.engine = *engine_, .executor = out->executor(), .root = root_});
    });
    if (!session)
      return fail(*out, 503, "all " + std::to_string(HttpSessions::kMaxSessions) +
                                 " MCP sessions are listening on event streams: end one (DELETE /mcp) and retry",
                  id);
    headers.emplace_back("Mcp-Session-Id", session->id);
  } else if (!(session = session_of(request, *out, id))) {
    return;
  }
  auto reply = std::make_shared<HttpReply>(out, accepts, std::move(headers));
  if (!session->server->handle(request.body, reply->sink())) out->respond(202, {}, "");
}

// MCP 2026-07-28: no session. Each request is checked against its headers
// and answered by a Server of its own, which lives until its answer is sent.
void HttpEndpoint::post_stateless(const net::HttpRequest& request, const std::shared_ptr<net::HttpResponder>& out,
                                  const Message& m, Accepts accepts) {
  if (m.kind != Message::request) return out->respond(202, {}, "");  // a notification (or a stray response)
  const StatelessHeaders headers{request.header("MCP-Protocol-Version"), request.header("Mcp-Method"),
                                 request.header("Mcp-Name")};
  if (auto refusal = check_stateless(m, &headers)) return refuse(*out, m.id, *refusal);
  if (!serves_stateless(m.method))
    return refuse(*out, m.id, Refusal{404, rpc::kMethodNotFound, not_served(m.method, true), {}});
  auto server =
      std::make_shared<Server>(Server::Options{.engine = *engine_, .executor = out->executor(), .root = root_});
  auto reply = std::make_shared<HttpReply>(out, accepts, net::HttpHeaders{});
  // The sink may run inside the server's own call stack: it lets go of the
  // server on the executor, after that stack has unwound.
  server->handle(request.body,
                 [server, sink = reply->sink(), executor = out->executor()](std::string frame, bool last) mutable {
                   sink(std::move(frame), last);
                   if (last) boost::asio::post(executor, [done = std::move(server)] {});
                 });
}

void HttpEndpoint::open_stream(const net::HttpRequest& request, const std::shared_ptr<net::HttpResponder>& out) {
  if (!parse_accept(request.header("Accept")).event_stream)
    return fail(*out, 406, "a GET on /mcp opens an event stream: send Accept: text/event-stream");
  auto session = session_of(request, *out);
  if (!session) return;
  auto stream = std::make_shared<EventStream>(EventStream{out, boost::asio::steady_timer(out->executor())});
  if (!sessions_.add_stream(*session, stream))
    return fail(*out, 409, "this session has " + std::to_string(HttpSessions::kMaxStreams) +
                               " event streams open already: close one first");
  std::weak_ptr<HttpEndpoint> self = weak_from_this();
  std::weak_ptr<HttpSession> weak_session = session;
  out->start_stream({{"Mcp-Session-Id", session->id}}, [self, weak_session, raw = stream.get()] {
    auto endpoint = self.lock();
    auto s = weak_session.lock();
    if (endpoint && s) endpoint->sessions_.drop_stream(*s, raw);
  });
  // The priming event (2025-11-25, SEP-1699): an id to resume from, and
  // how long to wait before reconnecting. Older clients expect data in
  // every event, so they get none.
  if (session->server->protocol_version() >= "2025-11-25")
    out->write("id: " + sessions_.next_event_id(*session) + "\nretry: " + kRetryMs + "\ndata: \n\n");
  keep_alive(stream);
}

void HttpEndpoint::keep_alive(std::weak_ptr<EventStream> weak) {
  auto stream = weak.lock();
  if (!stream) return;
  stream->keepalive.expires_after(kKeepaliveEvery);
  stream->keepalive.async_wait([this, self = shared_from_this(), weak](boost::system::error_code ec) {
    auto s = weak.lock();
    if (ec || !s) return;
    s->out->write(": keepalive\n\n");
    keep_alive(weak);
  });
}

void HttpEndpoint::end_session(const net::HttpRequest& request, const std::shared_ptr<net::HttpResponder>& out) {
  if (!session_of(request, *out)) return;
  sessions_.remove(std::string(request.header("Mcp-Session-Id")));
  out->respond(200, {}, "");
}

}  // namespace acdc::adapters::mcp

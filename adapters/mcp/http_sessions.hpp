// mcp/http_sessions.hpp -- the MCP sessions of the /mcp endpoint, by their
// Mcp-Session-Id (MCP 2025-11-25, "Session Management").
//
// initialize makes one (a random id), every later request names it, DELETE
// ends it. Each holds its own Server (the version it negotiated, its log
// level, its calls in flight) and its open GET streams. Bounded: at most
// kMaxSessions; a session with no request for kIdleLimit and no open stream
// expires; when all are taken a new one replaces the least recently used
// session that has no open stream.
//
//   HttpSessions sessions;
//   auto s = sessions.create([&] { return std::make_unique<Server>(options); });   // null: all busy
//   auto same = sessions.find(s->id);     // null: unknown or expired (answer 404)
//   sessions.remove(s->id);               // its streams end, its calls are cancelled
#pragma once

#include "mcp/server.hpp"

#include <acdc/host/http_endpoint.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace acdc::adapters::mcp {

// One GET stream for server-initiated messages; its timer keeps it alive.
struct EventStream {
  std::shared_ptr<net::HttpResponder> out;
  boost::asio::steady_timer keepalive;
};

struct HttpSession {
  std::string id;
  std::unique_ptr<Server> server;
  // Guarded by HttpSessions' lock.
  std::list<std::shared_ptr<EventStream>> streams;
  std::chrono::steady_clock::time_point last_used;
  unsigned next_event = 0;  // SSE event ids of this session's streams
};

class HttpSessions {
 public:
  static constexpr size_t kMaxSessions = 64;
  static constexpr auto kIdleLimit = std::chrono::minutes(30);
  static constexpr size_t kMaxStreams = 4;  // GET streams per session

  std::shared_ptr<HttpSession> create(const std::function<std::unique_ptr<Server>()>& make_server);
  std::shared_ptr<HttpSession> find(const std::string& id);
  // The removed session, null when there was none.
  std::shared_ptr<HttpSession> remove(const std::string& id);

  // A GET stream joins or leaves `session`; false when it has kMaxStreams.
  bool add_stream(HttpSession& session, std::shared_ptr<EventStream> stream);
  void drop_stream(HttpSession& session, const EventStream* stream);
  // The next event id of `session`'s streams.
  std::string next_event_id(HttpSession& session);

 private:
  // Under mu_: removes expired sessions into `gone` (ended outside the lock).
  void expire(std::vector<std::shared_ptr<HttpSession>>& gone);
  // A session that has left the table: its streams end (on their executors).
  // Its calls stop when the Server goes with the last reference.
  void end(HttpSession& session);

  std::mutex mu_;
  std::map<std::string, std::shared_ptr<HttpSession>> by_id_;
};

}  // namespace acdc::adapters::mcp

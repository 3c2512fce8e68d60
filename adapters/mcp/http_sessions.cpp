#include "mcp/http_sessions.hpp"

#include <acdc/host/log.hpp>
#include <acdc/util/random.hpp>
#include <boost/asio/post.hpp>

#include <algorithm>

namespace acdc::adapters::mcp {

std::shared_ptr<HttpSession> HttpSessions::create(const std::function<std::unique_ptr<Server>()>& make_server) {
  auto session = std::make_shared<HttpSession>();
  session->id = random_hex(16);
  session->last_used = std::chrono::steady_clock::now();
  session->server = make_server();
  std::vector<std::shared_ptr<HttpSession>> gone;
  {
    std::lock_guard lock(mu_);
    expire(gone);
    if (by_id_.size() >= kMaxSessions) {
      std::shared_ptr<HttpSession> oldest;
      for (auto& [id, s] : by_id_)
        if (s->streams.empty() && (!oldest || s->last_used < oldest->last_used)) oldest = s;
      if (!oldest) return nullptr;
      log::info("mcp: " + std::to_string(kMaxSessions) + " sessions open; session " + oldest->id +
                " (least recently used) ends for a new one");
      by_id_.erase(oldest->id);
      gone.push_back(std::move(oldest));
    }
    by_id_[session->id] = session;
  }
  for (auto& s : gone) end(*s);
  return session;
}

std::shared_ptr<HttpSession> HttpSessions::find(const std::string& id) {
  std::vector<std::shared_ptr<HttpSession>> gone;
  std::shared_ptr<HttpSession> found;
  {
    std::lock_guard lock(mu_);
    expire(gone);
    auto it = by_id_.find(id);
    if (it != by_id_.end()) {
      found = it->second;
      found->last_used = std::chrono::steady_clock::now();
    }
  }
  for (auto& s : gone) end(*s);
  return found;
}

std::shared_ptr<HttpSession> HttpSessions::remove(const std::string& id) {
  std::shared_ptr<HttpSession> removed;
  {
    std::lock_guard lock(mu_);
    auto it = by_id_.find(id);
    if (it == by_id_.end()) return nullptr;
    removed = std::move(it->second);
    by_id_.erase(it);
  }
  end(*removed);
  return removed;
}

bool HttpSessions::add_stream(HttpSession& session, std::shared_ptr<EventStream> stream) {
  std::lock_guard lock(mu_);
  if (session.streams.size() >= kMaxStreams) return false;
  session.streams.push_back(std::move(stream));
  return true;
}

void HttpSessions::drop_stream(HttpSession& session, const EventStream* stream) {
  std::lock_guard lock(mu_);
  session.streams.remove_if([stream](const auto& s) { return s.get() == stream; });
  // Idle time counts from the moment the client stopped listening.
  session.last_used = std::chrono::steady_clock::now();
}

std::string HttpSessions::next_event_id(HttpSession& session) {
  std::lock_guard lock(mu_);
  return std::to_string(++session.next_event);
}

void HttpSessions::expire(std::vector<std::shared_ptr<HttpSession>>& gone) {
  const auto now = std::chrono::steady_clock::now();
  for (auto it = by_id_.begin(); it != by_id_.end();) {
    if (it->second->streams.empty() && now - it->second->last_used > kIdleLimit) {
      gone.push_back(std::move(it->second));
      it = by_id_.erase(it);
    } else {
      ++it;
    }
  }
}

void HttpSessions::end(HttpSession& session) {
  std::list<std::shared_ptr<EventStream>> streams;
  {
    std::lock_guard lock(mu_);
    streams = session.streams;
  }
  for (auto& stream : streams)
    boost::asio::post(stream->out->executor(), [stream] {
      stream->keepalive.cancel();
      stream->out->end();
    });
}

}  // namespace acdc::adapters::mcp

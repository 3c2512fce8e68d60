#include "rpc/hub.hpp"

#include <acdc/host/json.hpp>

#include <algorithm>

namespace acdc::rpc {

acdc_client Hub::add(std::shared_ptr<Peer> peer) {
  acdc_client id;
  {
    std::lock_guard lock(mu_);
    id = next_id_++;
    peers_.emplace(id, peer);
  }
  if (on_connect) on_connect(id);
  return id;
}

void Hub::remove(acdc_client id) {
  bool removed;
  {
    std::lock_guard lock(mu_);
    removed = peers_.erase(id) > 0;
  }
  if (removed && on_disconnect) on_disconnect(id);
}

std::shared_ptr<Peer> Hub::find(acdc_client id) const {
  std::lock_guard lock(mu_);
  auto it = peers_.find(id);
  return it == peers_.end() ? nullptr : it->second.lock();
}

std::vector<std::shared_ptr<Peer>> Hub::peers() const {
  std::vector<std::shared_ptr<Peer>> out;
  std::lock_guard lock(mu_);
  out.reserve(peers_.size());
  for (const auto& [id, weak] : peers_)
    if (auto p = weak.lock()) out.push_back(std::move(p));
  return out;
}

size_t Hub::size() const {
  std::lock_guard lock(mu_);
  return peers_.size();
}

void Hub::call(acdc_client client, std::string_view method, std::string_view args_json,
               ReplyHandler done) {
  auto peer = find(client);
  if (!peer) return done(ACDC_E_UNAVAILABLE, "client " + std::to_string(client) + " is not connected");
  if (!peer->exposes(method))
    return done(ACDC_E_UNAVAILABLE,
                "client " + std::to_string(client) + " does not expose " + std::string(method));
  peer->call(method, args_json, std::move(done));
}

void Hub::call_all(std::string_view method, std::string_view args_json, ReplyHandler done) {
  struct Gather {
    std::mutex mu;
    size_t remaining;
    bool finished = false;
    std::string map = "{";
    ReplyHandler done;
  };
  std::vector<std::shared_ptr<Peer>> targets;
  for (auto& p : peers())
    if (p->exposes(method)) targets.push_back(std::move(p));
  if (targets.empty()) return done(ACDC_OK, "{}");
  auto gather = std::make_shared<Gather>();
  gather->remaining = targets.size();
  gather->done = std::move(done);
  for (auto& peer : targets) {
    peer->call(method, args_json,
               [gather, key = peer->remote_id()](acdc_status status, std::string_view result) {
                 std::unique_lock lock(gather->mu);
                 if (gather->finished) return;
                 if (status != ACDC_OK) {
                   // Like jrpc-oo's Promise.all: the first failure fails the whole call.
                   gather->finished = true;
                   lock.unlock();
                   return gather->done(status, result);
                 }
                 if (gather->map.size() > 1) gather->map += ',';
                 append_quoted(gather->map, key);
                 gather->map += ':';
                 gather->map.append(result);
                 if (--gather->remaining > 0) return;
                 gather->finished = true;
                 gather->map += '}';
                 lock.unlock();
                 gather->done(ACDC_OK, gather->map);
               });
  }
}

acdc_status Hub::notify(acdc_client client, std::string_view method, std::string_view args_json) {
  if (client != ACDC_CLIENT_ALL) {
    auto peer = find(client);
    return peer && peer->notify(method, args_json) ? ACDC_OK : ACDC_E_UNAVAILABLE;
  }
  bool any = false;
  for (auto& peer : peers())
    if (peer->exposes(method)) any = peer->notify(method, args_json) || any;
  return any ? ACDC_OK : ACDC_E_UNAVAILABLE;
}

void Hub::report_progress(std::string_view stage, std::string_view message, int percent) {
  std::string args = "[";
  append_quoted(args, stage);
  args += ',';
  append_quoted(args, message);
  args += ',' + std::to_string(percent) + ']';
  {
    std::lock_guard lock(mu_);
    auto it = std::find_if(progress_.begin(), progress_.end(), [&](const auto& p) { return p.first == stage; });
    if (it != progress_.end()) it->second = args;
    else progress_.emplace_back(std::string(stage), args);
  }
  notify(ACDC_CLIENT_ALL, "AcApp.startupProgress", args);
}

void Hub::on_client_ready(Peer& peer) {
  std::vector<std::pair<std::string, std::string>> progress;
  {
    std::lock_guard lock(mu_);
    progress = progress_;
  }
  if (!peer.exposes("AcApp.startupProgress")) return;
  for (const auto& [stage, args] : progress) peer.notify("AcApp.startupProgress", args);
}

void Hub::announce_methods() {
  const std::string methods = router_.table()->methods_json;
  for (auto& peer : peers()) peer->announce(methods);
}

}  // namespace acdc::rpc

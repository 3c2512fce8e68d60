#include "rpc/peer.hpp"

#include "rpc/hub.hpp"
#include "util/reused_buffer.hpp"

#include <acdc/host/errors.hpp>
#include <acdc/host/json.hpp>
#include <acdc/util/random.hpp>
#include <acdc/util/status.hpp>
#include <boost/asio/post.hpp>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <charconv>
#include <vector>

namespace acdc::rpc {
namespace {

constexpr std::string_view kListComponents = "system.listComponents";
// The document's stack starts at this much of on_message()'s 2 KiB (Document's
// default of 1 KiB would leave room for no growth).
constexpr size_t kFrameStackCapacity = 512;

// Answers a client's request on the peer it came from, if still connected.
class PeerOrigin final : public CallOrigin {
 public:
  PeerOrigin(std::weak_ptr<Peer> peer, std::string id_text, acdc_client client)
      : peer_(std::move(peer)), id_text_(std::move(id_text)), client_(client) {}

  void finish(acdc_status status, std::string_view payload) override {
    if (id_text_.empty()) return;  // a notification: no answer
    auto peer = peer_.lock();
    if (!peer) return;
    if (status == ACDC_OK) peer->send(result_frame(id_text_, payload));
    else peer->send(error_frame(id_text_, to_jsonrpc_code(status), payload));
  }
  acdc_client client() const override { return client_; }

 private:
  std::weak_ptr<Peer> peer_;
  std::string id_text_;
  acdc_client client_;
};

// The args array of a request (nullptr when it has none: `[]`), or
// INVALID_PARAMS saying which params we refuse.
Status find_args(const rapidjson::Value& request, const rapidjson::Value*& args) {
  args = nullptr;
  auto params = request.FindMember("params");
  if (params == request.MemberEnd() || params->value.IsNull()) return {};
  const rapidjson::Value& p = params->value;
  if (p.IsArray()) {  // positional params from a plain JSON-RPC client
    args = &p;
    return {};
  }
  if (!p.IsObject())
    return Status(ACDC_E_INVALID_PARAMS,
                  "params must be {\"args\":[...]}, got " + to_text(p).substr(0, 40));
  auto a = p.FindMember("args");
  if (a == p.MemberEnd()) {
    if (p.MemberCount() == 0) return {};
    return Status(ACDC_E_INVALID_PARAMS,
                  "params must be {\"args\":[...]}: named parameters are not supported");
  }
  if (!a->value.IsArray()) return Status(ACDC_E_INVALID_PARAMS, "params.args must be an array");
  args = &a->value;
  return {};
}

// Compact text of a request's args, in a per-thread buffer that keeps its
// capacity: no allocation per request. It is overwritten by the next request
// on this thread; dispatch() is done with it when it returns (a plugin that
// keeps args copies them), and on_request() never runs inside itself.
std::string_view args_text(const rapidjson::Value* args) {
  if (!args) return "[]";
  thread_local rapidjson::StringBuffer buf;
  // The writer too: its nesting stack is allocated on the first array.
  thread_local rapidjson::Writer<rapidjson::StringBuffer> writer(buf);
  buf.Clear();
  release_if_large(buf);
  writer.Reset(buf);
  args->Accept(writer);
  return {buf.GetString(), buf.GetSize()};
}

// Parses a response id we issued: a positive integer, possibly sent back as
// a string (a JS peer matches "3" and 3 alike).
bool parse_own_id(const rapidjson::Value& id, uint64_t& out) {
  if (id.IsUint64()) {
    out = id.GetUint64();
    return true;
  }
  if (id.IsString()) {
    const char* s = id.GetString();
    auto [end, ec] = std::from_chars(s, s + id.GetStringLength(), out);
    return ec == std::errc() && end == s + id.GetStringLength();
  }
  if (id.IsDouble() && id.GetDouble() >= 1 && id.GetDouble() < 9.007199254740992e15) {
    out = static_cast<uint64_t>(id.GetDouble());
    return static_cast<double>(out) == id.GetDouble();
  }
  return false;
}

}  // namespace

Peer::Peer(Hub& hub, std::weak_ptr<Transport> transport)
    : hub_(hub), transport_(std::move(transport)), remote_id_(random_uuid()) {}

void Peer::start() {
  id_ = hub_.add(shared_from_this());
  // Our own listComponents goes out before anything is read, with our map as
  // params: jrpc-oo-wire.md §0 rule 3 and §4.4.
  announce(hub_.router().table()->methods_json);
}

void Peer::announce(const std::string& methods_json) {
  auto self = weak_from_this();
  send_request(kListComponents, {methods_json}, [self](acdc_status status, std::string_view result) {
    auto peer = self.lock();
    if (!peer || status != ACDC_OK) return;
    rapidjson::Document doc;
    if (parse_limited(result, doc, kMaxDepth) == ParseOutcome::ok) peer->learn_methods(doc);
  });
}

void Peer::send(std::string frame) {
  if (auto t = transport_.lock()) t->send(std::move(frame));
}

void Peer::close(uint16_t code, std::string reason) {
  if (auto t = transport_.lock()) t->close(code, std::move(reason));
}

void Peer::on_message(char* text, size_t size) {
  // Most frames are small: their values and the parse stack fit here and
  // never touch the heap (a default Document allocates a 64 KiB pool and its
  // stack per frame).
  char pool[4096], stack[2048];
  rapidjson::MemoryPoolAllocator<> allocator(pool, sizeof pool);
  rapidjson::MemoryPoolAllocator<> stack_allocator(stack, sizeof stack);
  PooledDocument doc(&allocator, kFrameStackCapacity, &stack_allocator);
  switch (parse_limited_in_place(text, size, doc, kMaxDepth)) {
    case ParseOutcome::invalid_json:
      return send(error_frame("null", kParseError, "Parse error: the message is not valid JSON"));
    case ParseOutcome::too_deep:
      return send(error_frame("null", kInvalidRequest,
                              "Invalid request: JSON nested deeper than " +
                                  std::to_string(kMaxDepth) + " levels"));
    case ParseOutcome::ok: break;
  }
  if (!doc.IsArray()) return on_value(doc);
  // A batch: all requests if the first element is one, else all responses
  // (the rule of the jrpc library the clients use, jrpc-oo-wire.md §3.3).
  if (doc.Empty()) return;
  const rapidjson::Value& first = doc[0];
  bool requests = first.IsObject() && first.HasMember("method") && first["method"].IsString();
  for (const auto& item : doc.GetArray()) {
    if (requests) on_request(item);
    else if (item.IsObject()) on_response(item);
  }
}

void Peer::on_value(const rapidjson::Value& v) {
  if (!v.IsObject())
    return send(error_frame("null", kInvalidRequest, "Invalid request: expected a JSON-RPC object"));
  auto method = v.FindMember("method");
  if (method != v.MemberEnd() && method->value.IsString()) return on_request(v);
  if (v.HasMember("id") || v.HasMember("result") || v.HasMember("error")) return on_response(v);
  send(error_frame("null", kInvalidRequest, "Invalid request: neither a request nor a response"));
}

void Peer::on_request(const rapidjson::Value& v) {
  if (!v.IsObject())
    return send(error_frame("null", kInvalidRequest, "Invalid request: expected a JSON-RPC object"));
  std::string id_text;  // empty: a notification, never answered
  auto id = v.FindMember("id");
  if (id != v.MemberEnd()) {
    if (!id->value.IsString() && !id->value.IsNumber() && !id->value.IsNull())
      return send(error_frame("null", kInvalidRequest, "Invalid request: id must be a number or a string"));
    id_text = to_text(id->value);
  }
  auto fail = [&](int code, const std::string& message) {
    if (!id_text.empty()) send(error_frame(id_text, code, message));
  };
  auto version = v.FindMember("jsonrpc");
  if (version == v.MemberEnd() || !version->value.IsString() ||
      std::string_view(version->value.GetString()) != "2.0")
    return fail(kInvalidRequest, "Invalid request: \"jsonrpc\" must be \"2.0\"");
  auto method = v.FindMember("method");
  if (method == v.MemberEnd() || !method->value.IsString())
    return fail(kInvalidRequest, "Invalid request: \"method\" must be a string");
  std::string_view name(method->value.GetString(), method->value.GetStringLength());
  if (name == kListComponents) {
    auto params = v.FindMember("params");
    return answer_list_components(id_text, params == v.MemberEnd() ? nullptr : &params->value);
  }
  const rapidjson::Value* args = nullptr;
  if (Status s = find_args(v, args); !s.ok())
    return fail(to_jsonrpc_code(s.code()), "Invalid params: " + s.message());
  hub_.router().dispatch(name, args_text(args),
                         std::make_unique<PeerOrigin>(weak_from_this(), std::move(id_text), id_));
}

void Peer::answer_list_components(const std::string& id_text, const rapidjson::Value* params) {
  // The client's first request carries its own method map (jrpc-oo-wire.md §4.5).
  if (params && params->IsObject()) learn_methods(*params);
  if (!id_text.empty()) send(result_frame(id_text, hub_.router().table()->methods_json));
}

void Peer::learn_methods(const rapidjson::Value& map) {
  if (!map.IsObject()) return;
  bool first_time;
  {
    std::lock_guard lock(mu_);
    first_time = !methods_known_;
    methods_known_ = true;
    for (const auto& m : map.GetObject())
      client_methods_.emplace(m.name.GetString(), m.name.GetStringLength());
  }
  if (first_time) hub_.on_client_ready(*this);
}

bool Peer::exposes(std::string_view method) const {
  std::lock_guard lock(mu_);
  return !methods_known_ || client_methods_.count(method) > 0;
}

void Peer::on_response(const rapidjson::Value& v) {
  auto id = v.FindMember("id");
  uint64_t key = 0;
  if (id == v.MemberEnd() || !parse_own_id(id->value, key)) return;  // not ours: drop
  ReplyHandler done;
  {
    std::lock_guard lock(mu_);
    auto it = pending_.find(key);
    if (it == pending_.end()) return;  // late or unknown: drop silently
    done = std::move(it->second.done);
    pending_.erase(it);
  }
  auto error = v.FindMember("error");
  if (error != v.MemberEnd() && !error->value.IsNull()) {
    const rapidjson::Value& e = error->value;
    std::string message = e.IsObject() && e.HasMember("message") && e["message"].IsString()
                              ? std::string(e["message"].GetString())
                              : to_text(e);
    return done(ACDC_E_APPLICATION, "client error: " + message);
  }
  auto result = v.FindMember("result");
  // A reply without "result" is a success with no value (jrpc-oo-wire.md §0 rule 6).
  done(ACDC_OK, result == v.MemberEnd() ? std::string("null") : to_text(result->value));
}

void Peer::call(std::string_view method, std::string_view args_json, ReplyHandler done) {
  send_request(method, {R"({"args":)", args_json.empty() ? std::string_view("[]") : args_json, "}"},
               std::move(done));
}

void Peer::send_request(std::string_view method, std::initializer_list<std::string_view> params,
                        ReplyHandler done) {
  std::unique_lock lock(mu_);
  if (closed_) {
    lock.unlock();
    return done(ACDC_E_UNAVAILABLE, "the client disconnected");
  }
  uint64_t id = next_id_++;
  pending_.emplace(id, Pending{std::move(done), std::chrono::steady_clock::now() + hub_.call_timeout});
  const bool arm = !sweep_armed_;
  sweep_armed_ = true;
  lock.unlock();
  if (arm) start_sweep();
  // Built in one piece: the args (1 KiB a callback on a stream) are copied
  // once, into the frame.
  size_t params_size = 0;
  for (auto part : params) params_size += part.size();
  std::string frame;
  frame.reserve(64 + method.size() + params_size);
  frame += R"({"jsonrpc":"2.0","method":)";
  append_quoted(frame, method);
  frame += R"(,"params":)";
  for (auto part : params) frame += part;
  frame += R"(,"id":)";
  frame += std::to_string(id);
  frame += '}';
  send(std::move(frame));
}

bool Peer::notify(std::string_view method, std::string_view args_json) {
  {
    std::lock_guard lock(mu_);
    if (closed_) return false;
  }
  std::string frame;
  frame.reserve(48 + method.size() + args_json.size());
  frame += R"({"jsonrpc":"2.0","method":)";
  append_quoted(frame, method);
  frame += R"(,"params":{"args":)";
  frame += args_json.empty() ? std::string_view("[]") : args_json;
  frame += "}}";
  send(std::move(frame));
  return true;
}

void Peer::on_closed() {
  std::unordered_map<uint64_t, Pending> pending;
  {
    std::lock_guard lock(mu_);
    if (closed_) return;
    closed_ = true;
    pending.swap(pending_);
  }
  hub_.remove(id_);
  // jrpc-oo leaves such calls to time out after 60 s; we fail them now
  // (jrpc-oo-wire.md §13, "Timeouts").
  for (auto& [id, p] : pending) p.done(ACDC_E_UNAVAILABLE, "the client disconnected");
}

void Peer::start_sweep() {
  auto transport = transport_.lock();
  if (!transport) return;  // the connection is gone, and its calls failed with it
  {
    std::lock_guard lock(mu_);
    if (closed_) return;
    if (!sweep_timer_) sweep_timer_ = std::make_unique<boost::asio::steady_timer>(transport->executor());
    sweep_timer_->expires_after(std::chrono::seconds(1));
  }
  sweep_timer_->async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (!ec) self->sweep();
  });
}

void Peer::sweep() {
  std::vector<ReplyHandler> expired;
  bool more;
  {
    std::lock_guard lock(mu_);
    auto now = std::chrono::steady_clock::now();
    for (auto it = pending_.begin(); it != pending_.end();) {
      if (it->second.deadline <= now) {
        expired.push_back(std::move(it->second.done));
        it = pending_.erase(it);
      } else {
        ++it;
      }
    }
    more = !pending_.empty() && !closed_;
    sweep_armed_ = more;
  }
  for (auto& done : expired) done(ACDC_E_TIMEOUT, "the client did not answer in time");
  if (more) start_sweep();
}

}  // namespace acdc::rpc

#include "soak_client.hpp"

#include "load_connection.hpp"

#include <boost/asio/connect.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace acdc::bench {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

namespace {

constexpr auto kOverdue = std::chrono::seconds(30);

std::string text_of(const rapidjson::Value& v) {
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  v.Accept(w);
  return b.GetString();
}

}  // namespace

void SoakStats::fail(std::string why) {
  ++calls_failed;
  if (first_failures.size() < 10) first_failures.push_back(std::move(why));
}

SoakClient::SoakClient(boost::asio::io_context& io, unsigned short port, std::string path, SoakStats& stats,
                       uint32_t seed)
    : io_(io), port_(port), path_(std::move(path)), stats_(stats), random_(seed), timer_(io), overdue_timer_(io) {}

void SoakClient::start() {
  connect();
  check_overdue();
}

void SoakClient::stop() {
  stopped_ = true;
  timer_.cancel();
  overdue_timer_.cancel();
  if (ws_) {
    beast::error_code ec;
    ws_->next_layer().close(ec);
  }
}

void SoakClient::connect() {
  ++generation_;
  ws_ = std::make_unique<websocket::stream<tcp::socket>>(io_);
  buffer_.clear();
  outbox_.clear();
  writing_ = false;
  try {
    tcp::resolver resolver(io_);
    boost::asio::connect(ws_->next_layer(), resolver.resolve("127.0.0.1", std::to_string(port_)));
    ws_->handshake("127.0.0.1:" + std::to_string(port_), path_);
    ws_->text(true);
    jrpc_handshake([this](const std::string& frame) { ws_->write(boost::asio::buffer(frame)); },
                   [this] {
                     beast::flat_buffer buf;
                     ws_->read(buf);
                     return beast::buffers_to_string(buf.data());
                   });
  } catch (const std::exception& e) {
    if (stopped_) return;
    stats_.fail(std::string("connect: ") + e.what());
    return after(std::chrono::milliseconds(100));  // try again
  }
  connected_ = true;
  read_next();
  next_action();
}

void SoakClient::after(std::chrono::milliseconds delay) {
  timer_.expires_after(delay);
  timer_.async_wait([self = shared_from_this(), g = generation_](beast::error_code ec) {
    if (ec || self->stopped_) return;
    if (!self->connected_) return self->connect();
    if (g == self->generation_) self->next_action();
  });
}

void SoakClient::next_action() {
  if (stopped_) return;
  int roll = std::uniform_int_distribution<int>(0, 99)(random_);
  if (roll < 60) {
    // An echo burst of mixed sizes, up to 64 KiB.
    static constexpr int kSizes[] = {16, 256, 4096, 65536};
    int n = std::uniform_int_distribution<int>(1, 8)(random_);
    for (int i = 0; i < n; ++i) {
      int size = kSizes[std::uniform_int_distribution<int>(0, 3)(random_)];
      std::string payload(static_cast<size_t>(size), static_cast<char>('a' + i));
      call(Kind::echo, "Echo.echo", "[\"" + payload + "\"]", "\"" + payload + "\"");
    }
  } else if (roll < 75) {
    call(Kind::slow, "Echo.slow", "[" + std::to_string(std::uniform_int_distribution<int>(1, 100)(random_)) + "]");
  } else if (roll < 92) {
    int n = std::uniform_int_distribution<int>(20, 200)(random_);
    int size = std::uniform_int_distribution<int>(64, 2048)(random_);
    call(Kind::stream, "Echo.stream", "[" + std::to_string(n) + "," + std::to_string(size) + ",8]");
  } else {
    // A stream this client walks away from after a few chunks.
    doomed_chunks_left_ = std::uniform_int_distribution<int>(3, 40)(random_);
    call(Kind::doomed_stream, "Echo.stream", "[1000,512,8]");
  }
}

void SoakClient::call(Kind kind, const std::string& method, const std::string& args, std::string expect) {
  uint64_t id = next_id_++;
  pending_.emplace(id, Pending{kind, std::move(expect), Clock::now()});
  send(R"({"jsonrpc":"2.0","method":")" + method + R"(","params":{"args":)" + args + R"(},"id":)" +
       std::to_string(id) + "}");
}

void SoakClient::read_next() {
  ws_->async_read(buffer_, [self = shared_from_this(), g = generation_](beast::error_code ec, std::size_t) {
    if (g != self->generation_ || self->stopped_) return;
    if (ec) return self->drop(false, "connection lost: " + ec.message());
    std::string text = beast::buffers_to_string(self->buffer_.data());
    self->buffer_.consume(self->buffer_.size());
    self->on_message(text);
    if (g == self->generation_) self->read_next();
  });
}

void SoakClient::on_message(const std::string& text) {
  rapidjson::Document doc;
  doc.Parse(text.c_str(), text.size());
  if (doc.HasParseError() || !doc.IsObject()) {
    stats_.fail("the host sent a frame that is not a JSON object: " + text.substr(0, 80));
    return;
  }
  auto method = doc.FindMember("method");
  auto id = doc.FindMember("id");
  if (method != doc.MemberEnd() && method->value.IsString()) {
    if (id != doc.MemberEnd()) on_server_request(text_of(id->value), method->value.GetString());
    return;
  }
  if (id == doc.MemberEnd() || !id->value.IsUint64()) return;
  auto result = doc.FindMember("result");
  auto error = doc.FindMember("error");
  on_reply(id->value.GetUint64(), result != doc.MemberEnd(),
           result != doc.MemberEnd() ? text_of(result->value) : std::string(),
           error != doc.MemberEnd() ? text_of(error->value) : std::string());
}

void SoakClient::on_server_request(const std::string& id_text, const std::string& method) {
  send(R"({"jsonrpc":"2.0","id":)" + id_text + R"(,"result":true})");
  if (method != "Client.chunk") return;
  ++stats_.chunks;
  if (doomed_chunks_left_ > 0 && --doomed_chunks_left_ == 0) {
    doomed_chunks_left_ = -1;
    ++stats_.disconnects;
    drop(true, "");
  }
}

void SoakClient::on_reply(uint64_t id, bool ok, const std::string& result, const std::string& error) {
  auto it = pending_.find(id);
  if (it == pending_.end()) return;
  Pending p = std::move(it->second);
  pending_.erase(it);
  if (!ok) stats_.fail("call failed: " + error.substr(0, 200));
  else if (p.kind == Kind::echo && result != p.expect) stats_.fail("echo answered different bytes");
  else if (p.kind == Kind::doomed_stream) stats_.fail("a stream meant to be dropped finished first");
  else {
    ++stats_.calls_ok;
    if (p.kind == Kind::stream) ++stats_.streams;
  }
  if (pending_.empty()) after(std::chrono::milliseconds(std::uniform_int_distribution<int>(0, 20)(random_)));
}

void SoakClient::send(std::string frame) {
  outbox_.push_back(std::move(frame));
  if (!writing_) write_next();
}

void SoakClient::write_next() {
  if (outbox_.empty() || !connected_) {
    writing_ = false;
    return;
  }
  writing_ = true;
  ws_->async_write(boost::asio::buffer(outbox_.front()),
                   [self = shared_from_this(), g = generation_](beast::error_code ec, std::size_t) {
                     if (g != self->generation_ || self->stopped_) return;
                     if (ec) return self->drop(false, "write failed: " + ec.message());
                     self->outbox_.pop_front();
                     self->write_next();
                   });
}

void SoakClient::drop(bool deliberate, const std::string& why) {
  if (deliberate) {
    stats_.calls_abandoned += pending_.size();
  } else {
    for (size_t i = 0; i < pending_.size(); ++i) stats_.fail(why);
    if (pending_.empty()) stats_.fail(why);
  }
  pending_.clear();
  ++generation_;  // handlers of this connection now do nothing
  connected_ = false;
  beast::error_code ec;
  ws_->next_layer().close(ec);  // abrupt, as a closed tab or a killed client
  ++stats_.reconnects;
  after(std::chrono::milliseconds(10));
}

void SoakClient::check_overdue() {
  overdue_timer_.expires_after(std::chrono::seconds(1));
  overdue_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->stopped_) return;
    auto now = Clock::now();
    bool any = false;
    for (auto it = self->pending_.begin(); it != self->pending_.end();) {
      if (now - it->second.sent > kOverdue) {
        self->stats_.fail("a call got no answer in 30 s");
        it = self->pending_.erase(it);
        any = true;
      } else {
        ++it;
      }
    }
    if (any && self->pending_.empty()) self->after(std::chrono::milliseconds(0));
    self->check_overdue();
  });
}

}  // namespace acdc::bench

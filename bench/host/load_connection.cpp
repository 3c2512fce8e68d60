#include "load_connection.hpp"

#include <boost/asio/connect.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <rapidjson/document.h>

#include <charconv>
#include <stdexcept>

namespace acdc::bench {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

namespace {

constexpr std::string_view kClientMap = R"({"system.listComponents":true,"Client.chunk":true,"Client.done":true})";

std::string id_text(const rapidjson::Value& id) {
  if (id.IsString()) return std::string("\"") + id.GetString() + "\"";
  if (id.IsUint64()) return std::to_string(id.GetUint64());
  return "null";
}

}  // namespace

void jrpc_handshake(const std::function<void(const std::string&)>& write, const std::function<std::string()>& read) {
  write(std::string(R"({"jsonrpc":"2.0","method":"system.listComponents","params":)") + std::string(kClientMap) +
        R"(,"id":1})");
  for (;;) {
    std::string text = read();
    rapidjson::Document doc;
    doc.Parse(text.c_str(), text.size());
    if (!doc.IsObject()) continue;
    auto id = doc.FindMember("id");
    if (doc.HasMember("method")) {
      // The host's own listComponents; its notifications (no id) need nothing.
      if (id != doc.MemberEnd())
        write(R"({"jsonrpc":"2.0","id":)" + id_text(id->value) + R"(,"result":)" + std::string(kClientMap) + "}");
      continue;
    }
    if (id != doc.MemberEnd() && id->value.IsUint64() && id->value.GetUint64() == 1) return;
  }
}

LoadConnection::LoadConnection(boost::asio::io_context& io, Target target, Recorder& recorder)
    : ws_(tcp::socket(io)), target_(std::move(target)), rec_(recorder) {}

void LoadConnection::connect() {
  tcp::resolver resolver(ws_.get_executor());
  tcp::socket& socket = ws_.next_layer().next_layer();
  boost::asio::connect(socket, resolver.resolve(target_.host, std::to_string(target_.port)));
  socket.set_option(tcp::no_delay(true));
  ws_.handshake(target_.host + ":" + std::to_string(target_.port), target_.path);
  ws_.text(true);
  jrpc_handshake([this](const std::string& frame) { ws_.write(boost::asio::buffer(frame)); },
                 [this] {
                   beast::flat_buffer buf;
                   ws_.read(buf);
                   return beast::buffers_to_string(buf.data());
                 });
  // The server sends nothing more until asked, so no frame is half read.
  ws_.next_layer().set_owner(weak_from_this());
  ws_.next_layer().start(beast::role_type::client);
}

void LoadConnection::start_echo(int inflight) {
  mode_ = Mode::echo;
  for (int i = 0; i < inflight; ++i) send_echo();
  ws_.next_layer().flush();
  read_next();
}

void LoadConnection::start_stream(int n, int size, int window) {
  mode_ = Mode::stream;
  stream_n_ = n;
  stream_size_ = size;
  stream_window_ = window;
  send_stream();
  ws_.next_layer().flush();
  read_next();
}

void LoadConnection::send_echo() {
  uint64_t id = next_id_++;
  sent_at_.emplace(id, Clock::now());
  send(R"({"jsonrpc":"2.0","method":"Echo.echo","params":{"args":["0123456789abcdef"]},"id":)" +
       std::to_string(id) + "}");
}

void LoadConnection::send_stream() {
  uint64_t id = next_id_++;
  sent_at_.emplace(id, Clock::now());
  send(R"({"jsonrpc":"2.0","method":"Echo.stream","params":{"args":[)" + std::to_string(stream_n_) + "," +
       std::to_string(stream_size_) + "," + std::to_string(stream_window_) + "]},\"id\":" +
       std::to_string(id) + "}");
}

void LoadConnection::read_next() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t n) {
    self->on_read(ec, n);
  });
}

void LoadConnection::on_read(beast::error_code ec, std::size_t) {
  constexpr uint64_t kMaxMessage = 64u << 20;
  for (;;) {
    if (ec) return;  // the run is over or the server went away
    // Parsed in place, behind a NUL terminator: RapidJSON then scans strings
    // 16 bytes at a time. Parsing a copy byte by byte took half the client's
    // CPU on the 1 KiB stream, more than the server it measured.
    const size_t size = buffer_.size();
    static_cast<char*>(buffer_.prepare(1).data())[0] = '\0';
    on_message(static_cast<char*>(buffer_.data().data()));
    buffer_.consume(size);
    if (!ws_.next_layer().message_ready(kMaxMessage)) break;
    ws_.read(buffer_, ec);
  }
  ws_.next_layer().flush();
  read_next();
}

void LoadConnection::on_message(char* text) {
  char pool[4096];
  rapidjson::MemoryPoolAllocator<> allocator(pool, sizeof pool);
  rapidjson::Document doc(&allocator);
  doc.ParseInsitu(text);  // a NUL inside would end it early: JSON text has none
  if (doc.HasParseError() || !doc.IsObject()) return;
  auto method = doc.FindMember("method");
  auto id = doc.FindMember("id");
  if (method != doc.MemberEnd() && method->value.IsString()) {
    if (id != doc.MemberEnd()) on_server_request(id_text(id->value), method->value.GetString());
    return;
  }
  if (id != doc.MemberEnd() && id->value.IsUint64()) on_reply(id->value.GetUint64());
}

void LoadConnection::on_server_request(std::string_view id, std::string_view method) {
  if (method == "Client.chunk" && rec_.measuring) ++rec_.ops;
  send(R"({"jsonrpc":"2.0","id":)" + std::string(id) + R"(,"result":true})");
}

void LoadConnection::on_reply(uint64_t id) {
  auto it = sent_at_.find(id);
  if (it == sent_at_.end()) return;
  const double us = std::chrono::duration<double, std::micro>(Clock::now() - it->second).count();
  for (uint64_t worst = rec_.worst_us; us > static_cast<double>(worst);)
    if (rec_.worst_us.compare_exchange_weak(worst, static_cast<uint64_t>(us))) break;
  if (rec_.measuring) {
    rec_.latencies_us.push_back(us);
    if (mode_ == Mode::echo) ++rec_.ops;
  }
  sent_at_.erase(it);
  if (mode_ == Mode::echo) send_echo();
  else send_stream();
}

void LoadConnection::send(const std::string& frame) {
  beast::error_code ec;
  ws_.write(boost::asio::buffer(frame), ec);  // kept until the flush; cannot fail
}

}  // namespace acdc::bench

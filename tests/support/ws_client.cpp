#include "support/ws_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <stdexcept>

namespace acdc::test {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

namespace {

std::string to_text(const rapidjson::Value& v) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  v.Accept(w);
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace

WsClient::WsClient(unsigned short port, const std::string& token) : WsClient(port, Connect{token}) {}

WsClient::WsClient(unsigned short port, const Connect& options) : handlers_(options.handlers) {
  tcp::resolver resolver(io_);
  ws_ = std::make_unique<websocket::stream<tcp::socket>>(io_);
  boost::asio::connect(ws_->next_layer(), resolver.resolve("127.0.0.1", std::to_string(port)));
  // As browsers do: without it a request written while an earlier write is
  // unacknowledged waits for the host's delayed ACK, 40 ms that bench/repo
  // counted into half of its first calls (issue 18).
  ws_->next_layer().set_option(tcp::no_delay(true));
  ws_->set_option(websocket::stream_base::decorator([origin = options.origin](websocket::request_type& req) {
    if (!origin.empty()) req.set(beast::http::field::origin, origin);
  }));
  std::string target = options.path;
  if (!options.token.empty()) target += "?token=" + options.token;
  ws_->handshake("127.0.0.1:" + std::to_string(port), target);
  ws_->text(true);
  ws_->read_message_max(256u << 20);
  open_ = true;
  if (options.handshake) handshake();
}

WsClient::~WsClient() {
  if (!open_) return;
  beast::error_code ec;
  ws_->next_layer().close(ec);
}

void WsClient::handshake() {
  const std::string map = methods_json();
  send_text(R"({"jsonrpc":"2.0","method":"system.listComponents","params":)" + map + R"(,"id":1})");
  send_text(R"({"jsonrpc":"2.0","method":"system.listComponents","params":[],"id":2})");
  int answered = 0;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (answered < 2) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    std::string text = read_text(left);
    if (text.empty()) throw std::runtime_error("jrpc-oo handshake timed out");
    rapidjson::Document doc;
    doc.Parse(text.c_str());
    if (doc.IsObject() && doc.HasMember("id") && doc["id"].IsInt() && doc["id"].GetInt() <= 2) ++answered;
  }
  next_id_ = 3;
}

std::string WsClient::methods_json() const {
  std::string out = R"({"system.listComponents":true)";
  for (const auto& [name, handler] : handlers_) out += ",\"" + name + "\":true";
  return out + "}";
}

void WsClient::on(const std::string& method, Handler handler) { handlers_[method] = std::move(handler); }

void WsClient::send_text(const std::string& text) {
  ws_->text(true);
  ws_->write(boost::asio::buffer(text));
}

void WsClient::send_binary(const std::string& bytes) {
  ws_->binary(true);
  ws_->write(boost::asio::buffer(bytes));
  ws_->text(true);
}

void WsClient::send_together(const std::vector<RawFrame>& frames) {
  std::string bytes;
  for (const auto& f : frames) {
    bytes += static_cast<char>(f.first);
    const uint64_t n = f.payload.size();
    if (n < 126) {
      bytes += static_cast<char>(0x80 | n);
    } else if (n <= 0xFFFF) {
      bytes += static_cast<char>(0x80 | 126);
      for (int shift = 8; shift >= 0; shift -= 8) bytes += static_cast<char>((n >> shift) & 0xFF);
    } else {
      bytes += static_cast<char>(0x80 | 127);
      for (int shift = 56; shift >= 0; shift -= 8) bytes += static_cast<char>((n >> shift) & 0xFF);
    }
    bytes.append(4, '\0');  // the masking key
    bytes += f.payload;
  }
  boost::asio::write(ws_->next_layer(), boost::asio::buffer(bytes));
}

bool WsClient::is_open() const { return open_; }

bool WsClient::read_one(std::string& out, std::chrono::milliseconds timeout) {
  if (!open_) return false;
  // One read stays outstanding across calls: cancelling a WebSocket read
  // would break the stream, so a timeout just stops waiting for it.
  if (!read_pending_) {
    read_pending_ = true;
    read_done_ = false;
    ws_->async_read(buffer_, [this](beast::error_code ec, size_t) {
      read_ec_ = ec;
      read_done_ = true;
    });
  }
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!read_done_) {
    if (io_.stopped()) io_.restart();
    if (io_.run_one_until(deadline) == 0 && std::chrono::steady_clock::now() >= deadline) return false;
  }
  read_pending_ = false;
  read_done_ = false;
  if (read_ec_) {
    open_ = false;
    close_code_ = ws_->reason().code;
    return false;
  }
  out = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  return true;
}

bool WsClient::serve_request(const rapidjson::Document& doc) {
  if (!doc.IsObject() || !doc.HasMember("method") || !doc["method"].IsString()) return false;
  const std::string method = doc["method"].GetString();
  const bool has_id = doc.HasMember("id");
  const std::string id = has_id ? to_text(doc["id"]) : std::string();
  if (method == "system.listComponents") {
    // Kept, so tests can see the method maps the host announces.
    if (doc.HasMember("params")) received_[method].push_back(to_text(doc["params"]));
    if (has_id) send_text(R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":)" + methods_json() + "}");
    return true;
  }
  rapidjson::Value empty(rapidjson::kArrayType);
  const rapidjson::Value* args = &empty;
  if (doc.HasMember("params") && doc["params"].IsObject() && doc["params"].HasMember("args"))
    args = &doc["params"]["args"];
  received_[method].push_back(to_text(*args));
  auto handler = handlers_.find(method);
  if (!has_id) {  // a notification runs the method too; nothing is answered
    if (handler != handlers_.end()) handler->second(*args);
    return true;
  }
  if (handler == handlers_.end()) {
    send_text(R"({"jsonrpc":"2.0","id":)" + id + R"(,"error":{"code":-32601,"message":"Unknown method"}})");
    return true;
  }
  std::string result = handler->second(*args);
  send_text(R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":)" + (result.empty() ? "null" : result) + "}");
  return true;
}

bool WsClient::read_message(std::string& text, rapidjson::Document& doc, std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0 || !read_one(text, left)) return false;
    doc.Parse(text.c_str(), text.size());
    if (!serve_request(doc)) return true;
  }
}

std::string WsClient::read_text(std::chrono::milliseconds timeout) {
  std::string text;
  rapidjson::Document doc;
  return read_message(text, doc, timeout) ? text : std::string();
}

rapidjson::Document WsClient::call(const std::string& method, const std::string& args_json,
                                   std::chrono::milliseconds timeout) {
  const uint64_t id = next_id_++;
  send_text(R"({"jsonrpc":"2.0","method":")" + method + R"(","params":{"args":)" + args_json +
            R"(},"id":)" + std::to_string(id) + "}");
  auto matches = [id](const rapidjson::Document& doc) {
    return doc.IsObject() && doc.HasMember("id") && doc["id"].IsUint64() && doc["id"].GetUint64() == id;
  };
  for (auto it = backlog_.begin(); it != backlog_.end(); ++it) {
    rapidjson::Document doc;
    doc.Parse(it->c_str(), it->size());
    if (matches(doc)) {
      backlog_.erase(it);
      return doc;
    }
  }
  // Each message is parsed once (a 6 MB tree costs tens of milliseconds a
  // parse, which bench/repo would count as the plugin's).
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    std::string text;
    rapidjson::Document doc;
    if (left.count() <= 0 || !read_message(text, doc, left))
      throw std::runtime_error(open_ ? "no response to " + method + " in time"
                                     : "connection closed while waiting for " + method);
    if (matches(doc)) return doc;
    backlog_.push_back(std::move(text));
  }
}

std::vector<std::string> WsClient::received(const std::string& method) const {
  auto it = received_.find(method);
  return it == received_.end() ? std::vector<std::string>{} : it->second;
}

void WsClient::pump(std::chrono::milliseconds duration) {
  auto deadline = std::chrono::steady_clock::now() + duration;
  while (open_) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return;
    std::string text = read_text(left);
    if (!text.empty()) backlog_.push_back(text);
  }
}

bool WsClient::wait_for(const std::string& method, size_t count, std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (received(method).size() < count) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0 || !open_) return false;
    std::string text = read_text(std::min(left, std::chrono::milliseconds(50)));
    if (!text.empty()) backlog_.push_back(text);
  }
  return true;
}

}  // namespace acdc::test

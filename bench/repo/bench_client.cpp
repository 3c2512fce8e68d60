#include "bench_client.hpp"

#include <acdc/sdk/json.hpp>
#include <boost/asio/connect.hpp>

#include <stdexcept>

namespace acdc::bench {

namespace websocket = boost::beast::websocket;
using tcp = boost::asio::ip::tcp;

namespace {

constexpr const char* kMethods = R"({"system.listComponents":true})";

}  // namespace

BenchClient::BenchClient(unsigned short port, const std::string& token) : ws_(io_) {
  tcp::resolver resolver(io_);
  boost::asio::connect(ws_.next_layer(), resolver.resolve("127.0.0.1", std::to_string(port)));
  ws_.handshake("127.0.0.1:" + std::to_string(port), "/?token=" + token);
  ws_.text(true);
  ws_.read_message_max(256u << 20);
  // The jrpc-oo handshake: announce our (empty) method map, ask for theirs.
  call("system.listComponents", kMethods);
  call("system.listComponents", "[]");
}

BenchClient::~BenchClient() {
  boost::beast::error_code ec;
  ws_.next_layer().close(ec);
}

void BenchClient::send(const std::string& text) { ws_.write(boost::asio::buffer(text)); }

rapidjson::Document BenchClient::call(const std::string& method, const std::string& args_json) {
  uint64_t id = next_id_++;
  bool handshake = method == "system.listComponents";
  send(R"({"jsonrpc":"2.0","method":")" + method + R"(","params":)" +
       (handshake ? args_json : R"({"args":)" + args_json + "}") + R"(,"id":)" + std::to_string(id) + "}");
  return read_reply(id);
}

rapidjson::Document BenchClient::read_reply(uint64_t id) {
  while (true) {
    buffer_.consume(buffer_.size());
    ws_.read(buffer_);
    rapidjson::Document doc;
    doc.Parse(static_cast<const char*>(buffer_.data().data()), buffer_.size());
    if (doc.HasParseError() || !doc.IsObject()) throw std::runtime_error("the host sent a message that is not JSON");
    if (doc.HasMember("method")) {
      serve(doc);
      continue;
    }
    if (doc.HasMember("id") && doc["id"].IsUint64() && doc["id"].GetUint64() == id) return doc;
  }
}

void BenchClient::serve(const rapidjson::Document& request) {
  if (!request.HasMember("id")) return;  // a notification: nothing to answer
  std::string id = acdc::to_json_text(request["id"]);
  if (std::string(request["method"].GetString()) == "system.listComponents")
    send(R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":)" + kMethods + "}");
  else
    send(R"({"jsonrpc":"2.0","id":)" + id + R"(,"error":{"code":-32601,"message":"Unknown method"}})");
}

}  // namespace acdc::bench

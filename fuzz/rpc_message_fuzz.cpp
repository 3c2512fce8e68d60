// fuzz/rpc_message_fuzz.cpp -- WebSocket text frames into the host's JSON-RPC
// peer (rpc::Peer::on_message), as ws_session delivers them.
//
// One input is a conversation: frames separated by the byte 0xFF, which never
// occurs in a text frame (Beast refuses invalid UTF-8 before the peer sees
// it, so frames that are not valid UTF-8 are skipped here too). The router
// serves a built-in echo and a method that calls back into the client, so
// requests, answers and replies to the host's own calls all run. Every frame
// the host sends back must be exactly one JSON value in valid UTF-8: a client
// cannot read anything else.
#include "rpc/hub.hpp"
#include "rpc/peer.hpp"
#include "rpc/router.hpp"

#include <acdc/host/json.hpp>
#include <acdc/sdk/utf8.hpp>
#include <boost/asio/io_context.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

namespace {

using namespace acdc::rpc;

class DiscardTransport final : public Transport {
 public:
  explicit DiscardTransport(boost::asio::io_context& io) : io_(io) {}
  void send(std::string message) override {
    if (is_valid_json(message)) return;
    std::fprintf(stderr, "the host sent a frame that is not one JSON value in UTF-8: %s\n", message.c_str());
    std::abort();
  }
  void close(uint16_t, std::string) override {}
  boost::asio::any_io_executor executor() override { return io_.get_executor(); }

 private:
  boost::asio::io_context& io_;
};

Hub& hub() {
  static Router router;
  static Hub* hub = [] {
    auto* h = new Hub(router);
    auto table = std::make_shared<RouteTable>();
    table->routes.emplace("Fuzz.echo", std::make_shared<BuiltinTarget>(
        [](std::string_view args, std::unique_ptr<CallOrigin> origin) { origin->finish(ACDC_OK, args); }));
    table->routes.emplace("Fuzz.fail", std::make_shared<BuiltinTarget>(
        [](std::string_view args, std::unique_ptr<CallOrigin> origin) {
          origin->finish(ACDC_E_INVALID_PARAMS, std::string("refused ") + std::string(args));
        }));
    // Calls the client back with the request's args and answers with its reply.
    table->routes.emplace("Fuzz.ask", std::make_shared<BuiltinTarget>(
        [h](std::string_view args, std::unique_ptr<CallOrigin> origin) {
          acdc_client client = origin->client();
          std::shared_ptr<CallOrigin> o(std::move(origin));
          h->call(client, "Client.answer", args,
                  [o](acdc_status status, std::string_view reply) { o->finish(status, reply); });
        }));
    table->absent_classes.emplace("Gone", "plugin 'gone' is not loaded: fuzzing");
    table->methods_json = describe_methods(*table);
    router.publish(std::move(table));
    return h;
  }();
  return *hub;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  boost::asio::io_context io;  // per input: its destruction drops the sweep timers' handlers
  auto transport = std::make_shared<DiscardTransport>(io);
  auto peer = std::make_shared<Peer>(hub(), transport);
  peer->start();
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  while (true) {
    size_t end = rest.find('\xff');
    std::string frame(rest.substr(0, end));
    if (acdc::is_valid_utf8(frame)) peer->on_message(frame.data(), frame.size());
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  peer->on_closed();
  return 0;
}

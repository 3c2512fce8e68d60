// adapters/interactive_harness.hpp -- an Interactive Mode API connection
// in-process, over a transport that keeps what is sent and an engine the
// test scripts round by round: the session logic without a host or model.
//
//   Harness h;
//   auto frames = h.request(R"({"jsonrpc":"2.0","id":1,"method":"startSession","params":{"userId":"u"}})");
//   h.engine->chunk(0, "Hel");  h.engine->done(0, R"({"text":"Hel","tool_calls":[]})");
//   h.settle();  auto sent = h.take();
#pragma once

#include "interactive/connection.hpp"

#include <boost/asio/io_context.hpp>
#include <rapidjson/document.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace acdc::interactive::test {

class FakeTransport : public rpc::Transport {
 public:
  explicit FakeTransport(boost::asio::io_context& io) : io_(io) {}
  void send(std::string message) override { sent.push_back(std::move(message)); }
  void close(uint16_t, std::string) override { closed = true; }
  boost::asio::any_io_executor executor() override { return io_.get_executor(); }

  std::vector<std::string> sent;
  bool closed = false;

 private:
  boost::asio::io_context& io_;
};

class FakeEngine : public ConverseEngine {
 public:
  struct Round {
    std::string request_id;
    std::string request_json;
    OnChunk on_chunk;
    OnDone done;
  };

  std::optional<std::string> unavailable() const override { return why_unavailable; }
  void converse(const std::string& request_id, std::string request_json, OnChunk on_chunk, OnDone done) override {
    rounds.push_back({request_id, std::move(request_json), std::move(on_chunk), std::move(done)});
  }
  void cancel(const std::string& request_id) override { cancelled.push_back(request_id); }

  void chunk(size_t round, const std::string& text) { rounds.at(round).on_chunk(text); }
  void done(size_t round, const std::string& body, acdc_status status = ACDC_OK) { rounds.at(round).done(status, body); }
  // The round's request, parsed.
  rapidjson::Document request(size_t round) const;

  std::vector<Round> rounds;
  std::vector<std::string> cancelled;
  std::optional<std::string> why_unavailable;
};

struct Harness {
  explicit Harness(config::InteractiveConfig timeouts = {});

  // Sends one text frame, runs what is ready, returns every frame sent since the last take().
  std::vector<std::string> request(std::string text);
  // Runs what is ready (posted chunks, replies).
  void settle();
  // Runs handlers, timers included, until `count` frames wait to be taken;
  // false if they are not there after a limit far beyond any test's timers.
  bool run_until_sent(size_t count);
  std::vector<std::string> take();
  // startSession; returns the session id.
  std::string start(const std::string& session_params = "{}");

  boost::asio::io_context io;
  std::shared_ptr<FakeTransport> transport;
  std::shared_ptr<FakeEngine> engine;
  std::shared_ptr<Connection> connection;
};

rapidjson::Document parse(const std::string& frame);
// A request frame: {"jsonrpc":"2.0","id":<id>,"method":<method>,"params":<params>}.
std::string req(const std::string& id, const std::string& method, const std::string& params);
std::string send_msg(const std::string& session, const std::string& text, const std::string& id = "2");
// The error code of a reply frame (0 for a result), and its id as JSON text.
int error_code(const std::string& frame);
std::string id_text(const std::string& frame);
// A frame's "method" ("" for replies).
std::string method_of(const std::string& frame);

}  // namespace acdc::interactive::test

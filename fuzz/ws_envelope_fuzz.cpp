// fuzz/ws_envelope_fuzz.cpp -- text frames a /ws client sends, into an
// Interactive Mode API connection (adapters/interactive): no
// crash, and every frame the host sends back is one valid JSON object,
// whatever the envelope, the method, the params or their order.
//
// The input is frames, one per line; "$SID" in a frame stands for the id
// of the last session started, which no input could guess. The model behind the sessions is
// scripted here: after each frame, every round the connection started is
// answered, in turn with text, a tool call, a provider error, or a chunk
// and text, so the fuzzer reaches turns, tool results and stops.
#include "interactive/connection.hpp"

#include <boost/asio/io_context.hpp>
#include <rapidjson/document.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace acdc::interactive;

class Transport : public acdc::rpc::Transport {
 public:
  explicit Transport(boost::asio::io_context& io) : io_(io) {}
  void send(std::string message) override { sent.push_back(std::move(message)); }
  void close(uint16_t, std::string) override {}
  boost::asio::any_io_executor executor() override { return io_.get_executor(); }
  std::vector<std::string> sent;

 private:
  boost::asio::io_context& io_;
};

class Engine : public ConverseEngine {
 public:
  struct Round {
    OnChunk chunk;
    OnDone done;
  };
  std::optional<std::string> unavailable() const override { return std::nullopt; }
  void converse(const std::string&, std::string, OnChunk on_chunk, OnDone done) override {
    pending.push_back({std::move(on_chunk), std::move(done)});
  }
  void cancel(const std::string&) override {}

  void answer_all() {
    auto rounds = std::move(pending);
    pending.clear();
    for (auto& r : rounds) {
      switch (answered++ % 4) {
        case 0: r.done(ACDC_OK, R"({"text":"Hello.","tool_calls":[]})"); break;
        case 1: r.done(ACDC_OK, R"({"text":"","tool_calls":[{"id":"c1","name":"t","arguments":"{\"a\":1}"}]})"); break;
        case 2: r.done(ACDC_E_UNAVAILABLE, "the provider said 503"); break;
        default:
          r.chunk("par");
          r.done(ACDC_OK, R"({"text":"partial","tool_calls":[]})");
      }
    }
  }
  std::vector<Round> pending;
  unsigned answered = 0;
};

// The sessionId of the last startSession reply among `sent`, else `was`.
std::string last_session(const std::vector<std::string>& sent, std::string was) {
  for (const auto& frame : sent) {
    rapidjson::Document d;
    d.Parse(frame.data(), frame.size());
    if (d.IsObject() && d.HasMember("result") && d["result"].IsObject() && d["result"].HasMember("sessionId") &&
        d["result"]["sessionId"].IsString())
      was = d["result"]["sessionId"].GetString();
  }
  return was;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  boost::asio::io_context io;
  auto transport = std::make_shared<Transport>(io);
  auto engine = std::make_shared<Engine>();
  auto connection = std::make_shared<Connection>(transport, engine, acdc::config::InteractiveConfig{});
  std::string session_id = "none";
  std::string_view input(reinterpret_cast<const char*>(data), size);
  while (!input.empty()) {
    const size_t nl = input.find('\n');
    std::string frame(input.substr(0, nl));
    input.remove_prefix(nl == std::string_view::npos ? input.size() : nl + 1);
    for (size_t at; (at = frame.find("$SID")) != std::string::npos;) frame.replace(at, 4, session_id);
    const size_t length = frame.size();
    frame.push_back('\0');  // on_message may parse in place, as the WebSocket reader lets it
    connection->on_message(frame.data(), length);
    io.restart();
    io.poll();
    engine->answer_all();
    io.restart();
    io.poll();
    session_id = last_session(transport->sent, session_id);
  }
  connection->on_closed();
  engine->answer_all();  // rounds that end after the client left send nothing, or valid frames
  io.restart();
  io.poll();
  for (const auto& frame : transport->sent) {
    rapidjson::Document d;
    d.Parse(frame.data(), frame.size());
    if (d.HasParseError() || !d.IsObject()) {
      std::fprintf(stderr, "not one JSON object: %s\n", frame.c_str());
      std::abort();
    }
  }
  return 0;
}

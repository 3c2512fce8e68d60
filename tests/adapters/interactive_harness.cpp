#include "interactive_harness.hpp"

#include <catch2/catch.hpp>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace acdc::interactive::test {

rapidjson::Document parse(const std::string& frame) {
  rapidjson::Document d;
  d.Parse(frame.c_str());
  REQUIRE_FALSE(d.HasParseError());
  return d;
}

std::string method_of(const std::string& frame) {
  auto d = parse(frame);
  return d.HasMember("method") ? d["method"].GetString() : "";
}

std::string req(const std::string& id, const std::string& method, const std::string& params) {
  return R"({"jsonrpc":"2.0","id":)" + id + R"(,"method":")" + method + R"(","params":)" + params + "}";
}

std::string send_msg(const std::string& session, const std::string& text, const std::string& id) {
  return req(id, "sendUserMessage", R"({"sessionId":")" + session + R"(","message":")" + text + R"("})");
}

int error_code(const std::string& frame) {
  auto d = parse(frame);
  return d.HasMember("error") ? d["error"]["code"].GetInt() : 0;
}

std::string id_text(const std::string& frame) {
  auto d = parse(frame);
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  d["id"].Accept(w);
  return b.GetString();
}

rapidjson::Document FakeEngine::request(size_t round) const { return parse(rounds.at(round).request_json); }

Harness::Harness(config::InteractiveConfig timeouts)
    : transport(std::make_shared<FakeTransport>(io)), engine(std::make_shared<FakeEngine>()) {
  connection = std::make_shared<Connection>(transport, engine, timeouts);
}

void Harness::settle() {
  io.restart();
  io.poll();
}

bool Harness::run_until_sent(size_t count) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  io.restart();
  while (transport->sent.size() < count && std::chrono::steady_clock::now() < until)
    io.run_one_until(until);
  return transport->sent.size() >= count;
}

std::vector<std::string> Harness::request(std::string text) {
  text.push_back('\0');
  connection->on_message(text.data(), text.size() - 1);
  settle();
  return take();
}

std::vector<std::string> Harness::take() { return std::exchange(transport->sent, {}); }

std::string Harness::start(const std::string& session_params) {
  auto frames = request(R"({"jsonrpc":"2.0","id":"s","method":"startSession","params":{"userId":"u","sessionParams":)" +
                        session_params + "}}");
  REQUIRE(frames.size() == 2);
  auto reply = parse(frames[0]);
  REQUIRE(reply.HasMember("result"));
  return reply["result"]["sessionId"].GetString();
}

}  // namespace acdc::interactive::test

// Malformed frames (jrpc-oo-wire.md §9, §13): each gets a JSON-RPC error or
// a clean close, never a crash or a stall, and other clients keep being
// served throughout.
#include "support/host_process.hpp"
#include "support/ws_client.hpp"

#include <catch2/catch.hpp>
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <signal.h>

#include <thread>

using namespace acdc::test;
using namespace std::chrono_literals;

namespace {

const std::string kEcho = "plugins:\n  - name: echo\n";

rapidjson::Document parse(const std::string& text) {
  rapidjson::Document doc;
  doc.Parse(text.c_str());
  return doc;
}

// Sends a raw frame and returns the error code of the answer.
int error_code_for(WsClient& client, const std::string& frame) {
  client.send_text(frame);
  auto doc = parse(client.read_text(5s));
  REQUIRE(doc.IsObject());
  REQUIRE(doc.HasMember("error"));
  return doc["error"]["code"].GetInt();
}

}  // namespace

TEST_CASE("requests with missing, null or wrong params get a clear error") {
  HostProcess host({.config_yaml = kEcho});
  WsClient client(host.port(), host.token());
  CHECK(error_code_for(client, R"({"jsonrpc":"2.0","method":"Echo.echo","id":1})") == -32602);
  CHECK(error_code_for(client, R"({"jsonrpc":"2.0","method":"Echo.echo","params":null,"id":2})") == -32602);
  CHECK(error_code_for(client, R"({"jsonrpc":"2.0","method":"Echo.echo","params":{"args":5},"id":3})") == -32602);
  CHECK(error_code_for(client, R"({"jsonrpc":"2.0","method":"Echo.echo","params":"str","id":4})") == -32602);
  CHECK(error_code_for(client, R"({"jsonrpc":"2.0","method":"Echo.echo","params":{"x":1},"id":5})") == -32602);
  // Positional params from a plain JSON-RPC client are accepted as args.
  client.send_text(R"({"jsonrpc":"2.0","method":"Echo.add","params":[2,3],"id":6})");
  CHECK(parse(client.read_text(5s))["result"].GetInt() == 5);
}

TEST_CASE("invalid JSON, non-objects and bad envelopes are answered, not ignored") {
  HostProcess host({.config_yaml = kEcho});
  WsClient client(host.port(), host.token());
  CHECK(error_code_for(client, "not json") == -32700);
  CHECK(error_code_for(client, R"({"jsonrpc":"2.0","method":"Echo.echo",)") == -32700);
  CHECK(error_code_for(client, "null") == -32600);
  CHECK(error_code_for(client, "42") == -32600);
  CHECK(error_code_for(client, R"("a string")") == -32600);
  CHECK(error_code_for(client, R"({"method":"Echo.add","params":{"args":[1,2]},"id":7})") == -32600);
  CHECK(error_code_for(client, R"({"jsonrpc":"2.0","method":"Echo.add","id":{"x":1}})") == -32600);
  CHECK(error_code_for(client, R"({"jsonrpc":"2.0","method":"__proto__","id":8})") == -32601);
  CHECK(error_code_for(client, R"({"jsonrpc":"2.0","method":"toString","id":9})") == -32601);
  CHECK(error_code_for(client, R"({"jsonrpc":"2.0","method":"constructor","id":10})") == -32601);
}

TEST_CASE("ids come back verbatim, notifications get no answer, stray responses are dropped") {
  HostProcess host({.config_yaml = kEcho});
  WsClient client(host.port(), host.token());
  client.send_text(R"({"jsonrpc":"2.0","method":"Echo.add","params":{"args":[1,1]},"id":0})");
  CHECK(parse(client.read_text(5s))["id"].GetInt() == 0);
  client.send_text(R"({"jsonrpc":"2.0","method":"Echo.add","params":{"args":[1,1]},"id":"abc"})");
  CHECK(std::string(parse(client.read_text(5s))["id"].GetString()) == "abc");
  client.send_text(R"({"jsonrpc":"2.0","method":"Echo.add","params":{"args":[1,1]}})");
  client.send_text(R"({"jsonrpc":"2.0","id":424242,"result":1})");
  client.send_text(R"({"jsonrpc":"2.0","id":"nope","error":{"code":1,"message":"x"}})");
  CHECK(client.read_text(300ms).empty());
  CHECK(client.call("Echo.add", "[2,2]")["result"].GetInt() == 4);
}

TEST_CASE("batches: arrays of requests are all served, other arrays ignored") {
  HostProcess host({.config_yaml = kEcho});
  WsClient client(host.port(), host.token());
  client.send_text(R"([{"jsonrpc":"2.0","method":"Echo.add","params":{"args":[1,2]},"id":1},)"
                   R"({"jsonrpc":"2.0","method":"Echo.add","params":{"args":[3,4]},"id":2}])");
  int sum = 0;
  for (int i = 0; i < 2; ++i) sum += parse(client.read_text(5s))["result"].GetInt();
  CHECK(sum == 10);
  client.send_text("[]");
  client.send_text("[1]");
  client.send_text("[[[[[]]]]]");
  CHECK(client.read_text(300ms).empty());
  CHECK(client.call("Echo.add", "[1,1]")["result"].GetInt() == 2);
}

TEST_CASE("deeply nested arrays are refused without overflowing any stack") {
  HostProcess host({.config_yaml = kEcho});
  WsClient client(host.port(), host.token());
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  CHECK(error_code_for(client, deep) == -32600);
  std::string args = "[" + std::string(400, '[') + std::string(400, ']') + "]";
  auto echoed = client.call("Echo.echo", args);
  CHECK(echoed.HasMember("result"));
  const std::string deep_arg = R"({"jsonrpc":"2.0","method":"Echo.echo","params":{"args":[)" +
                               std::string(5000, '[') + std::string(5000, ']') + R"(]},"id":3})";
  CHECK(error_code_for(client, deep_arg) == -32600);
}

TEST_CASE("a binary frame closes that connection with 1003 while others keep working") {
  HostProcess host({.config_yaml = kEcho});
  WsClient bystander(host.port(), host.token());
  WsClient client(host.port(), host.token());
  client.send_binary(R"({"jsonrpc":"2.0","method":"Echo.add","params":{"args":[1,2]},"id":5})");
  CHECK(client.read_text(5s).empty());
  CHECK_FALSE(client.is_open());
  CHECK(client.close_code() == 1003);
  CHECK(bystander.call("Echo.add", "[1,2]")["result"].GetInt() == 3);
}

std::string add_request(int id) {
  return R"({"jsonrpc":"2.0","method":"Echo.add","params":{"args":[)" + std::to_string(id) + R"(,1]},"id":)" +
         std::to_string(id) + "}";
}

constexpr uint8_t kText = 0x81, kTextFirstPart = 0x01, kLastPart = 0x80, kPing = 0x89;

TEST_CASE("requests that arrive together in one segment are all answered, in order") {
  HostProcess host({.config_yaml = kEcho});
  WsClient client(host.port(), host.token());
  std::vector<WsClient::RawFrame> frames;
  for (int id = 10; id < 410; ++id) frames.push_back({kText, add_request(id)});
  // A ping and a message in two fragments among them take the slower path.
  frames.insert(frames.begin() + 100, {kPing, "p"});
  frames.insert(frames.begin() + 200, {kTextFirstPart, add_request(7).substr(0, 20)});
  frames.insert(frames.begin() + 201, {kLastPart, add_request(7).substr(20)});
  client.send_together(frames);
  std::vector<int> ids;
  for (int i = 0; i < 401; ++i) {
    auto doc = parse(client.read_text(5s));
    REQUIRE(doc.IsObject());
    REQUIRE(doc["result"].GetInt() == doc["id"].GetInt() + 1);
    ids.push_back(doc["id"].GetInt());
  }
  std::vector<int> expected;
  for (int id = 10; id < 410; ++id) expected.push_back(id);
  expected.insert(expected.begin() + 199, 7);
  CHECK(ids == expected);
}

TEST_CASE("texts of every length the frame header spells differently come back exactly") {
  HostProcess host({.config_yaml = kEcho});
  WsClient client(host.port(), host.token());
  // A client masks its frames; the host unmasks eight bytes at a time, then
  // the tail: every length up to 300, and around the 16-bit length field.
  std::vector<size_t> lengths;
  for (size_t n = 0; n <= 300; ++n) lengths.push_back(n);
  for (size_t n : {65400u, 65535u, 65536u, 65537u}) lengths.push_back(n);
  for (size_t n : lengths) {
    std::string text;
    for (size_t i = 0; text.size() < n; ++i) text += i % 7 == 6 ? std::string("\xC3\xA9") : std::string(1, char('a' + i % 26));
    text.resize(n);
    if (!text.empty() && static_cast<unsigned char>(text.back()) == 0xC3) text.back() = 'z';  // no cut character
    rapidjson::Document args;
    args.SetArray();
    args.PushBack(rapidjson::Value(text.c_str(), static_cast<rapidjson::SizeType>(text.size()), args.GetAllocator()),
                  args.GetAllocator());
    rapidjson::StringBuffer buf;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buf);
    args.Accept(writer);
    auto reply = client.call("Echo.echo", buf.GetString());
    REQUIRE(reply.HasMember("result"));
    REQUIRE(reply["result"].IsString());
    CHECK(std::string(reply["result"].GetString(), reply["result"].GetStringLength()) == text);
  }
}

TEST_CASE("a bad frame among good ones: those before it are answered, then 1007, others unaffected") {
  HostProcess host({.config_yaml = kEcho});
  WsClient bystander(host.port(), host.token());
  WsClient client(host.port(), host.token());
  client.send_together({{kText, add_request(1)},
                        {kText, add_request(2)},
                        {kText, "[\"\xC3\x28 is not UTF-8\"]"},
                        {kText, add_request(3)}});
  CHECK(parse(client.read_text(5s))["id"].GetInt() == 1);
  CHECK(parse(client.read_text(5s))["id"].GetInt() == 2);
  CHECK(client.read_text(5s).empty());
  CHECK_FALSE(client.is_open());
  CHECK(client.close_code() == 1007);
  CHECK(bystander.call("Echo.add", "[1,2]")["result"].GetInt() == 3);
}

TEST_CASE("a message over 64 MiB closes that connection with 1009 while others keep working") {
  HostProcess host({.config_yaml = kEcho});
  WsClient bystander(host.port(), host.token());
  WsClient client(host.port(), host.token());
  const std::string big = R"({"jsonrpc":"2.0","method":"Echo.echo","params":{"args":[")" +
                          std::string((64u << 20) + 16, 'x') + R"("]},"id":9})";
  try {
    client.send_text(big);
  } catch (const std::exception&) {
    // The host may close while the frame is still being written.
  }
  CHECK(client.read_text(10s).empty());
  CHECK(client.close_code() == 1009);
  CHECK(bystander.call("Echo.add", "[20,22]")["result"].GetInt() == 42);
}

TEST_CASE("a message just under the limit is served") {
  HostProcess host({.config_yaml = kEcho});
  WsClient client(host.port(), host.token());
  const std::string payload(8u << 20, 'y');
  auto r = client.call("Echo.echo", "[\"" + payload + "\"]");
  CHECK(r["result"].GetStringLength() == payload.size());
}

TEST_CASE("a client that disconnects in the middle of calls does not disturb the host") {
  HostProcess host({.config_yaml = kEcho});
  {
    WsClient leaving(host.port(), host.token());
    for (int i = 0; i < 50; ++i)
      leaving.send_text(R"({"jsonrpc":"2.0","method":"Echo.slow","params":{"args":[200]},"id":)" +
                        std::to_string(100 + i) + "}");
  }
  WsClient client(host.port(), host.token());
  CHECK(client.call("Echo.add", "[5,5]")["result"].GetInt() == 10);
  CHECK(host.stop() == 0);
}

TEST_CASE("a quiet client that answers pings is kept, one that answers nothing is cut off") {
  HostProcess host({.config_yaml = "ws_keepalive_ms: 100\n" + kEcho});
  WsClient silent(host.port(), host.token());  // never reads, so never answers a ping
  WsClient quiet(host.port(), host.token());
  quiet.pump(1s);  // reading answers the host's pings; it sends nothing else for ten periods
  CHECK(quiet.call("Echo.add", "[1,2]")["result"].GetInt() == 3);
  CHECK_THROWS(silent.call("Echo.add", "[1,2]", 2s));
  CHECK(host.stop() == 0);
}

TEST_CASE("a client that sends pings and never reads is cut off before the pongs pile up, others are served") {
  HostProcess host({.config_yaml = kEcho});
  WsClient flooder(host.port(), host.token());
  WsClient other(host.port(), host.token());
  const std::vector<WsClient::RawFrame> pings(8192, WsClient::RawFrame{0x89, std::string(125, 'p')});
  // Up to 1 GiB of pings; the host keeps at most its reply limit (128 MiB) of pongs.
  // The bystander calls between batches, as a live client reads (and so
  // answers the host's keepalive pings) however long a slow build floods.
  bool cut = false;
  for (int i = 0; i < 1024 && !cut; ++i) {
    try {
      flooder.send_together(pings);
    } catch (const std::exception&) {
      cut = true;
    }
    REQUIRE(other.call("Echo.add", "[1,2]")["result"].GetInt() == 3);
  }
  CHECK(cut);
  CHECK(host.stop() == 0);
}

TEST_CASE("SIGINT during a call: its answer arrives before the connection closes") {
  HostProcess host({.config_yaml = kEcho});
  WsClient client(host.port(), host.token());
  client.send_text(R"({"jsonrpc":"2.0","method":"Echo.slow","params":{"args":[300]},"id":7})");
  std::this_thread::sleep_for(50ms);
  ::kill(host.pid(), SIGINT);
  auto reply = parse(client.read_text(5s));
  REQUIRE(reply.IsObject());
  CHECK(reply["id"].GetInt() == 7);
  CHECK(reply["result"].GetInt() == 300);
  CHECK(host.wait() == 0);  // a second SIGINT would mean "now"
}

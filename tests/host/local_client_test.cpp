// The adapters' in-process jrpc-oo client (host/include/acdc/host/local_client.hpp):
// calls reach a route and answer, a route's notifications to the caller
// arrive before its answer, a missing method says so, and a disconnect fails
// what is pending; a server-to-client call can be answered later, once.
#include "rpc/hub.hpp"
#include "rpc/router.hpp"

#include <acdc/host/local_client.hpp>
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

using acdc::host::LocalClient;
using namespace acdc::rpc;

namespace {

struct Fixture {
  boost::asio::io_context io;
  Router router;
  Hub hub{router};
  std::unique_ptr<CallOrigin> parked;  // a call Test.park leaves unanswered

  Fixture() {
    auto table = std::make_shared<RouteTable>();
    // Test.echo: notifies the caller twice, then answers with its args.
    table->routes["Test.echo"] = std::make_shared<BuiltinTarget>(
        [this](std::string_view args, std::unique_ptr<CallOrigin> origin) {
          hub.notify(origin->client(), "AcApp.converseChunk", R"(["a"])");
          hub.notify(origin->client(), "AcApp.converseChunk", R"(["b"])");
          origin->finish(ACDC_OK, args);
        });
    table->routes["Test.park"] = std::make_shared<BuiltinTarget>(
        [this](std::string_view, std::unique_ptr<CallOrigin> origin) { parked = std::move(origin); });
    table->routes["Test.refuse"] = std::make_shared<BuiltinTarget>(
        [](std::string_view, std::unique_ptr<CallOrigin> origin) {
          origin->finish(ACDC_E_FAILED_PRECONDITION, "not now: try later");
        });
    table->absent_classes["LLMService"] = "plugin 'llm' is not loaded: not in this build";
    table->methods_json = describe_methods(*table);
    router.publish(table);
  }
};

struct Answer {
  acdc_status status = ACDC_E_INTERNAL;
  std::string text;
};

}  // namespace

TEST_CASE("a call answers, and the route's notifications to its caller come first") {
  Fixture f;
  std::vector<std::string> events;
  auto client = LocalClient::connect(f.hub, f.io.get_executor(),
                                     {.methods = {{"AcApp.converseChunk", [&](std::string_view args) {
                                                    events.push_back(std::string(args));
                                                  }}}});
  std::optional<Answer> answer;
  client->call("Test.echo", R"([1,"two"])", [&](acdc_status s, std::string_view text) {
    answer = Answer{s, std::string(text)};
    events.push_back("answer");
  });
  REQUIRE(answer);
  CHECK(answer->status == ACDC_OK);
  CHECK(answer->text == R"([1,"two"])");
  CHECK(events == std::vector<std::string>{R"(["a"])", R"(["b"])", "answer"});
}

TEST_CASE("a route's failure keeps its status and message") {
  Fixture f;
  auto client = LocalClient::connect(f.hub, f.io.get_executor(), {});
  std::optional<Answer> answer;
  client->call("Test.refuse", "[]", [&](acdc_status s, std::string_view text) { answer = Answer{s, std::string(text)}; });
  REQUIRE(answer);
  CHECK(answer->status == ACDC_E_FAILED_PRECONDITION);
  CHECK(answer->text == "not now: try later");
}

TEST_CASE("a method of a plugin missing from the build says which plugin is absent") {
  Fixture f;
  auto client = LocalClient::connect(f.hub, f.io.get_executor(), {});
  std::optional<Answer> answer;
  client->call("LLMService.converse", R"(["r",{}])",
               [&](acdc_status s, std::string_view text) { answer = Answer{s, std::string(text)}; });
  REQUIRE(answer);
  CHECK(answer->status == kStatusMethodNotFound);
  CHECK(answer->text.find("plugin 'llm' is not loaded") != std::string::npos);
}

TEST_CASE("a disconnect fails the pending call, and a late answer goes nowhere") {
  Fixture f;
  auto client = LocalClient::connect(f.hub, f.io.get_executor(), {});
  CHECK(f.hub.size() == 1);
  std::vector<Answer> answers;
  client->call("Test.park", "[]", [&](acdc_status s, std::string_view text) { answers.push_back({s, std::string(text)}); });
  REQUIRE(f.parked);
  REQUIRE(answers.empty());
  client->disconnect();
  REQUIRE(answers.size() == 1);
  CHECK(answers[0].status == ACDC_E_UNAVAILABLE);
  CHECK(f.hub.size() == 0);
  f.parked->finish(ACDC_OK, "true");  // the route answers after all
  CHECK(answers.size() == 1);
  client->call("Test.echo", "[]", [&](acdc_status s, std::string_view text) { answers.push_back({s, std::string(text)}); });
  REQUIRE(answers.size() == 2);
  CHECK(answers[1].status == ACDC_E_UNAVAILABLE);
}

TEST_CASE("a client the host closes hears of it once") {
  Fixture f;
  int closed = 0;
  auto client = LocalClient::connect(f.hub, f.io.get_executor(), {.on_closed = [&] { ++closed; }});
  f.hub.find(client->id())->close(1001, "shutting down");
  CHECK(closed == 1);
  CHECK(f.hub.size() == 0);
  client->disconnect();
  CHECK(closed == 1);
}

TEST_CASE("a server-to-client call the adapter answers later reaches its caller, once, result or error") {
  Fixture f;
  std::vector<LocalClient::Reply> held;
  auto client = LocalClient::connect(
      f.hub, f.io.get_executor(),
      {.async_methods = {{"AcApp.writeTextFile", [&](std::string_view, LocalClient::Reply reply) {
         held.push_back(std::move(reply));  // asked the editor first; answered below
       }}}});
  std::optional<Answer> first, second;
  f.hub.call(client->id(), "AcApp.writeTextFile", R"(["a.py","x"])",
             [&](acdc_status s, std::string_view text) { first = Answer{s, std::string(text)}; });
  f.hub.call(client->id(), "AcApp.writeTextFile", R"(["b.py","y"])",
             [&](acdc_status s, std::string_view text) { second = Answer{s, std::string(text)}; });
  REQUIRE(held.size() == 2);
  CHECK_FALSE(first);  // nothing is answered before the adapter says so
  held[0](ACDC_OK, R"({"written":true})");
  held[0](ACDC_OK, "null");  // a second answer is dropped
  held[1](ACDC_E_PERMISSION_DENIED, "you rejected this edit");
  REQUIRE(first);
  CHECK(first->status == ACDC_OK);
  CHECK(first->text == R"({"written":true})");
  REQUIRE(second);
  CHECK(second->status != ACDC_OK);  // the hub words a client's error as it does a browser's
  CHECK_THAT(second->text, Catch::Contains("you rejected this edit"));
}

TEST_CASE("an answer given after the client left goes nowhere") {
  Fixture f;
  LocalClient::Reply held;
  auto client = LocalClient::connect(
      f.hub, f.io.get_executor(),
      {.async_methods = {{"AcApp.readTextFile", [&](std::string_view, LocalClient::Reply reply) { held = reply; }}}});
  std::optional<Answer> answer;
  f.hub.call(client->id(), "AcApp.readTextFile", R"(["a.py"])",
             [&](acdc_status s, std::string_view text) { answer = Answer{s, std::string(text)}; });
  REQUIRE(held);
  client->disconnect();
  REQUIRE(answer);  // the hub failed the call when the client left
  CHECK(answer->status == ACDC_E_UNAVAILABLE);
  held(ACDC_OK, R"("late")");
  client.reset();
  held(ACDC_OK, R"("later")");
}

// Hot swap (issue 6, plugin-abi.md §2.8): with --dev the host watches the
// plugin file; a new build written over it is swapped in while clients keep
// calling, a server-to-client stream runs on, state carries over, the old
// copy is unmapped, and a broken build leaves the old one serving.
#include "support/host_process.hpp"
#include "support/ws_client.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <set>
#include <mutex>
#include <thread>

using namespace acdc::test;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

fs::path build_of(const std::string& variant) {
  if (variant == "v1") return fs::path(HostProcess::plugin_dir()) / "echo.acdc.so";
  return fs::path(HostProcess::test_plugin_dir()) / "swap" / variant / "echo.acdc.so";
}

// Writes a build the way a linker or an install step does: a temporary file
// renamed over the watched one, so the host only ever sees complete files.
void deploy(const std::string& variant, const fs::path& target) {
  fs::copy_file(build_of(variant), target.string() + ".tmp", fs::copy_options::overwrite_existing);
  fs::rename(target.string() + ".tmp", target);
}

std::string version_of(WsClient& client) {
  auto r = client.call("Echo.version", "[]");
  return r.HasMember("result") ? r["result"].GetString() : "";
}

bool wait_for_version(WsClient& client, const std::string& version) {
  for (auto until = std::chrono::steady_clock::now() + 10s; std::chrono::steady_clock::now() < until;) {
    if (version_of(client) == version) return true;
    std::this_thread::sleep_for(5ms);
  }
  return false;
}

// The private copies of echo the host process has mapped right now.
std::set<std::string> mapped_echo_copies(pid_t pid) {
  std::set<std::string> copies;
  std::ifstream maps("/proc/" + std::to_string(pid) + "/maps");
  for (std::string line; std::getline(maps, line);) {
    auto at = line.find("/echo-");
    if (at != std::string::npos && line.find(".acdc.so") != std::string::npos) copies.insert(line.substr(at));
  }
  return copies;
}

struct Fixture {
  TempDir dir;
  fs::path plugin = dir.path() / "echo.acdc.so";
  Fixture() { fs::copy_file(build_of("v1"), plugin); }
  HostOptions options() const {
    return {.config_yaml = "plugins:\n  - name: echo\n    path: " + plugin.string() + "\n", .args = {"--dev"}};
  }
};

}  // namespace

TEST_CASE("twenty swaps under load: no call fails, no chunk is lost, state carries over, old copies unmapped") {
  Fixture f;
  HostProcess host(f.options());
  std::atomic<bool> stop{false};
  std::atomic<long> calls{0}, failures{0}, streams{0}, bad_streams{0};
  // What a load thread threw (a lost connection, a call not answered in
  // time), reported below rather than ending the test process.
  std::mutex thrown_mu;
  std::vector<std::string> thrown;
  auto reporting = [&](auto body) {
    return [&, body] {
      try {
        body();
      } catch (const std::exception& e) {
        std::lock_guard lock(thrown_mu);
        thrown.push_back(e.what());
      }
    };
  };

  std::vector<std::thread> load;
  // However this thread leaves (a failed REQUIRE, a throw), the load stops
  // and is joined first: a joinable thread left behind ends the process and
  // hides what went wrong.
  struct JoinOnExit {
    std::atomic<bool>& stop;
    std::vector<std::thread>& threads;
    ~JoinOnExit() {
      stop = true;
      for (auto& t : threads)
        if (t.joinable()) t.join();
    }
  } join_on_exit{stop, load};
  for (int t = 0; t < 3; ++t)
    load.emplace_back(reporting([&, t] {
      WsClient client(host.port(), host.token());
      for (long i = 0; !stop; ++i) {
        auto r = client.call("Echo.echo", "[" + std::to_string(t * 1000000 + i) + "]");
        if (!r.HasMember("result") || r["result"].GetInt64() != t * 1000000 + i) ++failures;
        ++calls;
      }
    }));
  load.emplace_back(reporting([&] {
    long expected = 0, seen = 0;
    WsClient client(host.port(), {.token = host.token(), .handlers = {
        {"Client.chunk", [&](const rapidjson::Value& args) {
           if (args[0].GetInt64() != expected++) ++bad_streams;
           ++seen;
           return std::string("true");
         }},
        {"Client.done", [](const rapidjson::Value&) { return std::string("true"); }}}});
    while (!stop) {
      expected = seen = 0;
      auto r = client.call("Echo.stream", "[3000,256,8]", 30s);
      if (!r.HasMember("result") || seen != 3000) ++bad_streams;
      ++streams;
    }
  }));

  WsClient probe(host.port(), host.token());
  for (int swap = 1; swap <= 20; ++swap) {
    const std::string variant = swap % 2 ? "v2" : "v1";
    deploy(variant, f.plugin);
    REQUIRE(wait_for_version(probe, variant == "v2" ? "2.0.0" : "1.0.0"));
    CHECK(probe.call("Echo.generation", "[]")["result"].GetInt() == swap);
  }
  stop = true;
  for (auto& t : load) t.join();

  INFO("the host's output:\n" << host.output());
  CHECK(thrown == std::vector<std::string>{});
  CHECK(failures == 0);
  CHECK(bad_streams == 0);
  CHECK(calls > 100);
  CHECK(streams > 0);
  std::set<std::string> copies;
  for (int i = 0; i < 200; ++i) {
    copies = mapped_echo_copies(host.pid());
    if (copies.size() == 1) break;
    std::this_thread::sleep_for(10ms);
  }
  CHECK(copies.size() == 1);  // only the current generation's copy stays mapped
  CHECK(host.stop() == 0);
}

TEST_CASE("clients learn methods that a new build adds or removes") {
  Fixture f;
  HostProcess host(f.options());
  WsClient client(host.port(), host.token());
  deploy("v2", f.plugin);
  REQUIRE(wait_for_version(client, "2.0.0"));
  CHECK(std::string(client.call("Echo.hello", "[]")["result"].GetString()) == "hello from echo 2");
  client.pump(100ms);
  auto announced = client.received("system.listComponents");
  REQUIRE(!announced.empty());
  CHECK_THAT(announced.back(), Catch::Contains("\"Echo.hello\":true"));

  deploy("v1", f.plugin);
  REQUIRE(wait_for_version(client, "1.0.0"));
  auto gone = client.call("Echo.hello", "[]");
  CHECK(gone["error"]["code"].GetInt() == -32601);
  CHECK_THAT(gone["error"]["message"].GetString(), Catch::Contains("Echo.hello"));
}

TEST_CASE("a broken build, a wrong ABI or a failing activation leaves the old generation serving") {
  Fixture f;
  HostProcess host(f.options());
  WsClient client(host.port(), {.token = host.token(), .handlers = {
      {"AcApp.pluginStatus", [](const rapidjson::Value&) { return std::string("true"); }}}});
  const std::vector<std::pair<std::string, std::string>> bad{
      {"wrong-abi", "was built for ABI 2.0"}, {"activate-fails", "failed to activate"}, {"garbage", "cannot load"}};
  for (const auto& [variant, reason] : bad) {
    if (variant == "garbage") {
      std::ofstream(f.plugin.string() + ".tmp") << "\x7f" "ELF truncated";
      fs::rename(f.plugin.string() + ".tmp", f.plugin);
    } else {
      deploy(variant, f.plugin);
    }
    REQUIRE(host.wait_for_output(reason, 10s));
    CHECK(version_of(client) == "1.0.0");
    CHECK(client.call("Echo.add", "[2,3]")["result"].GetInt() == 5);
  }
  CHECK_THAT(host.output(), Catch::Contains("the running generation keeps serving"));
  client.pump(100ms);
  CHECK(client.received("AcApp.pluginStatus").size() == 3);
  // A good build after the bad ones is taken.
  deploy("v2", f.plugin);
  CHECK(wait_for_version(client, "2.0.0"));
}

TEST_CASE("Host.reload_plugin swaps on request and says why when it cannot") {
  HostProcess host({.config_yaml = "plugins:\n  - name: echo\n"});
  WsClient client(host.port(), host.token());
  auto r = client.call("Host.reload_plugin", "[\"echo\"]");
  REQUIRE(r.HasMember("result"));
  CHECK(r["result"]["generation"].GetInt() == 2);
  CHECK(client.call("Echo.generation", "[]")["result"].GetInt() == 1);
  auto missing = client.call("Host.reload_plugin", "[\"nope\"]");
  CHECK(missing["error"]["code"].GetInt() == -32004);  // ACDC_E_NOT_FOUND
  CHECK_THAT(missing["error"]["message"].GetString(), Catch::Contains("not in the plugin list"));
  auto bad = client.call("Host.reload_plugin", "[]");
  CHECK(bad["error"]["code"].GetInt() == -32602);
}

TEST_CASE("a failed Host.reload_plugin reaches the client with its own status") {
  Fixture f;
  HostProcess host({.config_yaml = "plugins:\n  - name: echo\n    path: " + f.plugin.string() + "\n"});
  WsClient client(host.port(), host.token());
  deploy("wrong-abi", f.plugin);
  auto unloadable = client.call("Host.reload_plugin", "[\"echo\"]");
  REQUIRE(unloadable.HasMember("error"));
  CHECK(unloadable["error"]["code"].GetInt() == -32007);  // ACDC_E_UNAVAILABLE, not FAILED_PRECONDITION
  CHECK_THAT(unloadable["error"]["message"].GetString(), Catch::Contains("was built for ABI 2.0"));
  deploy("activate-fails", f.plugin);
  auto refused = client.call("Host.reload_plugin", "[\"echo\"]");
  CHECK(refused["error"]["code"].GetInt() == -32005);  // what its activate() returned
  CHECK_THAT(refused["error"]["message"].GetString(), Catch::Contains("failed to activate"));
  // A build of another plugin: loads, but its descriptor names another id.
  fs::copy_file(fs::path(HostProcess::test_plugin_dir()) / "c-plugin.acdc.so", f.plugin,
                fs::copy_options::overwrite_existing);
  auto foreign = client.call("Host.reload_plugin", "[\"echo\"]");
  CHECK(foreign["error"]["code"].GetInt() == -32005);  // ACDC_E_FAILED_PRECONDITION
  CHECK_THAT(foreign["error"]["message"].GetString(), Catch::Contains("the file name and the id must agree"));
  // Not a shared library at all: the dynamic loader refuses it.
  write_file(f.plugin, "not an ELF file\n");
  auto not_elf = client.call("Host.reload_plugin", "[\"echo\"]");
  CHECK(not_elf["error"]["code"].GetInt() == -32007);  // ACDC_E_UNAVAILABLE
  CHECK_THAT(not_elf["error"]["message"].GetString(), Catch::Contains("cannot load " + f.plugin.string()));
  fs::remove(f.plugin);
  auto gone = client.call("Host.reload_plugin", "[\"echo\"]");
  CHECK(gone["error"]["code"].GetInt() == -32004);  // ACDC_E_NOT_FOUND
  CHECK_THAT(gone["error"]["message"].GetString(), Catch::Contains("does not exist: build it"));
  CHECK(version_of(client) == "1.0.0");
}

// The exec plugin through the real host over WebSocket: Exec.run with its
// output streamed to every client, the errors a bad request gets, kill and
// input, and kill -9 of acdc in the middle of a command.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <signal.h>

#include <chrono>
#include <fstream>
#include <thread>

using namespace acdc::llm::test;

namespace {

const LlmHost::Plugins kWithExec{{"repo", "exec", "llm"}};

std::string error_of(const rapidjson::Document& r) {
  INFO(acdc::to_json_text(static_cast<const rapidjson::Value&>(r)));
  REQUIRE(r.HasMember("error"));
  return str(r["error"]["message"]);
}

// Exec.run sent without waiting for its answer; the id to find it by.
void start_run(LlmHost& h, const std::string& command, const std::string& options = "{}") {
  h.client->send_text(R"({"jsonrpc":"2.0","method":"Exec.run","params":{"args":[)" + acdc::to_json_text(command) + "," +
                      options + R"(]},"id":"bg"})");
}

// Waits for `file` in the repository to hold a pid; 0 when it never does.
pid_t wait_for_pid(LlmHost& h, const std::string& file) {
  for (int i = 0; i < 500; ++i) {
    h.client->pump(std::chrono::milliseconds(10));
    std::ifstream in(h.repo.path() / file);
    pid_t pid = 0;
    if (in >> pid && pid > 0) return pid;
  }
  return 0;
}

bool gone_within(pid_t pid, std::chrono::seconds limit) {
  for (auto until = std::chrono::steady_clock::now() + limit; std::chrono::steady_clock::now() < until;) {
    if (::kill(pid, 0) != 0) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

}  // namespace

TEST_CASE("Exec.run runs a user's command in the repository, streams its output to the clients, and reports its end") {
  LlmHost h({{"a.txt", "hello from the repo\n"}}, kWithExec);
  auto r = result(h, "Exec.run", R"(["cat a.txt; echo err >&2; exit 4"])");
  CHECK(r["exit_code"].GetInt() == 4);
  CHECK(str(r["origin"]) == "user");
  CHECK(str(r["sandbox"]) == "off");  // the user's own commands run as in their shell
  CHECK_THAT(str(r["output"]), Catch::Contains("hello from the repo\nerr\n"));
  CHECK_THAT(str(r["message"]), Catch::StartsWith("exit code 4"));
  const std::string id = str(r["id"]);
  auto started = h.received("AcApp.commandStarted");
  REQUIRE(started.size() == 1);
  CHECK(str(started[0][0]["id"]) == id);
  CHECK(str(started[0][0]["command"]) == "cat a.txt; echo err >&2; exit 4");
  std::string streamed;
  for (const auto& o : h.received("AcApp.commandOutput"))
    if (str(o[0]) == id) streamed += str(o[1]);
  CHECK_THAT(streamed, Catch::Contains("hello from the repo\r\n"));
  auto exited = h.received("AcApp.commandExited");
  REQUIRE(exited.size() == 1);
  CHECK(exited[0][0]["exit_code"].GetInt() == 4);
  CHECK_FALSE(exited[0][0].HasMember("output"));  // the output went as it came

  // In a subdirectory; the command's environment has no key of llm.yaml's, nor acdc's token.
  std::filesystem::create_directories(h.repo.path() / "sub");
  auto sub = result(h, "Exec.run", R"(["pwd; env", {"cwd": "sub"}])");
  CHECK_THAT(str(sub["output"]), Catch::Contains(h.repo.path().filename().string() + "/sub\n"));
  CHECK_THAT(str(sub["output"]), Catch::Contains("TERM=xterm-256color"));
  CHECK_THAT(str(sub["output"]), !Catch::Contains("ACDC_TEST_LLM_KEY"));
  CHECK_THAT(str(sub["output"]), !Catch::Contains("test-key"));
  CHECK_THAT(str(sub["output"]), !Catch::Contains("ACDC_TOKEN"));
  auto status = result(h, "Exec.status", "[]");
  CHECK(str(status["sandbox"]) == "workspace-write");
}

TEST_CASE("Exec.run refuses what cannot be run with what to do, and the host keeps working") {
  LlmHost h({}, kWithExec);
  CHECK_THAT(error_of(h.call("Exec.run", R"(["   "])")), Catch::Contains("the command is empty"));
  CHECK_THAT(error_of(h.call("Exec.run", acdc::json_array(std::string(10000, 'x')))), Catch::Contains("put a long script in a file"));
  CHECK_THAT(error_of(h.call("Exec.run", R"(["ls", {"cwd": "../.."}])")), Catch::Contains("outside the repository"));
  CHECK_THAT(error_of(h.call("Exec.run", R"(["ls", {"cwd": "/etc"}])")), Catch::Contains("cwd"));
  CHECK_THAT(error_of(h.call("Exec.run", R"(["ls", {"cwd": "no-such-dir"}])")), Catch::Contains("not a directory"));
  CHECK_THAT(error_of(h.call("Exec.run", R"(["ls", {"timeout_s": -1}])")), Catch::Contains("timeout_s"));
  CHECK_THAT(error_of(h.call("Exec.run", R"(["ls", {"shell": "zsh"}])")), Catch::Contains("unknown option 'shell'"));
  CHECK_THAT(error_of(h.call("Exec.input", R"(["c999", "x"])")), Catch::Contains("no command 'c999' is running"));
  CHECK(result(h, "Exec.run", R"(["echo still fine"])")["exit_code"].GetInt() == 0);
}

TEST_CASE("a running command is listed, takes typed input, and is killed on request") {
  LlmHost h({}, kWithExec);
  start_run(h, "echo $$ > shell.pid; read -r answer; echo typed:$answer; sleep 300");
  REQUIRE(wait_for_pid(h, "shell.pid") > 0);
  auto running = result(h, "Exec.list", "[]");
  REQUIRE(running.Size() == 1);
  const std::string id = str(running[0]["id"]);
  CHECK(result(h, "Exec.input", acdc::json_array(id, std::string("yes\n")))["written"].GetInt() == 4);
  auto streamed = [&h] {
    std::string all;
    for (const auto& o : h.received("AcApp.commandOutput")) all += str(o[1]);
    return all;
  };
  for (int i = 0; i < 1000 && streamed().find("typed:yes") == std::string::npos; ++i)
    h.client->pump(std::chrono::milliseconds(10));
  CHECK_THAT(streamed(), Catch::Contains("typed:yes"));
  CHECK(result(h, "Exec.kill", acdc::json_array(id))["killed"].GetBool());
  REQUIRE(h.client->wait_for("AcApp.commandExited", 1, std::chrono::seconds(20)));
  auto exited = h.received("AcApp.commandExited");
  CHECK(exited[0][0]["killed"].GetBool());
  CHECK_THAT(str(exited[0][0]["message"]), Catch::StartsWith("killed on request"));
  CHECK(result(h, "Exec.list", "[]").Size() == 0);
}

TEST_CASE("kill -9 of acdc in the middle of a command leaves none of its processes running") {
  LlmHost h({}, kWithExec);
  start_run(h, "sleep 300 & echo $! > bg.pid; setsid sleep 300 >/dev/null 2>&1 </dev/null & echo $! > daemon.pid; "
               "echo $$ > shell.pid; sleep 300");
  const pid_t shell = wait_for_pid(h, "shell.pid");
  REQUIRE(shell > 0);
  const pid_t bg = wait_for_pid(h, "bg.pid"), daemon = wait_for_pid(h, "daemon.pid");
  REQUIRE(bg > 0);
  REQUIRE(daemon > 0);
  ::kill(h.host->pid(), SIGKILL);
  CHECK(gone_within(shell, std::chrono::seconds(20)));
  CHECK(gone_within(bg, std::chrono::seconds(20)));
  CHECK(gone_within(daemon, std::chrono::seconds(20)));
}

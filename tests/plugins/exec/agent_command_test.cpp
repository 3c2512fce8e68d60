// The model's run_command in Agent turns, through the real host with the
// fake provider: the user is asked first (AcApp.askPermission) unless
// app.yaml's permissions allow the command, a denial is the model's to
// read, the command runs in the sandbox with its output and exit code in
// the next request, Stop kills it, and a failing test is fixed in two rounds.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <thread>

using namespace acdc::llm::test;

namespace {

const LlmHost::Plugins kWithExec{{"repo", "exec", "llm"}};

std::string run(const std::string& command) {
  return "{\"command\":" + acdc::to_json_text(command) + "}";
}

void write_app_yaml(LlmHost& h, const std::string& yaml) {
  acdc::test::write_file(h.config_home.path() / "app.yaml", yaml);
  h.start();
}

}  // namespace

TEST_CASE("the model's command asks the user, runs in the sandbox once allowed, and its output and exit code reach the model") {
  LlmHost h({{"a.txt", "from the repo\n"}}, kWithExec);
  agent_on(h);
  h.permission_answer = R"({"outcome":"allow_once"})";
  h.fake.queue(steps({tool_step("c1", "run_command", run("cat a.txt; touch made-here; exit 2"), "Running it."),
                      text_step("It exits 2.")}));
  auto r = h.chat("run it");
  auto asked = h.received("AcApp.askPermission");
  REQUIRE(asked.size() == 1);
  CHECK(str(asked[0][0]) == "req-1");
  CHECK(str(asked[0][1]["tool"]) == "run_command");
  CHECK(str(asked[0][1]["command"]) == "cat a.txt; touch made-here; exit 2");
  CHECK(str(asked[0][1]["tool_call_id"]) == "c1");
  CHECK(asked[0][1]["sandbox_available"].GetBool());
  REQUIRE(r["steps"].Size() == 1);
  CHECK(str(r["steps"][0]["status"]) == "ok");
  const std::string seen = tool_result_in(h, 1);
  CHECK_THAT(seen, Catch::Contains("exit code 2"));
  CHECK_THAT(seen, Catch::Contains("sandbox: workspace-write"));
  CHECK_THAT(seen, Catch::Contains("from the repo"));
  CHECK(std::filesystem::exists(h.repo.path() / "made-here"));  // the repository is writable in the sandbox
  // The browser's terminal saw it as the model's command.
  auto started = h.received("AcApp.commandStarted");
  REQUIRE(started.size() == 1);
  CHECK(str(started[0][0]["origin"]) == "model");
  CHECK(str(started[0][0]["sandbox"]) == "workspace-write");
}

TEST_CASE("a denied command does not run and the model is told, a deny rule wins, an allow rule asks no one") {
  LlmHost h({}, kWithExec);
  write_app_yaml(h, "permissions:\n  allow: [\"run_command(echo *)\", \"run_command(rm *)\"]\n  deny: [\"run_command(rm *)\"]\n");
  agent_on(h);
  h.permission_answer = R"({"outcome":"deny"})";
  h.fake.queue(steps({tool_step("c1", "run_command", run("touch denied-file")), text_step("OK, I will not.")}));
  h.chat("make a file", "req-1");
  CHECK(h.received("AcApp.askPermission").size() == 1);
  CHECK_THAT(tool_result_in(h, 1), Catch::Contains("The user did not allow this run_command call"));
  CHECK_FALSE(std::filesystem::exists(h.repo.path() / "denied-file"));
  CHECK(h.received("AcApp.commandStarted").empty());

  h.fake.queue(steps({tool_step("c2", "run_command", run("rm -rf .git")), text_step("Refused.")}));
  h.chat("clean up", "req-2");
  CHECK(h.received("AcApp.askPermission").size() == 1);  // not asked: denied by the rule
  CHECK_THAT(tool_result_in(h, 3), Catch::Contains("permissions deny this call (run_command(rm *))"));
  CHECK(std::filesystem::exists(h.repo.path() / ".git"));

  h.fake.queue(steps({tool_step("c3", "run_command", run("echo allowed by the rule")), text_step("Done.")}));
  h.chat("say it", "req-3");
  CHECK(h.received("AcApp.askPermission").size() == 1);  // not asked: allowed by the rule
  CHECK_THAT(tool_result_in(h, 5), Catch::Contains("allowed by the rule"));
}

TEST_CASE("always allowing a command covers the same command later in the session, and no other") {
  LlmHost h({}, kWithExec);
  agent_on(h);
  h.permission_answer = R"({"outcome":"allow_always"})";
  h.fake.queue(steps({tool_step("c1", "run_command", run("echo first")), tool_step("c2", "run_command", run("echo first")),
                      tool_step("c3", "run_command", run("echo other")), text_step("Done.")}));
  auto r = h.chat("run twice");
  CHECK(r["steps"].Size() == 3);
  CHECK(h.received("AcApp.askPermission").size() == 2);  // "echo first" once, "echo other" once
}

TEST_CASE("a client that cannot be asked gets no command run, and the model is told how to allow it") {
  LlmHost h({}, kWithExec);
  agent_on(h);
  h.permission_answer = "null";  // not an answer
  h.fake.queue(steps({tool_step("c1", "run_command", run("touch x")), text_step("Cannot.")}));
  h.chat("run it");
  CHECK_THAT(tool_result_in(h, 1), Catch::Contains("permissions: allow"));
  CHECK_FALSE(std::filesystem::exists(h.repo.path() / "x"));
}

TEST_CASE("Stop during the model's command kills the command and ends the turn") {
  LlmHost h({}, kWithExec);
  write_app_yaml(h, "permissions:\n  allow: [\"run_command(sleep *)\"]\n");
  agent_on(h);
  h.fake.queue(steps({tool_step("c1", "run_command", run("sleep 300")), text_step("never read")}));
  h.call("LLMService.chat_streaming", R"(["req-s","wait",[]])");
  REQUIRE(h.client->wait_for("AcApp.commandStarted", 1, std::chrono::seconds(20)));
  result(h, "LLMService.cancel_streaming", R"(["req-s"])");
  REQUIRE(h.client->wait_for("AcApp.streamComplete", 1, std::chrono::seconds(20)));
  REQUIRE(h.client->wait_for("AcApp.commandExited", 1, std::chrono::seconds(20)));
  CHECK(h.received("AcApp.commandExited")[0][0]["killed"].GetBool());
  CHECK(h.received("AcApp.streamComplete").back()[1]["cancelled"].GetBool());
}

TEST_CASE("test and fix: the model runs the failing test, fixes the code, runs it again, and it passes") {
  LlmHost h({{"calc.sh", "add() { echo $(($1 - $2)); }\n"},
             {"test.sh", "source ./calc.sh\n[ \"$(add 2 3)\" = 5 ] && echo PASS || { echo FAIL: add 2 3 gave $(add 2 3); exit 1; }\n"}},
            kWithExec);
  write_app_yaml(h, "permissions:\n  allow: [\"run_command(bash test.sh)\"]\n");
  agent_on(h);
  // Round 1 runs the test; round 2 edits (applied as its step ends) and runs it again.
  const std::string fix = edit_block("calc.sh", "add() { echo $(($1 - $2)); }", "add() { echo $(($1 + $2)); }");
  h.fake.queue(steps({tool_step("c1", "run_command", run("bash test.sh"), "Running the test."),
                      tool_step("c2", "run_command", run("bash test.sh"), "The sign is wrong.\n\n" + fix),
                      text_step("It passes now.")}));
  auto r = h.chat("make the test pass");
  REQUIRE(r["steps"].Size() == 2);
  CHECK_THAT(tool_result_in(h, 1), Catch::Contains("FAIL: add 2 3 gave -1"));
  CHECK_THAT(tool_result_in(h, 1), Catch::Contains("exit code 1"));
  CHECK(h.read("calc.sh") == "add() { echo $(($1 + $2)); }\n");
  CHECK_THAT(tool_result_in(h, 2), Catch::Contains("PASS"));
  CHECK_THAT(tool_result_in(h, 2), Catch::Contains("exit code 0"));
  CHECK(h.received("AcApp.askPermission").empty());
}

TEST_CASE("auto_test: after the agent's edit the tests run, their failure goes back to it, and its second fix passes") {
  LlmHost h({{"calc.sh", "add() { echo $(($1 - $2)); }\n"},
             {"test.sh", "source ./calc.sh\n[ \"$(add 2 3)\" = 5 ] && echo PASS || { echo FAIL: add 2 3 gave $(add 2 3); exit 1; }\n"}},
            kWithExec);
  write_app_yaml(h, "checks:\n  test_cmd: bash test.sh\n  auto_test: true\n");
  agent_on(h);
  const std::string wrong = edit_block("calc.sh", "add() { echo $(($1 - $2)); }", "add() { echo $(($1 * $2)); }");
  const std::string right = edit_block("calc.sh", "add() { echo $(($1 * $2)); }", "add() { echo $(($1 + $2)); }");
  h.fake.queue(steps({text_step("Fixed:\n\n" + wrong), text_step("Now really:\n\n" + right)}));
  auto r = h.chat("fix add");
  auto sent = bodies(h);
  REQUIRE(sent.size() == 2);  // round 1 failed and went back; round 2 passed and ended the turn
  CHECK_THAT(sent[1], Catch::Contains("FAIL: add 2 3 gave 6"));
  CHECK_THAT(sent[1], Catch::Contains("(test_cmd) fails"));
  CHECK(h.read("calc.sh") == "add() { echo $(($1 + $2)); }\n");
  REQUIRE(r["steps"].Size() == 2);
  CHECK(str(r["steps"][0]["tool"]) == "test_cmd");
  CHECK(str(r["steps"][0]["status"]) == "error");
  CHECK(str(r["steps"][1]["status"]) == "ok");
  CHECK_THAT(str(r["steps"][1]["result"]), Catch::Contains("PASS"));
  // Each round was shown as it ran, and both stay in history.
  CHECK(h.received("AcApp.agentStep").size() == 4);
  auto state = result(h, "LLMService.get_current_state", "[]");
  CHECK_THAT(acdc::to_json_text(state["messages"]), Catch::Contains("FAIL: add 2 3 gave 6"));
  CHECK_THAT(acdc::to_json_text(state["messages"]), Catch::Contains("PASS"));
}

TEST_CASE("auto_test in Ask mode: lint then the tests run after the answer's edits and show in the answer, and the repository's own checks win") {
  LlmHost h({{"a.txt", "one\n"}}, kWithExec);
  write_app_yaml(h, "checks:\n  lint_cmd: grep -q . a.txt\n  test_cmd: echo from-app-yaml\n  auto_test: true\n");
  std::filesystem::create_directories(h.repo.path() / ".acdc");
  acdc::test::write_file(h.repo.path() / ".acdc" / "app.yaml", "checks:\n  test_cmd: cat a.txt\n");
  h.call("LLMService.set_selected_files", R"([["a.txt"]])");
  h.fake.queue(text_step("Changed:\n\n" + edit_block("a.txt", "one", "two")));
  auto r = h.chat("change it");
  REQUIRE(r["steps"].Size() == 2);
  CHECK(str(r["steps"][0]["tool"]) == "lint_cmd");
  CHECK(str(r["steps"][1]["tool"]) == "test_cmd");
  CHECK_THAT(str(r["steps"][1]["result"]), Catch::Contains("$ cat a.txt\nexit code 0"));
  CHECK_THAT(str(r["steps"][1]["result"]), Catch::Contains("two"));
  CHECK(bodies(h).size() == 1);  // Ask: shown, not sent back
  // An answer without edits runs nothing.
  h.fake.queue(text_step("Nothing to change."));
  CHECK_FALSE(h.chat("anything else?", "req-2").HasMember("steps"));
}

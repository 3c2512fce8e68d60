// Agent turns (agent/agent_loop.hpp) through the real host over WebSocket:
// the fake provider replays multi-step tool-calling exchanges on OpenAI's,
// Anthropic's and Ollama's wires, the model's tool calls run on the repo plugin's
// tools (Host.list_tools), and edits land in a real git repository.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <signal.h>

#include <chrono>
#include <thread>


using namespace acdc::llm::test;

namespace {

const char* kMain = "int main(void) {\n  return 0;\n}\n";

}  // namespace

TEST_CASE("Agent mode: the model reads a file it was not given, edits it, and the turn is one undoable unit") {
  LlmHost h({{"src/main.c", kMain}, {"README.md", "# demo\n"}});
  CHECK_FALSE(result(h, "LLMService.get_agent_mode", "[]")["agent"].GetBool());  // Ask is the browser's default
  agent_on(h);
  h.fake.queue(steps({tool_step("call_1", "read_file", R"({"path":"src/main.c"})", "Let me look."),
                      text_step("Done:\n\n" + edit_block("src/main.c", "  return 0;", "  return 1;"))}));
  auto r = h.chat("Make main return 1");
  CHECK(h.read("src/main.c") == "int main(void) {\n  return 1;\n}\n");
  CHECK(r["agent"].GetBool());
  REQUIRE(r["steps"].Size() == 1);
  CHECK(str(r["steps"][0]["tool"]) == "read_file");
  CHECK(str(r["steps"][0]["status"]) == "ok");
  CHECK(str(r["steps"][0]["arguments"]["path"]) == "src/main.c");
  CHECK_THAT(str(r["steps"][0]["result"]), Catch::Contains("return 0;"));
  CHECK(str(r["edit_results"][0]["status"]) == "applied");
  CHECK(r["undoable"].GetBool());
  CHECK_THAT(str(r["response"]), Catch::StartsWith("Let me look.\n\nDone:"));
  CHECK(h.host->wait_for_output("Mode: Agent, 1 tool calls", std::chrono::seconds(5)));  // the terminal summary
  // Every step of the turn went to the client live, started then ended.
  auto live = h.received("AcApp.agentStep");
  REQUIRE(live.size() == 2);
  CHECK(str(live[0][1]["status"]) == "running");
  CHECK(str(live[1][1]["status"]) == "ok");
  // Two requests, the second the first with the step appended byte for byte,
  // the tools listed in both and the step's end marked for the cache.
  auto sent = bodies(h);
  REQUIRE(sent.size() == 2);
  rapidjson::Document first, second;
  first.Parse(sent[0].c_str());
  second.Parse(sent[1].c_str());
  CHECK(second["messages"].Size() == first["messages"].Size() + 2);
  for (rapidjson::SizeType i = 0; i < first["messages"].Size(); ++i)
    CHECK(acdc::to_json_text(first["messages"][i]) == acdc::to_json_text(second["messages"][i]));
  CHECK(acdc::to_json_text(first["tools"]) == acdc::to_json_text(second["tools"]));
  CHECK_THAT(acdc::to_json_text(first["tools"]), Catch::Contains("\"name\":\"read_file\""));
  const auto& tool_message = second["messages"][second["messages"].Size() - 1];
  CHECK(str(tool_message["role"]) == "tool");
  CHECK(str(tool_message["tool_call_id"]) == "call_1");
  // The file it read whole is selected from the next turn on.
  auto selected = result(h, "LLMService.get_selected_files", "[]");
  CHECK(selected.Size() == 1);
  // History keeps the step, also after a restart.
  h.start();
  auto state = result(h, "LLMService.get_current_state", "[]");
  bool step_kept = false;
  for (const auto& m : state["messages"].GetArray())
    if (m.HasMember("steps")) step_kept = str(m["steps"][0]["tool"]) == "read_file";
  CHECK(step_kept);
  CHECK(state["agent_mode"].GetBool());  // the session's mode survived the restart
  // Undo takes back every file the turn changed.
  auto undone = result(h, "LLMService.undo_turn", acdc::json_array(str(r["turn_id"])));
  CHECK(str(undone["status"]) == "undone");
  CHECK(h.read("src/main.c") == kMain);
}

TEST_CASE("Agent mode on Ollama's own API: the tools go with each request, a call's result comes back as a tool message") {
  LlmHost h(std::map<std::string, std::string>{{"src/main.c", kMain}});
  use_llm_yaml(h, "provider: ollama\nmodel: qwen2.5-coder:7b\n");
  h.start();
  h.fake.serve(R"({"context_length":32768,"capabilities":["completion","tools"]})");
  agent_on(h);
  // Ollama sends a call's arguments as an object, with no call id.
  h.fake.queue(R"([{"text":"Let me look.","tool_calls":[{"id":"","name":"read_file","arguments":"{\"path\":\"src/main.c\"}"}]},)"
               R"({"text":"It returns 0."}])");
  auto r = h.chat("What does main return?");
  INFO(h.host->output());
  CHECK_THAT(str(r["response"]), Catch::StartsWith("Let me look.") && Catch::EndsWith("It returns 0."));
  REQUIRE(r["steps"].Size() == 1);
  CHECK(str(r["steps"][0]["tool"]) == "read_file");
  CHECK(str(r["steps"][0]["status"]) == "ok");
  REQUIRE(bodies(h).size() == 2);
  auto first = request_body(h, 0), second = request_body(h, 1);
  REQUIRE(first["tools"].IsArray());
  CHECK_THAT(acdc::to_json_text(first["tools"]), Catch::Contains("\"name\":\"read_file\""));
  CHECK(acdc::to_json_text(first["tools"]) == acdc::to_json_text(second["tools"]));
  const auto& messages = second["messages"];
  const auto& call = messages[messages.Size() - 2];
  CHECK(str(call["role"]) == "assistant");
  CHECK(str(call["tool_calls"][0]["function"]["arguments"]["path"]) == "src/main.c");  // an object, as Ollama takes it
  const auto& result = messages[messages.Size() - 1];
  CHECK(str(result["role"]) == "tool");
  CHECK_THAT(str(result["content"]), Catch::Contains("return 0;"));
}

TEST_CASE("Agent mode on Anthropic's wire: tool_use replayed from a transcript, the result sent back as tool_result") {
  std::string test_file;
  for (int i = 1; i <= 50; ++i) test_file += "// line " + std::to_string(i) + "\n";
  LlmHost h(std::map<std::string, std::string>{{"tests/parser_test.cpp", test_file}});
  use_llm_yaml(h, "provider: anthropic\nmodel: claude-sonnet-4-5\n");
  h.start();
  agent_on(h);
  // The transcript reads tests/parser_test.cpp from line 40.
  h.fake.queue(steps({R"([{"fixture":"anthropic_tool_use.sse"}])",
                      anthropic_step(edit_block("tests/parser_test.cpp", "// line 45", "// line forty-five"))}));
  auto r = h.chat("fix the parser test");
  CHECK_FALSE(r.HasMember("error"));
  REQUIRE(r["steps"].Size() == 1);
  CHECK(str(r["steps"][0]["status"]) == "ok");
  CHECK_THAT(str(r["steps"][0]["result"]), Catch::StartsWith("// line 40\n"));
  CHECK_THAT(h.read("tests/parser_test.cpp"), Catch::Contains("// line forty-five\n"));
  auto sent = bodies(h);
  REQUIRE(sent.size() == 2);
  rapidjson::Document second;
  second.Parse(sent[1].c_str());
  const auto& messages = second["messages"];
  const auto& assistant = messages[messages.Size() - 2];
  CHECK(str(assistant["role"]) == "assistant");
  CHECK(str(assistant["content"][1]["type"]) == "tool_use");
  CHECK(str(assistant["content"][1]["id"]) == "toolu_01Mk8Tq3Wz6Rb1Yn4Hc9Lv2D");
  const auto& result_block = messages[messages.Size() - 1]["content"][0];
  CHECK(str(result_block["type"]) == "tool_result");
  CHECK(str(result_block["tool_use_id"]) == "toolu_01Mk8Tq3Wz6Rb1Yn4Hc9Lv2D");
  CHECK(str(result_block["cache_control"]["type"]) == "ephemeral");
  CHECK(second["tools"][0].HasMember("input_schema"));
  // At most four cache markers in any request.
  size_t marks = 0;
  for (size_t at = sent[1].find("cache_control"); at != std::string::npos; at = sent[1].find("cache_control", at + 1)) ++marks;
  CHECK(marks <= 4);
}

TEST_CASE("a tool the model made up, bad arguments and a path outside the repository answer the model, and the turn goes on") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "x = 1\n"}});
  agent_on(h);
  // openai_tool_calls.sse calls list_symbols and run_tests, which no plugin serves.
  h.fake.queue(steps({R"([{"fixture":"openai_tool_calls.sse"}])", tool_step("c2", "read_file", "not json"),
                      tool_step("c3", "read_file", R"({"path":"../../etc/passwd"})"), text_step("I could not read it.")}));
  auto r = h.chat("look around");
  CHECK_FALSE(r.HasMember("error"));
  REQUIRE(r["steps"].Size() == 4);
  for (const auto& s : r["steps"].GetArray()) CHECK(str(s["status"]) == "error");
  CHECK_THAT(str(r["steps"][0]["result"]), Catch::Contains("There is no tool 'list_symbols'. The tools are: search_code, read_file"));
  CHECK_THAT(str(r["steps"][1]["result"]), Catch::Contains("There is no tool 'run_tests'"));
  CHECK_THAT(str(r["steps"][2]["result"]), Catch::Contains("are not a JSON object"));
  CHECK_THAT(str(r["steps"][3]["result"]), Catch::Contains("leads outside the repository"));
  CHECK_THAT(str(r["response"]), Catch::EndsWith("I could not read it."));
  CHECK(bodies(h).size() == 4);
}

TEST_CASE("an edit to a file never read applies, and one that does not match is told to the model in the next step") {
  LlmHost h({{"a.py", "x = 1\n"}, {"b.py", "y = 1\n"}});
  agent_on(h);
  h.fake.queue(steps({text_step(edit_block("a.py", "x = 1", "x = 2") + "\n" + edit_block("b.py", "nothing like this", "y = 3")),
                      text_step(edit_block("b.py", "y = 1", "y = 3"))}));
  auto r = h.chat("change both");
  CHECK(h.read("a.py") == "x = 2\n");
  CHECK(h.read("b.py") == "y = 3\n");
  auto sent = bodies(h);
  REQUIRE(sent.size() == 2);
  CHECK_THAT(sent[1], Catch::Contains("the edit block for b.py was not applied"));
  CHECK(r["passed"].GetInt() == 2);
}

TEST_CASE("the step limit stops the turn: the model is told, answers once more, and the user sees which limit") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "x = 1\n"}});
  acdc::test::write_file(h.config_home.path() / "app.yaml", "agent:\n  max_steps: 2\n");
  h.start();
  agent_on(h);
  h.fake.queue(steps({tool_step("c1", "read_file", R"({"path":"a.py"})"), tool_step("c2", "read_file", R"({"path":"a.py"})"),
                      text_step("never asked for")}));
  auto r = h.chat("read forever");
  CHECK(str(r["stopped_by"]) == "max_steps");
  CHECK(r["steps"].Size() == 1);  // the second request's tool call was not run
  auto sent = bodies(h);
  REQUIRE(sent.size() == 2);
  CHECK_THAT(sent[1], Catch::Contains("the step limit (agent.max_steps) is reached"));
}

TEST_CASE("app.yaml's permissions: a denied tool is not offered, a denied path is refused and the model told") {
  LlmHost h({{"a.py", "x = 1\n"}, {"secrets/key.txt", "hunter2\n"}});
  acdc::test::write_file(h.config_home.path() / "app.yaml",
                         "permissions:\n  deny: [git_log, \"read_file(secrets/**)\"]\n");
  h.start();
  agent_on(h);
  h.fake.queue(steps({tool_step("c1", "read_file", R"({"path":"secrets/key.txt"})"), text_step("I may not.")}));
  auto r = h.chat("what is the key?");
  REQUIRE(r["steps"].Size() == 1);
  CHECK(str(r["steps"][0]["status"]) == "error");
  CHECK_THAT(str(r["steps"][0]["result"]), Catch::Contains("permissions deny this call (read_file(secrets/**))"));
  auto sent = bodies(h);
  CHECK(sent[1].find("hunter2") == std::string::npos);
  CHECK(sent[0].find("\"name\":\"git_log\"") == std::string::npos);
  CHECK(sent[0].find("\"name\":\"git_status\"") != std::string::npos);
}

TEST_CASE("the cost limit stops the turn once the priced requests reach it") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "x = 1\n"}});
  // gpt-4o's list price: 500 input tokens cost well over a hundred-thousandth of a dollar.
  acdc::test::write_file(h.config_home.path() / "app.yaml", "agent:\n  max_cost_usd: 0.00001\n");
  h.start();
  agent_on(h);
  h.fake.queue(steps({tool_step("c1", "read_file", R"({"path":"a.py"})"), text_step("what I have")}));
  auto r = h.chat("read");
  CHECK(str(r["stopped_by"]) == "max_cost");
  CHECK_THAT(bodies(h)[1], Catch::Contains("the cost limit (agent.max_cost_usd) is reached"));
}

TEST_CASE("a provider error in a later step keeps the answer so far and the earlier steps' edits, undoable") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "x = 1\n"}});
  agent_on(h);
  h.fake.queue(steps({tool_step("c1", "read_file", R"({"path":"a.py"})", edit_block("a.py", "x = 1", "x = 2")),
                      R"([{"status":500,"body":"{\"error\":{\"message\":\"boom\",\"type\":\"server_error\"}}"}])"}));
  auto r = h.chat("change and go on");
  CHECK(r.HasMember("error"));
  CHECK(h.read("a.py") == "x = 2\n");
  CHECK(r["undoable"].GetBool());
  CHECK(r["steps"].Size() == 1);
  auto undone = result(h, "LLMService.undo_turn", acdc::json_array(str(r["turn_id"])));
  CHECK(str(undone["status"]) == "undone");
  CHECK(h.read("a.py") == "x = 1\n");
}

TEST_CASE("a model llm.yaml says calls no tools keeps Agent mode off, and the switch says why") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "x = 1\n"}});
  use_llm_yaml(h, "provider: openai\nmodel: tiny-local\nmodels:\n  tiny-local: {tools: false}\n");
  h.start();
  auto mode = result(h, "LLMService.set_agent_mode", "[true]");
  CHECK_FALSE(mode["agent"].GetBool());
  CHECK_FALSE(mode["available"].GetBool());
  CHECK_THAT(str(mode["reason"]), Catch::Contains("does not call tools"));
  h.fake.queue(text_step("plain"));
  auto r = h.chat("hello");
  CHECK_FALSE(r.HasMember("agent"));
  CHECK(bodies(h)[0].find("\"tools\"") == std::string::npos);
}

TEST_CASE("Ask mode sends no tools, and a turn's own option overrides the session's mode") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "x = 1\n"}});
  h.fake.queue(text_step("plain answer"));
  auto r = h.chat("hello");
  CHECK_FALSE(r.HasMember("agent"));
  CHECK(bodies(h)[0].find("\"tools\"") == std::string::npos);
  h.fake.queue(steps({tool_step("c1", "git_status", "{}"), text_step("clean")}));
  h.client->call("LLMService.chat_streaming", R"(["req-2","status?",null,[],null,null,null,null,{"agent":true}])");
  REQUIRE(h.client->wait_for("AcApp.streamComplete", 2, std::chrono::seconds(20)));
  auto completions = h.received("AcApp.streamComplete");
  CHECK(str(completions.back()[1]["steps"][0]["tool"]) == "git_status");
}

TEST_CASE("killed with -9 in the middle of an Agent turn, the restarted host shows every finished step") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "x = 1\n"}});
  agent_on(h);
  h.fake.queue(steps({tool_step("c1", "read_file", R"({"path":"a.py"})", "Reading first."), R"([{"hang":true}])"}));
  h.call("LLMService.chat_streaming", R"(["req-k","look at a.py",[]])");
  REQUIRE(h.client->wait_for("AcApp.agentStep", 2, std::chrono::seconds(10)));
  // The second step's request is in flight (the provider hangs on it) once its tool has answered.
  for (int i = 0; i < 500 && bodies(h).size() < 2; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  REQUIRE(bodies(h).size() == 2);
  ::kill(h.host->pid(), SIGKILL);
  h.host->wait();
  h.start();
  auto state = result(h, "LLMService.get_current_state", "[]");
  const auto& messages = state["messages"];
  REQUIRE(messages.Size() == 2);
  CHECK(str(messages[1]["content"]) == "Reading first.");
  CHECK(str(messages[1]["steps"][0]["tool"]) == "read_file");
  CHECK(str(messages[1]["steps"][0]["status"]) == "ok");
}

TEST_CASE("Stop during a later step's stream ends the turn at once, keeping the finished step and the text so far") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "x = 1\n"}});
  agent_on(h);
  h.fake.queue(steps({tool_step("c1", "read_file", R"({"path":"a.py"})", "Reading."),
                      // Step 2 says "bbbb" and then nothing more: Stop lands mid-stream, whatever the machine's speed.
                      R"([{"events":[{"choices":[{"index":0,"delta":{"content":"bbbb"}}]}],"then_hang":true}])"}));
  h.call("LLMService.chat_streaming", R"(["req-s","read, then talk",[]])");
  REQUIRE(h.client->wait_for("AcApp.agentStep", 2, std::chrono::seconds(10)));
  // Wait until the second step's text shows, then Stop.
  for (int i = 0; i < 1500; ++i) {
    auto chunks = h.received("AcApp.streamChunk");
    if (!chunks.empty() && str(chunks.back()[1]).find("bbbb") != std::string::npos) break;
    h.client->pump(std::chrono::milliseconds(10));  // reads what the host sent meanwhile
  }
  result(h, "LLMService.cancel_streaming", R"(["req-s"])");
  REQUIRE(h.client->wait_for("AcApp.streamComplete", 1, std::chrono::seconds(10)));
  auto done = h.received("AcApp.streamComplete");
  const auto& r = done.back()[1];
  CHECK(r["cancelled"].GetBool());
  CHECK(r["steps"].Size() == 1);
  CHECK_THAT(str(r["response"]), Catch::StartsWith("Reading.\n\nbbbb"));
  CHECK(str(r["response"]).size() < 4000);
  auto state = result(h, "LLMService.get_current_state", "[]");
  CHECK(str(state["messages"][1]["steps"][0]["tool"]) == "read_file");
}

TEST_CASE("add_to_context selects the files the repo plugin serves and refuses the rest, saying why") {
  LlmHost h({{"a.py", "x = 1\n"}, {"b.py", "y = 1\n"}});
  auto r = result(h, "LLMService.add_to_context", R"([{"paths":["a.py","../outside.py","nope.py"]}])");
  CHECK_FALSE(r["isError"].GetBool());
  CHECK(r["structuredContent"]["added"].Size() == 1);
  CHECK(r["structuredContent"]["refused"].Size() == 2);
  auto selected = result(h, "LLMService.get_selected_files", "[]");
  REQUIRE(selected.Size() == 1);
  CHECK(str(selected[0]) == "a.py");
  CHECK(result(h, "LLMService.add_to_context", R"([{"paths":[]}])")["isError"].GetBool());
}

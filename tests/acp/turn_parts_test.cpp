// The pure parts of an ACP turn (adapters/acp/): a prompt's content blocks
// as acdc's message, images and context files; the completion's stop reason
// and edits; the history's replay; the acp: settings.
#include "acp/history_replay.hpp"
#include "acp/prompt_content.hpp"
#include "acp/settings.hpp"
#include "acp/slash_commands.hpp"
#include "acp/updates.hpp"

#include <catch2/catch.hpp>
#include <rapidjson/document.h>

using namespace acdc::adapters::acp;

namespace {

rapidjson::Document json(const char* text) {
  rapidjson::Document d;
  d.Parse(text);
  return d;
}

}  // namespace

TEST_CASE("text, links, embedded resources and images become the turn's message, context and images") {
  auto prompt = json(R"([{"type":"text","text":"fix "},
    {"type":"resource_link","uri":"file:///home/me/proj/src/a%20b.py","name":"a b.py"},
    {"type":"text","text":" using "},
    {"type":"resource","resource":{"uri":"file:///home/me/proj/lib.py","text":"unsaved","mimeType":"text/x-python"}},
    {"type":"resource_link","uri":"https://example.com/spec","name":"spec"},
    {"type":"image","data":"AAAA","mimeType":"image/png"}])");
  PromptParts p = prompt_parts(prompt, "/home/me/proj");
  CHECK(p.message == "fix `src/a b.py` using `lib.py`https://example.com/spec");
  REQUIRE(p.context.size() == 2);
  CHECK(p.context[0].path == "src/a b.py");
  CHECK_FALSE(p.context[0].text);  // read from the repository
  CHECK(p.context[1].text == "unsaved");
  CHECK(p.images == std::vector<std::string>{"data:image/png;base64,AAAA"});
  CHECK(context_json(p.context) == R"([{"path":"src/a b.py"},{"path":"lib.py","text":"unsaved"}])");
}

TEST_CASE("a file outside the repository is never a repository path") {
  CHECK_FALSE(repo_path_of("file:///home/me/other/a.py", "/home/me/proj"));
  CHECK_FALSE(repo_path_of("file:///home/me/proj/../other/a.py", "/home/me/proj"));
  CHECK_FALSE(repo_path_of("file:///home/me/proj", "/home/me/proj"));
  CHECK(repo_path_of("file:///home/me/proj/./a.py", "/home/me/proj") == "a.py");
  CHECK_THROWS_WITH(prompt_parts(json(R"([{"type":"audio","data":"A","mimeType":"audio/wav"}])"), "/p"),
                    Catch::Contains("not \"audio\""));
}

TEST_CASE("a completion's finish reason, cancel and error give the stop reason") {
  CHECK(std::string(stop_reason(parse_completion(R"({"finish_reason":"stop"})"))) == "end_turn");
  CHECK(std::string(stop_reason(parse_completion(R"({"finish_reason":"length"})"))) == "max_tokens");
  CHECK(std::string(stop_reason(parse_completion(R"({"finish_reason":"content_filter"})"))) == "refusal");
  Completion cancelled = parse_completion(R"({"cancelled":true,"error":"ignored when cancelled"})");
  CHECK(std::string(stop_reason(cancelled)) == "cancelled");
  CHECK_FALSE(cancelled.error);
  Completion failed = parse_completion(R"({"error":"Rate limit","edit_results":[
    {"file":"a.py","status":"failed","message":"Old text not found","error_type":"anchor_not_found"}]})");
  CHECK(failed.error == "Rate limit");
  REQUIRE(failed.edits.size() == 1);
  CHECK(failed.edits[0].error_type == "anchor_not_found");
  CHECK(parse_completion("not json").error);
  // A local server's cut prompt is said to the editor with the answer.
  CHECK(parse_completion(R"({"finish_reason":"stop","prompt_truncated":"Ollama read 2,050 tokens"})").prompt_truncated ==
        "Ollama read 2,050 tokens");
}

TEST_CASE("the context breakdown becomes a usage_update: tokens, window and the session's cost, null when unpriced") {
  const char* priced = R"({"total_tokens":5120,"max_input_tokens":128000,
    "session_totals":{"cost_usd":0.0035,"unpriced_turns":0,"warmup_cost_usd":0.0005}})";
  auto u = json(usage_update("s1", priced).c_str());
  REQUIRE(u.IsObject());
  CHECK(std::string(u["sessionId"].GetString()) == "s1");
  const auto& up = u["update"];
  CHECK(std::string(up["sessionUpdate"].GetString()) == "usage_update");
  CHECK(up["used"].GetInt() == 5120);
  CHECK(up["size"].GetInt() == 128000);
  CHECK(up["cost"]["amount"].GetDouble() == Approx(0.0035));  // warm-ups are in cost_usd already
  CHECK(std::string(up["cost"]["currency"].GetString()) == "USD");
  // A turn with no known price: the session's cost is unknown, not $0.
  auto unpriced = json(usage_update("s1", R"({"total_tokens":10,"max_input_tokens":8000,
    "session_totals":{"cost_usd":0,"unpriced_turns":1}})").c_str());
  CHECK(unpriced["update"]["cost"].IsNull());
  CHECK(usage_update("s1", "not json").empty());
  CHECK(usage_update("s1", R"({"session_totals":{}})").empty());
}

TEST_CASE("a session's history replays as the updates the editor saw live") {
  auto messages = json(R"([{"role":"user","content":"hi"},
    {"role":"assistant","content":"Done.","reasoning":"hmm",
     "edit_results":[{"file":"a.py","status":"applied","old_preview":"x","new_preview":"y"}]}])");
  std::vector<std::string> u = replay_updates("s1", messages, "/p");
  REQUIRE(u.size() == 4);
  CHECK(u[0] == R"({"sessionId":"s1","update":{"sessionUpdate":"user_message_chunk","content":{"type":"text","text":"hi"}}})");
  CHECK(u[1].find("agent_thought_chunk") != std::string::npos);
  CHECK(u[2].find(R"("text":"Done.")") != std::string::npos);
  CHECK(u[3].find(R"("kind":"edit","status":"completed")") != std::string::npos);
  CHECK(u[3].find(R"("path":"/p/a.py")") != std::string::npos);
}

TEST_CASE("app.yaml's acp: block says whether edits ask, and a wrong one says what to write") {
  CHECK(parse_acp_settings("{}").ask_before_edits);
  CHECK_FALSE(parse_acp_settings(R"({"acp":{"edits":"apply"}})").ask_before_edits);
  CHECK_THROWS_WITH(parse_acp_settings(R"({"acp":{"edits":"maybe"}})"), Catch::Contains("ask"));
  CHECK_THROWS_WITH(parse_acp_settings(R"({"acp":{"permission":"ask"}})"), Catch::Contains("known: edits"));
}

TEST_CASE("a prompt that is one of acdc's slash commands is that command and any other text is a message") {
  auto agent = slash_command("  /agent   off \n");
  REQUIRE(agent);
  CHECK(agent->name == "agent");
  CHECK(agent->input == "off");
  auto undo = slash_command("/undo");
  REQUIRE(undo);
  CHECK(undo->input.empty());
  CHECK_FALSE(slash_command("/agents on"));      // not a name acdc serves: the model reads it
  CHECK_FALSE(slash_command("please /undo"));    // not at the start
  CHECK_FALSE(slash_command("/"));
  CHECK_FALSE(slash_command(""));
  rapidjson::Document update = json(available_commands_update("s1").c_str());
  REQUIRE(update["update"]["availableCommands"].Size() == 3);
  CHECK(update["update"]["availableCommands"][2]["input"].IsNull());  // /undo takes no input
}

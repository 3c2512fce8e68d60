// Undo of an answer's edits (LLMService.undo_turn, issue 29), through the
// real host with the repo plugin and the fake provider: the files return
// to their text before the turn, a created file goes, the model hears of
// it, a file changed since is refused, and it all survives a restart.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <filesystem>
#include <map>

using namespace acdc::llm::test;

namespace {

// An answer changing a.py and creating notes.md, applied.
rapidjson::Document edit_and_create(LlmHost& h) {
  h.call("LLMService.set_selected_files", R"([["a.py"]])");
  h.fake.queue(text_step("Done.\n\n" + edit_block("a.py", "v = 1", "v = 2") + "\n" +
                             edit_block("notes.md", "", "# Notes") + "\nThen run:\n```bash\npytest -q\n```\n",
                         64));
  auto r = h.chat("change v and add notes");
  REQUIRE(h.read("a.py") == "v = 2\n");
  REQUIRE(std::filesystem::exists(h.repo.path() / "notes.md"));
  return r;
}

const rapidjson::Value& last_answer(LlmHost& h, rapidjson::Document& state) {
  state = h.call("LLMService.get_current_state", "[]");
  const auto& messages = state["result"]["messages"];
  for (auto i = messages.Size(); i-- > 0;)
    if (str(messages[i]["role"]) == "assistant") return messages[i];
  FAIL("no answer in the session");
  return messages[0];
}

}  // namespace

TEST_CASE("an answer's edits are undone: its files return, a file it created goes, and the model is told") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "v = 1\n"}});
  auto r = edit_and_create(h);
  REQUIRE(r["undoable"].IsTrue());
  const std::string turn = str(r["turn_id"]);

  auto undone = h.call("LLMService.undo_turn", acdc::json_array(turn));
  INFO(h.host->output());
  REQUIRE(undone.HasMember("result"));
  CHECK(str(undone["result"]["status"]) == "undone");
  CHECK(undone["result"]["files"].Size() == 2);
  const std::string event = str(undone["result"]["system_event_message"]);
  CHECK_THAT(event, Catch::Contains("restored a.py") && Catch::Contains("removed notes.md"));
  CHECK(h.read("a.py") == "v = 1\n");
  CHECK_FALSE(std::filesystem::exists(h.repo.path() / "notes.md"));
  CHECK(h.client->wait_for("AcApp.filesModified", 2, std::chrono::seconds(5)));

  // The model sees the event on the next turn.
  h.fake.queue(text_step("Noted."));
  h.chat("and now?", "req-after");
  CHECK_THAT(h.fake.requests(), Catch::Contains("Undid an answer's edits"));

  // Once undone, there is nothing left to undo.
  auto again = h.call("LLMService.undo_turn", acdc::json_array(turn));
  REQUIRE(again.HasMember("error"));
  CHECK_THAT(str(again["error"]["message"]), Catch::Contains("no edits to undo"));
}

TEST_CASE("a file changed since the answer is refused by name and nothing is undone") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "v = 1\n"}});
  auto r = edit_and_create(h);
  acdc::test::write_file(h.repo.path() / "notes.md", "# Notes\nmine\n");
  auto refused = h.call("LLMService.undo_turn", acdc::json_array(str(r["turn_id"])));
  REQUIRE(refused.HasMember("error"));
  CHECK_THAT(str(refused["error"]["message"]),
             Catch::Contains("notes.md changed since") && Catch::Contains("nothing was undone"));
  CHECK(h.read("a.py") == "v = 2\n");  // untouched, though it alone could have gone back
  CHECK(h.read("notes.md") == "# Notes\nmine\n");
  // A turn id that names no file is refused as unknown, never read as a path.
  auto odd = h.call("LLMService.undo_turn", R"(["../../etc/passwd"])");
  REQUIRE(odd.HasMember("error"));
  CHECK_THAT(str(odd["error"]["message"]), Catch::Contains("no edits to undo"));
}

TEST_CASE("after a restart the answer still shows its edit results, shell commands and undo, and undo works") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "v = 1\n"}});
  auto r = edit_and_create(h);
  const std::string turn = str(r["turn_id"]);
  h.start();  // a new host on the same repository
  rapidjson::Document state;
  const auto& answer = last_answer(h, state);
  CHECK(str(answer["turn_id"]) == turn);
  CHECK(answer["undoable"].IsTrue());
  REQUIRE(answer["edit_results"].Size() == 2);
  CHECK(str(answer["edit_results"][0]["file"]) == "a.py");
  CHECK(str(answer["edit_results"][0]["status"]) == "applied");
  CHECK(answer["passed"].GetInt() == 2);  // the edit and the creation
  REQUIRE(answer["shell_commands"].IsArray());
  CHECK(str(answer["shell_commands"][0]) == "pytest -q");

  auto undone = h.call("LLMService.undo_turn", acdc::json_array(turn));
  REQUIRE(undone.HasMember("result"));
  CHECK(h.read("a.py") == "v = 1\n");
  rapidjson::Document after;
  CHECK_FALSE(last_answer(h, after).HasMember("undoable"));
}

// Review mode (acdc-features.md §4.13) through the real host on a real git
// repository whose feature branch merged main in: the commit graph, the
// merge-base default, the review context the model gets every turn, edits
// held back, the state kept over a restart, and the exit back to main.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <cstdio>
#include <cstdlib>

using namespace acdc::llm::test;

namespace {

std::string git(const std::filesystem::path& dir, const std::string& args) {
  std::string cmd = "git -C '" + dir.string() + "' -c user.email=t@example.com -c user.name=t " + args + " 2>&1";
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[4096];
    while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    pclose(p);
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

// init (on the default branch) <- f1 <- merge of m1 <- f2 on feature; m1 on the default branch.
std::string make_branches(const std::filesystem::path& repo) {
  const std::string main = git(repo, "rev-parse --abbrev-ref HEAD");
  auto commit = [&](const std::string& path, const std::string& text, const std::string& msg) {
    acdc::test::write_file(repo / path, text);
    git(repo, "add -A");
    git(repo, "commit -q -m '" + msg + "'");
  };
  git(repo, "checkout -q -b feature");
  commit("a.py", "def f():\n    return 2\n", "f1: return 2");
  git(repo, "checkout -q " + main);
  commit("c.py", "c\n", "m1: add c");
  git(repo, "checkout -q feature");
  git(repo, "merge -q --no-ff -m 'merge main' " + main);
  commit("d.py", "d\n", "f2: add d");
  git(repo, "checkout -q " + main);
  return main;
}

}  // namespace

TEST_CASE("review mode: a branch with merges reviewed since its merge-base, edits refused, kept over a restart") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "def f():\n    return 1\n"}}, kWithSettings);
  const std::string main = make_branches(h.repo.path());

  // Ready only on a clean tree.
  CHECK(h.call("LLMService.check_review_ready", "[]")["result"]["clean"].GetBool());
  acdc::test::write_file(h.repo.path() / "a.py", "dirty\n");
  auto dirty = h.call("LLMService.check_review_ready", "[]");
  CHECK_FALSE(dirty["result"]["clean"].GetBool());
  CHECK_THAT(str(dirty["result"]["message"]), Catch::Contains("uncommitted"));
  git(h.repo.path(), "checkout -q -- a.py");

  // The graph pages, names the branches, shows the merge.
  auto page = h.call("LLMService.get_commit_graph", "[2, 0, false]");
  CHECK(page["result"]["commits"].Size() == 2);
  CHECK(page["result"]["has_more"].GetBool());
  auto graph = h.call("LLMService.get_commit_graph", "[100, 0, false]");
  CHECK(graph["result"]["commits"].Size() == 5);
  bool merge_seen = false;
  for (const auto& c : graph["result"]["commits"].GetArray()) merge_seen |= c["parents"].Size() == 2;
  CHECK(merge_seen);
  CHECK_THAT(acdc::to_json_text(graph["result"]["branches"]), Catch::Contains("\"feature\""));

  auto started = h.call("LLMService.start_review", R"(["feature"])");
  INFO(acdc::to_json_text(started));
  REQUIRE(started.HasMember("result"));
  const auto& s = started["result"];
  CHECK(s["active"].GetBool());
  CHECK(str(s["branch"]) == "feature");
  CHECK(str(s["original_branch"]) == main);
  CHECK(str(s["parent_commit"]) == git(h.repo.path(), "rev-parse " + main));  // the merge-base
  CHECK(s["stats"]["commit_count"].GetInt() == 3);
  const std::string files = acdc::to_json_text(s["changed_files"]);
  CHECK_THAT(files, Catch::Contains("a.py") && Catch::Contains("d.py") && !Catch::Contains("c.py"));
  CHECK(h.received("AcApp.reviewStarted").size() == 1);
  CHECK(h.call("LLMService.get_review_state", "[]")["result"]["active"].GetBool());
  CHECK_THAT(acdc::to_json_text(h.call("LLMService.get_snippets", "[]")["result"]), Catch::Contains("Full review"));

  auto diff = h.call("LLMService.get_review_file_diff", R"(["a.py"])");
  CHECK_THAT(str(diff["result"]["diff"]), Catch::Contains("+    return 2"));
  CHECK_THAT(str(diff["result"]["reverse_diff"]), Catch::Contains("+    return 1"));

  // A turn: the review prompt and context go to the model; its edit is not applied.
  h.call("LLMService.set_selected_files", R"([["a.py"]])");
  h.fake.queue(text_step("Looks risky.\n\n" + edit_block("a.py", "    return 2", "    return 3") + "\n", 64));
  auto turn = h.chat("review this");
  CHECK_THAT(str(turn["edits_not_applied"]), Catch::Contains("Review mode"));
  CHECK(turn["edit_blocks"].Size() == 1);
  CHECK(h.read("a.py") == "def f():\n    return 2\n");
  const std::string sent = h.fake.requests();
  CHECK_THAT(sent, Catch::Contains("Code Review Context"));
  CHECK_THAT(sent, Catch::Contains("expert code reviewer"));
  CHECK_THAT(sent, Catch::Contains("f1: return 2"));
  CHECK_THAT(sent, Catch::Contains("+    return 1"));  // the reverse diff: the code before

  // No commit or reset inside a review: they would eat the review's staged changes.
  auto refused = h.call("LLMService.reset_to_head", "[]");
  REQUIRE(refused.HasMember("error"));
  CHECK_THAT(str(refused["error"]["message"]), Catch::Contains("review mode"));

  // A restart resumes the review.
  h.start();
  auto resumed = h.call("LLMService.get_current_state", "[]");
  REQUIRE(resumed["result"]["review_state"].IsObject());
  CHECK(str(resumed["result"]["review_state"]["branch"]) == "feature");

  auto ended = h.call("LLMService.end_review", "[]");
  REQUIRE(ended.HasMember("result"));
  CHECK(git(h.repo.path(), "rev-parse --abbrev-ref HEAD") == main);
  CHECK(git(h.repo.path(), "status --porcelain").empty());
  CHECK(h.read("a.py") == "def f():\n    return 1\n");
  CHECK(h.received("AcApp.reviewEnded").size() == 1);
  CHECK_FALSE(h.call("LLMService.get_review_state", "[]")["result"]["active"].GetBool());
  CHECK_FALSE(std::filesystem::exists(h.repo.path() / ".acdc" / "review.json"));
}

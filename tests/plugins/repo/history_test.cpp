// Repo history methods and review mode (acdc-features.md §4.13): entering
// and leaving review leaves the branch, index and working tree as they were.
#include "repo_fixture.hpp"

#include <catch2/catch.hpp>

using namespace acdc::test;

namespace {

// main: init, m2; feature (from init): f1, f2.
struct BranchedRepo {
  BranchedRepo() {
    repo.commit_file("a.txt", "base\n", "init");
    repo.git("checkout -q -b feature");
    repo.commit_file("f.txt", "f1\n", "feature one");
    repo.commit_file("a.txt", "base\nfeature\n", "feature two");
    repo.git("checkout -q main");
    repo.commit_file("m.txt", "m\n", "main two");
  }
  std::string sha(const std::string& ref) const { return repo.git("rev-parse " + ref).substr(0, 40); }
  GitFixture repo;
};

}  // namespace

TEST_CASE("search_commits, get_commit_log, get_commit_parent, get_merge_base") {
  BranchedRepo b;
  RepoHost h(b.repo);
  auto found = h.ok("Repo.search_commits", R"(["FEATURE", "feature"])");
  REQUIRE(found.Size() == 2);
  CHECK(std::string(found[0]["message"].GetString()) == "feature two\n");
  CHECK(std::string(found[0]["author"].GetString()) == "Tester");
  CHECK(h.ok("Repo.search_commits", R"(["feature"])").Size() == 0);  // HEAD is main
  auto log = h.ok("Repo.get_commit_log", R"(["main", "feature"])");
  REQUIRE(log.Size() == 2);
  CHECK(std::string(log[0]["sha"].GetString()) == b.sha("feature"));
  CHECK(std::string(h.ok("Repo.get_commit_parent", R"(["feature"])")["sha"].GetString()) == b.sha("feature~1"));
  CHECK_THAT(h.error("Repo.get_commit_parent", "[\"" + b.sha("main~1") + "\"]"), Catch::Contains("no parent"));
  auto base = h.ok("Repo.get_merge_base", R"(["feature"])");
  CHECK(std::string(base["sha"].GetString()) == b.sha("main~1"));
  CHECK(std::string(base["short_sha"].GetString()) == b.sha("main~1").substr(0, 7));
  CHECK_THAT(h.error("Repo.get_commit_log", R"(["nope"])"), Catch::Contains("Unknown ref: 'nope'"));
}

TEST_CASE("get_commit_graph pages through every branch's history") {
  BranchedRepo b;
  RepoHost h(b.repo);
  auto g = h.ok("Repo.get_commit_graph", "[]");
  CHECK(g["commits"].Size() == 4);
  CHECK_FALSE(g["has_more"].GetBool());
  CHECK(g["branches"].Size() == 2);
  auto page = h.ok("Repo.get_commit_graph", "[2, 1]");
  CHECK(page["commits"].Size() == 2);
  CHECK(page["has_more"].GetBool());
  CHECK(std::string(page["commits"][0]["sha"].GetString()) == std::string(g["commits"][1]["sha"].GetString()));
}

TEST_CASE("review mode: enter shows the branch as staged changes, exit restores everything") {
  BranchedRepo b;
  b.repo.write("untracked.txt", "stays\n");
  RepoHost h(b.repo);
  std::string tip = b.sha("feature"), base = b.sha("feature~1");
  auto entry = h.ok("Repo.checkout_review_parent", "[\"feature\", \"" + base + "\"]");
  CHECK(std::string(entry["branch_tip"].GetString()) == tip);
  CHECK(std::string(entry["original_branch"].GetString()) == "main");
  std::string parent = entry["parent_commit"].GetString();
  CHECK(parent == b.sha("main~1"));
  CHECK(b.sha("HEAD") == parent);
  h.ok("Repo.setup_review_soft_reset", "[\"" + tip + "\", \"" + parent + "\"]");
  auto changed = h.ok("Repo.get_review_changed_files", "[]");
  REQUIRE(changed.Size() == 2);
  CHECK(std::string(changed[0]["path"].GetString()) == "a.txt");
  CHECK(std::string(changed[0]["status"].GetString()) == "M");
  CHECK(changed[0]["additions"].GetInt() == 1);
  CHECK(std::string(changed[1]["status"].GetString()) == "A");
  auto diff = h.ok("Repo.get_review_file_diff", R"(["a.txt"])");
  CHECK_THAT(std::string(diff["diff"].GetString()), Catch::Contains("+feature"));
  h.ok("Repo.exit_review_mode", "[\"" + tip + "\", \"main\"]");
  CHECK(b.repo.git("symbolic-ref --short HEAD") == "main\n");
  CHECK(b.repo.git("status --porcelain") == "?? untracked.txt\n");
  CHECK(b.sha("feature") == tip);
  CHECK(b.repo.read("a.txt") == "base\n");
}

TEST_CASE("review mode refuses a dirty tree and an unknown base") {
  BranchedRepo b;
  RepoHost h(b.repo);
  CHECK_THAT(h.error("Repo.checkout_review_parent", R"(["feature", "nope"])"), Catch::Contains("Unknown ref"));
  b.repo.write("a.txt", "dirty\n");
  CHECK_THAT(h.error("Repo.checkout_review_parent", R"(["feature", "feature~1"])"),
             Catch::Contains("uncommitted changes"));
  CHECK(b.repo.read("a.txt") == "dirty\n");
  CHECK(b.repo.git("symbolic-ref --short HEAD") == "main\n");
}

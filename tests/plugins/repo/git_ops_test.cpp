// Repo git operations: stage, unstage, discard, rename, diffs, commit,
// reset, cleanliness, branches and refs -- each checked against the git CLI.
#include "repo_fixture.hpp"

#include <catch2/catch.hpp>

using namespace acdc::test;

TEST_CASE("stage, unstage, stage_all and commit, as git sees them") {
  GitFixture repo;
  repo.commit_file("a.txt", "1\n");
  repo.write("a.txt", "2\n");
  repo.write("new file.txt", "n\n");
  RepoHost h(repo);
  h.ok("Repo.stage_files", R"([["a.txt"]])");
  CHECK(repo.git("status --porcelain") == "M  a.txt\n?? \"new file.txt\"\n");
  CHECK_THAT(std::string(h.ok("Repo.get_staged_diff", "[]").GetString()), Catch::Contains("+2"));
  h.ok("Repo.unstage_files", R"([["a.txt"]])");
  CHECK(repo.git("status --porcelain") == " M a.txt\n?? \"new file.txt\"\n");
  CHECK_THAT(std::string(h.ok("Repo.get_unstaged_diff", "[]").GetString()), Catch::Contains("-1"));
  h.ok("Repo.stage_all", "[]");
  CHECK(repo.git("status --porcelain") == "M  a.txt\nA  \"new file.txt\"\n");
  auto c = h.ok("Repo.commit", R"(["Change a, add new"])");
  CHECK(std::string(c["sha"].GetString()) == repo.git("rev-parse HEAD").substr(0, 40));
  CHECK(std::string(c["message"].GetString()) == "Change a, add new");
  CHECK(repo.git("log -1 --format=%s") == "Change a, add new\n");
  CHECK(repo.git("status --porcelain").empty());
  CHECK(h.ok("Repo.is_clean", "[]").GetBool());
}

TEST_CASE("get_diff_to_branch is the working tree against the branch, staged or not, as git diff <branch>") {
  GitFixture repo;
  repo.commit_file("a.txt", "1\n");
  repo.git("branch base");
  repo.commit_file("b.txt", "b\n");
  repo.write("a.txt", "2\n");
  RepoHost h(repo);
  h.ok("Repo.stage_files", R"([["a.txt"]])");
  std::string diff = h.ok("Repo.get_diff_to_branch", R"(["base"])").GetString();
  CHECK(diff == repo.git("diff base"));
  CHECK_THAT(diff, Catch::Contains("+2") && Catch::Contains("+b"));
  CHECK_THAT(h.error("Repo.get_diff_to_branch", R"(["no-such-branch"])"), Catch::Contains("Unknown ref: 'no-such-branch'"));
}

TEST_CASE("stage_files stages a deletion, and commit refuses an empty message and an empty index") {
  GitFixture repo;
  repo.commit_file("a.txt", "1\n");
  RepoHost h(repo);
  CHECK_THAT(h.error("Repo.commit", R"(["msg"])"), Catch::Contains("Nothing staged"));
  std::filesystem::remove(repo.root() / "a.txt");
  h.ok("Repo.stage_files", R"([["a.txt"]])");
  CHECK(repo.git("status --porcelain") == "D  a.txt\n");
  CHECK_THAT(h.error("Repo.commit", R"(["  \n"])"), Catch::Contains("Commit message is empty"));
  h.ok("Repo.commit", R"(["remove a"])");
  CHECK(repo.git("ls-files").empty());
}

TEST_CASE("staging done in a terminal meanwhile is seen, never undone by the next stage or commit") {
  GitFixture repo;
  repo.commit_file(".gitignore", ".env\n");
  repo.git("add -f .gitignore");
  repo.write(".env", "SECRET=1\n");
  repo.git("add -f .env && git commit -qm 'tracked by mistake'");
  repo.write("a.txt", "a\n");
  RepoHost h(repo);
  h.ok("Repo.stage_files", R"([["a.txt"]])");  // the plugin has read the index now
  repo.git("rm -q --cached .env");
  repo.write("b.txt", "b\n");
  repo.git("add b.txt");
  h.ok("Repo.stage_all", "[]");
  h.ok("Repo.commit", R"(["stop tracking .env"])");
  CHECK(repo.git("ls-files") == ".gitignore\na.txt\nb.txt\n");
  CHECK(repo.git("status --porcelain").empty());
  // unstage writes the index too.
  repo.write("c.txt", "c\n");
  repo.write("d.txt", "d\n");
  h.ok("Repo.stage_files", R"([["c.txt"]])");
  repo.git("add d.txt");
  h.ok("Repo.unstage_files", R"([["c.txt"]])");
  CHECK(repo.git("status --porcelain") == "A  d.txt\n?? c.txt\n");
}

TEST_CASE("the first commit of a repository with no commits") {
  GitFixture repo;
  repo.write("a.txt", "1\n");
  RepoHost h(repo);
  auto b = h.ok("Repo.get_current_branch", "[]");
  CHECK(std::string(b["branch"].GetString()) == "main");
  CHECK(b["sha"].IsNull());
  CHECK_FALSE(b["detached"].GetBool());
  CHECK_THAT(h.error("Repo.commit", R"(["first"])"), Catch::Contains("Nothing staged"));
  CHECK_THAT(h.error("Repo.reset_hard", "[]"), Catch::Contains("no commits yet"));
  h.ok("Repo.stage_files", R"([["a.txt"]])");
  h.ok("Repo.unstage_files", R"([["a.txt"]])");
  CHECK(repo.git("status --porcelain") == "?? a.txt\n");
  h.ok("Repo.stage_all", "[]");
  h.ok("Repo.commit", R"(["first"])");
  CHECK(repo.git("log --format=%s") == "first\n");
}

TEST_CASE("discard_changes restores tracked files and removes untracked ones") {
  GitFixture repo;
  repo.commit_file("a.txt", "1\n");
  repo.write("a.txt", "changed\n");
  repo.git("add a.txt");
  repo.write("a.txt", "changed again\n");
  repo.write("junk.txt", "j\n");
  RepoHost h(repo);
  auto listener = h.listener();
  h.ok("Repo.discard_changes", R"([["a.txt", "junk.txt"]])");
  CHECK(repo.read("a.txt") == "1\n");
  CHECK_FALSE(std::filesystem::exists(repo.root() / "junk.txt"));
  CHECK(repo.git("status --porcelain").empty());
  REQUIRE(listener->wait_for("AcApp.filesModified", 1, std::chrono::seconds(5)));
  CHECK(listener->received("AcApp.filesModified")[0] == R"([["a.txt","junk.txt"]])");
}

TEST_CASE("rename_file keeps unstaged edits unstaged, as git mv does") {
  GitFixture repo;
  repo.commit_file("a.c", "int a;\n");
  repo.write("a.c", "int a = 1;\n");
  RepoHost h(repo);
  h.ok("Repo.rename_file", R"(["a.c","b.c"])");
  CHECK(repo.git("show :b.c") == "int a;\n");
  CHECK(repo.read("b.c") == "int a = 1;\n");
  CHECK(repo.git("status --porcelain") == "RM a.c -> b.c\n");
}

TEST_CASE("discard_changes on a folder restores what HEAD has, removes what is untracked, keeps what is staged or ignored") {
  GitFixture repo;
  repo.commit_file("src/a.c", "a\n");
  repo.commit_file("src/deep/b.c", "b\n");
  repo.write("src/a.c", "changed\n");
  std::filesystem::remove(repo.root() / "src/deep/b.c");
  repo.write("src/new.c", "new\n");
  repo.git("add src/new.c");
  repo.write("tmp/x/y.txt", "y\n");
  repo.write("tmp/z.txt", "z\n");
  repo.write("gen/out.txt", "o\n");
  repo.write("gen/build.log", "l\n");  // ignored: stays, as with git clean without -x
  repo.write("gen/staged.txt", "s\n");
  repo.write(".git/info/exclude", "*.log\n");
  repo.git("add gen/staged.txt");
  RepoHost h(repo);
  h.ok("Repo.discard_changes", R"([["src", "tmp", "gen"]])");
  CHECK(repo.read("src/a.c") == "a\n");
  CHECK(repo.read("src/deep/b.c") == "b\n");
  CHECK(repo.read("src/new.c") == "new\n");
  CHECK_FALSE(std::filesystem::exists(repo.root() / "tmp"));
  CHECK_FALSE(std::filesystem::exists(repo.root() / "gen/out.txt"));
  CHECK(repo.read("gen/build.log") == "l\n");
  CHECK(repo.read("gen/staged.txt") == "s\n");
  CHECK(repo.git("status --porcelain") == "A  gen/staged.txt\nA  src/new.c\n");
}

TEST_CASE("commit during a merge records both parents and ends the merge, conflicts first need resolving") {
  GitFixture repo;
  repo.commit_file("a.txt", "base\n");
  repo.git("checkout -q -b feature && echo theirs > a.txt && git commit -qam theirs && git checkout -q main");
  repo.write("a.txt", "ours\n");
  repo.git("commit -qam ours");
  repo.git("merge -q feature || true");  // conflicts
  RepoHost h(repo);
  CHECK_THAT(h.error("Repo.commit", R"(["merge feature"])"), Catch::Contains("Unresolved merge conflicts"));
  repo.write("a.txt", "both\n");
  h.ok("Repo.stage_files", R"([["a.txt"]])");
  h.ok("Repo.commit", R"(["merge feature"])");
  CHECK(repo.git("log -1 --format=%p").find(' ') != std::string::npos);  // two parents
  CHECK(repo.git("rev-parse -q --verify MERGE_HEAD || echo none") == "none\n");
  CHECK(repo.git("status --porcelain").empty());
}

TEST_CASE("reset_hard drops staged and unstaged changes but keeps untracked files") {
  GitFixture repo;
  repo.commit_file("a.txt", "1\n");
  repo.write("a.txt", "2\n");
  repo.git("add a.txt");
  repo.write("keep.txt", "k\n");
  RepoHost h(repo);
  CHECK_FALSE(h.ok("Repo.is_clean", "[]").GetBool());
  h.ok("Repo.reset_hard", "[]");
  CHECK(repo.read("a.txt") == "1\n");
  CHECK(repo.read("keep.txt") == "k\n");
  CHECK(h.ok("Repo.is_clean", "[]").GetBool());  // untracked files are tolerated
}

TEST_CASE("rename_file moves a tracked file in git, rename_directory moves a tree") {
  GitFixture repo;
  repo.commit_file("a.txt", "1\n");
  repo.commit_file("dir/x.txt", "x\n");
  repo.write("loose.txt", "l\n");
  RepoHost h(repo);
  h.ok("Repo.rename_file", R"(["a.txt", "b/renamed.txt"])");
  h.ok("Repo.rename_directory", R"(["dir", "moved"])");
  h.ok("Repo.rename_file", R"(["loose.txt", "still-loose.txt"])");
  CHECK(repo.read("b/renamed.txt") == "1\n");
  CHECK(repo.git("ls-files") == "b/renamed.txt\nmoved/x.txt\n");
  CHECK(repo.read("still-loose.txt") == "l\n");
  CHECK_THAT(h.error("Repo.rename_file", R"(["nope.txt", "x.txt"])"), Catch::Contains("'nope.txt' does not exist"));
  CHECK_THAT(h.error("Repo.rename_file", R"(["b/renamed.txt", "moved/x.txt"])"), Catch::Contains("already exists"));
}

TEST_CASE("get_file_content at a version, resolve_ref, unknown refs") {
  GitFixture repo;
  repo.commit_file("a.txt", "v1\n");
  repo.commit_file("a.txt", "v2\n");
  repo.write("a.txt", "worktree\n");
  RepoHost h(repo);
  CHECK(std::string(h.ok("Repo.get_file_content", R"(["a.txt", "HEAD"])").GetString()) == "v2\n");
  CHECK(std::string(h.ok("Repo.get_file_content", R"(["a.txt", "HEAD~1"])").GetString()) == "v1\n");
  CHECK(std::string(h.ok("Repo.resolve_ref", R"(["HEAD~1"])").GetString()) == repo.git("rev-parse HEAD~1").substr(0, 40));
  CHECK_THAT(h.error("Repo.resolve_ref", R"(["no-such-branch"])"), Catch::Contains("Unknown ref: 'no-such-branch'"));
  CHECK_THAT(h.error("Repo.get_file_content", R"(["a.txt", "nope"])"), Catch::Contains("Unknown ref"));
  CHECK_THAT(h.error("Repo.get_file_content", R"(["b.txt", "HEAD"])"), Catch::Contains("does not exist in HEAD"));
}

TEST_CASE("branches, and a detached HEAD") {
  GitFixture repo;
  repo.commit_file("a.txt", "1\n");
  repo.git("branch feature");
  repo.commit_file("a.txt", "2\n");
  RepoHost h(repo);
  auto list = h.ok("Repo.list_branches", "[]");
  CHECK(std::string(list["current"].GetString()) == "main");
  REQUIRE(list["branches"].Size() == 2);
  CHECK(std::string(list["branches"][0]["name"].GetString()) == "feature");
  CHECK_FALSE(list["branches"][0]["is_current"].GetBool());
  CHECK(list["branches"][1]["is_current"].GetBool());
  repo.git("checkout -q --detach HEAD~1");
  auto b = h.ok("Repo.get_current_branch", "[]");
  CHECK(b["branch"].IsNull());
  CHECK(b["detached"].GetBool());
  CHECK(std::string(b["sha"].GetString()) == repo.git("rev-parse HEAD").substr(0, 40));
  CHECK(h.ok("Repo.list_branches", "[]")["current"].IsNull());
}

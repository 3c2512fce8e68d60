// Repo.get_file_tree and get_flat_file_list against git's own view of the
// same repository (acdc-features.md §2.3).
#include "repo_fixture.hpp"

#include <catch2/catch.hpp>

using namespace acdc::test;

namespace {

std::vector<std::string> child_names(const rapidjson::Value& dir) {
  std::vector<std::string> out;
  for (const auto& c : dir["children"].GetArray()) out.push_back(c["name"].GetString());
  return out;
}

}  // namespace

TEST_CASE("get_file_tree: statuses, numstat sums, line counts, dirs first") {
  GitFixture repo;
  repo.write("src/main.cpp", "a\nb\nc\n");
  repo.write("README.md", "readme\n");
  repo.write("old.c", "gone\n");
  repo.write("both.txt", "1\n2\n");
  repo.write(".gitignore", "*.log\n");
  repo.git("add -A && git commit -qm init");
  repo.write("src/main.cpp", "a\nB\nc\nd\n");          // modified: +2 -1
  repo.write("README.md", "readme\nmore\n");           // staged: +1
  repo.git("add README.md");
  repo.write("both.txt", "1\n2\n3\n");                 // staged +1, then worktree +1
  repo.git("add both.txt");
  repo.write("both.txt", "1\n2\n3\n4\n");
  std::filesystem::remove(repo.root() / "old.c");      // deleted
  repo.write("new.txt", "n\n");                        // untracked
  repo.write("debug.log", "ignored\n");                // ignored
  RepoHost h(repo);
  auto r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["modified"]) == std::vector<std::string>{"both.txt", "src/main.cpp"});
  CHECK(strings(r["staged"]) == std::vector<std::string>{"README.md", "both.txt"});
  CHECK(strings(r["untracked"]) == std::vector<std::string>{"new.txt"});
  CHECK(strings(r["deleted"]) == std::vector<std::string>{"old.c"});
  CHECK(r["diff_stats"]["src/main.cpp"]["additions"].GetInt() == 2);
  CHECK(r["diff_stats"]["src/main.cpp"]["deletions"].GetInt() == 1);
  CHECK(r["diff_stats"]["both.txt"]["additions"].GetInt() == 2);
  CHECK(r["diff_stats"]["README.md"]["additions"].GetInt() == 1);

  const auto& tree = r["tree"];
  CHECK(std::string(tree["name"].GetString()) == "proj");
  CHECK(std::string(tree["path"].GetString()).empty());
  CHECK(child_names(tree) == std::vector<std::string>{"src", ".gitignore", "README.md", "both.txt", "new.txt", "old.c"});
  const auto* main_cpp = find_child(*find_child(tree, "src"), "main.cpp");
  REQUIRE(main_cpp);
  CHECK(std::string((*main_cpp)["path"].GetString()) == "src/main.cpp");
  CHECK((*main_cpp)["lines"].GetInt() == 4);
  CHECK((*main_cpp)["mtime"].GetDouble() > 1.6e9);
  CHECK_FALSE((*main_cpp)["is_binary"].GetBool());
}

TEST_CASE("get_file_tree on a repository with no commits lists untracked and staged files") {
  GitFixture repo;
  repo.write("a.txt", "x\n");
  repo.write("b.txt", "y\n");
  repo.git("add a.txt");
  RepoHost h(repo);
  auto r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["staged"]) == std::vector<std::string>{"a.txt"});
  CHECK(strings(r["untracked"]) == std::vector<std::string>{"b.txt"});
  CHECK(child_names(r["tree"]) == std::vector<std::string>{"a.txt", "b.txt"});
}

TEST_CASE("names with spaces and non-ASCII characters, binary files, submodules listed not descended") {
  GitFixture repo;
  GitFixture inner;
  inner.commit_file("inner.txt", "inside\n");
  repo.commit_file("docs/read me.txt", "one\ntwo");
  repo.commit_file("docs/\xc3\xa9t\xc3\xa9.md", "\xc3\xa9\n");
  repo.commit_file("img.bin", std::string("ab\0cd", 5));
  repo.git("-c protocol.file.allow=always submodule add -q '" + inner.root().string() + "' sub && git commit -qm sub");
  RepoHost h(repo);
  auto r = h.ok("Repo.get_file_tree", "[]");
  const auto* docs = find_child(r["tree"], "docs");
  REQUIRE(docs);
  CHECK(child_names(*docs) == std::vector<std::string>{"read me.txt", "\xc3\xa9t\xc3\xa9.md"});
  CHECK((*find_child(*docs, "read me.txt"))["lines"].GetInt() == 2);
  CHECK((*find_child(r["tree"], "img.bin"))["is_binary"].GetBool());
  const auto* sub = find_child(r["tree"], "sub");
  REQUIRE(sub);
  CHECK((*sub)["submodule"].GetBool());
  CHECK_FALSE(sub->HasMember("children"));
  std::string flat = h.ok("Repo.get_flat_file_list", "[]").GetString();
  CHECK(flat == ".gitmodules\ndocs/read me.txt\ndocs/\xc3\xa9t\xc3\xa9.md\nimg.bin");
}

TEST_CASE("get_flat_file_list: tracked plus untracked, minus files gone from disk, sorted") {
  GitFixture repo;
  repo.commit_file("b.txt", "b");
  repo.commit_file("gone.txt", "g");
  repo.write("a.txt", "a");
  repo.commit_file("kept.txt", "k");
  std::filesystem::remove(repo.root() / "gone.txt");
  repo.git("rm -q --cached kept.txt");  // untracked now, but still on disk
  RepoHost h(repo);
  CHECK(std::string(h.ok("Repo.get_flat_file_list", "[]").GetString()) == "a.txt\nb.txt\nkept.txt");
}

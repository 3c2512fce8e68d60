// Repo.get_file_tree asked again and again, as the UI does after every edit:
// what the plugin keeps between trees (line counts, content checks, the
// index layout, staged changes) must never hide a change.
#include "repo_fixture.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>

using namespace acdc::test;

namespace {

// The file node at `path` ("a/b.txt") in a tree reply.
const rapidjson::Value& node(const rapidjson::Value& tree, const std::string& path) {
  const rapidjson::Value* dir = &tree;
  for (size_t start = 0;;) {
    size_t slash = path.find('/', start);
    std::string name = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    const rapidjson::Value* next = find_child(*dir, name);
    INFO("no " << name << " in " << path);
    REQUIRE(next);
    if (slash == std::string::npos) return *next;
    dir = next;
    start = slash + 1;
  }
}

// Sets the file's mtime `minutes` ago: a settled file, whose checks and line
// counts the plugin keeps for the next tree (fresh files never are).
void age(const GitFixture& repo, const std::string& rel, int minutes) {
  std::filesystem::last_write_time(repo.root() / rel,
                                   std::filesystem::file_time_type::clock::now() - std::chrono::minutes(minutes));
}

}  // namespace

TEST_CASE("a second get_file_tree sees edits, touches, staging, commits and new files since the first") {
  GitFixture repo;
  repo.write("a.txt", "one\n");
  repo.write("b.txt", "x\n");
  repo.git("add -A && git commit -qm init");
  RepoHost h(repo);
  auto r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["modified"]).empty());
  CHECK(node(r["tree"], "a.txt")["lines"].GetInt() == 1);

  repo.write("a.txt", "one\ntwo\n");
  repo.write("b.txt", "x\n");  // rewritten, same content: new stat, not a change
  r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["modified"]) == std::vector<std::string>{"a.txt"});
  CHECK(r["diff_stats"]["a.txt"]["additions"].GetInt() == 1);
  CHECK(node(r["tree"], "a.txt")["lines"].GetInt() == 2);

  h.ok("Repo.stage_files", R"([["a.txt"]])");
  r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["staged"]) == std::vector<std::string>{"a.txt"});
  CHECK(strings(r["modified"]).empty());
  CHECK(r["diff_stats"]["a.txt"]["additions"].GetInt() == 1);

  repo.git("commit -qm two");
  repo.write("new/deep/n.txt", "n\n");
  r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["staged"]).empty());
  CHECK_FALSE(r["diff_stats"].HasMember("a.txt"));
  CHECK(strings(r["untracked"]) == std::vector<std::string>{"new/deep/n.txt"});
  CHECK(node(r["tree"], "new/deep/n.txt")["lines"].GetInt() == 1);
}

// After a commit the index records its own tree (git's cache-tree), and the
// plugin then takes "HEAD is the index" from that record instead of reading
// HEAD's trees. Every other state still gets the full comparison.
TEST_CASE("staged changes are the same whether or not the index records its tree") {
  GitFixture repo;
  repo.write("a/x.txt", "x\n");
  repo.write("b.txt", "b\n");
  repo.git("add -A && git commit -qm init");  // the record: complete, HEAD's tree
  RepoHost h(repo);
  auto r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["staged"]).empty());

  repo.write("a/x.txt", "x\ny\n");
  repo.git("add a/x.txt");  // the record: no longer complete
  r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["staged"]) == std::vector<std::string>{"a/x.txt"});
  CHECK(r["diff_stats"]["a/x.txt"]["additions"].GetInt() == 1);

  repo.git("commit -qm two && git reset -q --soft HEAD~1");  // complete, but not HEAD's tree
  r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["staged"]) == std::vector<std::string>{"a/x.txt"});
  CHECK(r["diff_stats"]["a/x.txt"]["additions"].GetInt() == 1);

  repo.git("commit -qm again");
  repo.write("c.txt", "c\n");
  repo.git("add -N c.txt");  // intent to add: never in a recorded tree
  r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["staged"]) == std::vector<std::string>{"c.txt"});
  CHECK(strings(r["modified"]) == std::vector<std::string>{"c.txt"});  // its content is not the empty entry's

  repo.git("rm -q --cached c.txt && git commit -q --allow-empty -m three");
  RepoHost again(repo);  // a first scan, with no staged changes kept from before
  r = again.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["staged"]).empty());
  CHECK(strings(r["untracked"]) == std::vector<std::string>{"c.txt"});
}

TEST_CASE("a file rewritten with the same size right after a tree is read again") {
  GitFixture repo;
  repo.commit_file("f.txt", "ab\n");
  RepoHost h(repo);
  auto r = h.ok("Repo.get_file_tree", "[]");
  CHECK(node(r["tree"], "f.txt")["lines"].GetInt() == 1);
  // Same size, likely the same mtime tick: only the content can tell.
  repo.write("f.txt", "a\nb");
  r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["modified"]) == std::vector<std::string>{"f.txt"});
  CHECK(node(r["tree"], "f.txt")["lines"].GetInt() == 2);
  repo.write("f.txt", "ab\n");
  r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["modified"]).empty());
  CHECK(node(r["tree"], "f.txt")["lines"].GetInt() == 1);
}

TEST_CASE("get_file_tree agrees with git on a mode change, a file turned directory and a symlinked directory") {
  GitFixture repo;
  repo.write("run.sh", "echo\n");
  repo.write("gone/f.txt", "f\n");
  repo.write("other/f.txt", "f\n");
  repo.write("file2dir", "x\n");
  repo.git("add -A && git commit -qm init");
  std::filesystem::permissions(repo.root() / "run.sh", std::filesystem::perms::owner_exec, std::filesystem::perm_options::add);
  std::filesystem::remove_all(repo.root() / "gone");
  std::filesystem::create_directory_symlink("other", repo.root() / "gone");
  std::filesystem::remove(repo.root() / "file2dir");
  repo.write("file2dir/inner.txt", "z\n");
  RepoHost h(repo);
  auto r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["modified"]) == std::vector<std::string>{"run.sh"});
  CHECK(strings(r["deleted"]) == std::vector<std::string>{"file2dir", "gone/f.txt"});
  CHECK(strings(r["untracked"]) == std::vector<std::string>{"file2dir/inner.txt", "gone"});
  // The same lists from git itself.
  CHECK(repo.git("diff --name-only") == "file2dir\ngone/f.txt\nrun.sh\n");
  CHECK(repo.git("ls-files --others --exclude-standard") == "file2dir/inner.txt\ngone\n");
}

TEST_CASE("get_file_tree writes names that need escaping or are not UTF-8") {
  GitFixture repo;
  repo.write("say \"hi\"\\now.txt", "q\n");
  repo.write("caf\xe9.txt", "latin-1 name\n");
  RepoHost h(repo);
  auto r = h.ok("Repo.get_file_tree", "[]");
  CHECK(std::string(node(r["tree"], "say \"hi\"\\now.txt")["path"].GetString()) == "say \"hi\"\\now.txt");
  CHECK(node(r["tree"], "caf\xEF\xBF\xBD.txt")["lines"].GetInt() == 1);
}

TEST_CASE("get_file_tree during a merge conflict: the conflicted file is staged, not modified") {
  GitFixture repo;
  repo.commit_file("f.txt", "a\nb\n");
  repo.commit_file("g.txt", "x\n");
  repo.git("checkout -qb other");
  repo.commit_file("f.txt", "a\nB\n");
  repo.git("checkout -q main");
  repo.commit_file("f.txt", "a\nC\n");
  CHECK_THROWS(repo.git("merge -q other"));  // the conflict
  repo.write("g.txt", "y\n");
  RepoHost h(repo);
  for (int call = 0; call < 2; ++call) {  // the second one from what the first kept
    auto r = h.ok("Repo.get_file_tree", "[]");
    CHECK(strings(r["modified"]) == std::vector<std::string>{"g.txt"});
    CHECK(strings(r["staged"]) == std::vector<std::string>{"f.txt"});
    CHECK(r["diff_stats"]["g.txt"]["additions"].GetInt() == 1);
    CHECK_FALSE(r["diff_stats"].HasMember("f.txt"));
  }
}

TEST_CASE("get_file_tree with CRLF filters: modified as git status says, line counts from the filtered content") {
  GitFixture repo;
  repo.write(".gitattributes", "* text=auto\n");
  repo.write("crlf.txt", "a\nb\n");
  repo.write("edited.txt", "one\ntwo\n");
  repo.write("same.txt", "same\n");
  repo.git("add -A && git commit -qm init");
  repo.write("crlf.txt", "a\r\nb\r\n");               // new size, same content once filtered
  repo.write("edited.txt", "one\r\ntwo\r\nthree\r\n");  // one line more
  repo.write("same.txt", "same\n");                     // rewritten as it was
  RepoHost h(repo);
  auto r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["modified"]) == std::vector<std::string>{"crlf.txt", "edited.txt"});
  CHECK(repo.git("status --porcelain") == " M crlf.txt\n M edited.txt\n");
  CHECK(r["diff_stats"]["edited.txt"]["additions"].GetInt() == 1);
  CHECK(r["diff_stats"]["edited.txt"]["deletions"].GetInt() == 0);
  CHECK_FALSE(r["diff_stats"].HasMember("crlf.txt"));
}

TEST_CASE("what is kept for settled files is used only while their stat and index entry stay the same") {
  GitFixture repo;
  repo.commit_file("a.txt", "one\n");
  repo.commit_file("b.txt", "b\n");
  repo.write("a.txt", "one\ntwo\n");
  age(repo, "a.txt", 60);
  RepoHost h(repo);
  for (int call = 0; call < 2; ++call) {  // the second one from what the first kept
    auto r = h.ok("Repo.get_file_tree", "[]");
    CHECK(strings(r["modified"]) == std::vector<std::string>{"a.txt"});
    CHECK(r["diff_stats"]["a.txt"]["additions"].GetInt() == 1);
    CHECK(node(r["tree"], "a.txt")["lines"].GetInt() == 2);
  }

  // The same size, another old mtime: read again, not taken from what was kept.
  repo.write("a.txt", "o\nn\ne\nt\n");
  age(repo, "a.txt", 120);
  age(repo, "b.txt", 120);  // touched only: still not modified
  auto r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["modified"]) == std::vector<std::string>{"a.txt"});
  CHECK(r["diff_stats"]["a.txt"]["additions"].GetInt() == 4);
  CHECK(r["diff_stats"]["a.txt"]["deletions"].GetInt() == 1);
  CHECK(node(r["tree"], "a.txt")["lines"].GetInt() == 4);

  // The index entry now holds the file's content, the file's stat unchanged.
  repo.git("update-index --cacheinfo 100644,$(git hash-object -w a.txt),a.txt");
  r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["modified"]).empty());
  CHECK(strings(r["staged"]) == std::vector<std::string>{"a.txt"});
}

// The line counts of settled files outlive the host (.acdc/tree-facts.bin),
// trusted on an equal stat as git trusts its index: a file rewritten in place
// with its size and mtime put back is still counted as before, one whose stat
// changed while acdc was down is read again, and a damaged file is ignored.
TEST_CASE("a restarted host counts lines from the last run's facts and reads again what changed meanwhile") {
  GitFixture repo;
  repo.write("a.txt", "a\nb\n");
  repo.write("b.txt", "x\n");
  for (int i = 0; i < 1000; ++i) repo.write("many/f" + std::to_string(i) + ".txt", "1\n");  // enough reads to be worth saving
  repo.git("add -A && git commit -qm init && git ls-files -z | xargs -0 touch -d '10 minutes ago'");
  const auto facts = repo.root() / ".acdc" / "tree-facts.bin";
  {
    RepoHost h(repo);
    auto r = h.ok("Repo.get_file_tree", "[]");
    CHECK(node(r["tree"], "a.txt")["lines"].GetInt() == 2);
  }
  REQUIRE(std::filesystem::exists(facts));

  auto mtime = std::filesystem::last_write_time(repo.root() / "a.txt");
  repo.write("a.txt", "abc\n");  // same size, same inode, one line
  std::filesystem::last_write_time(repo.root() / "a.txt", mtime);
  repo.write("b.txt", "x\ny\nz\n");
  age(repo, "b.txt", 10);
  {
    RepoHost h(repo);
    auto r = h.ok("Repo.get_file_tree", "[]");
    CHECK(node(r["tree"], "a.txt")["lines"].GetInt() == 2);
    CHECK(node(r["tree"], "b.txt")["lines"].GetInt() == 3);
    CHECK(node(r["tree"], "many/f999.txt")["lines"].GetInt() == 1);
  }

  std::ofstream(facts, std::ios::binary | std::ios::trunc) << "acdc-tree-facts 1\ndamaged";
  RepoHost h(repo);
  auto r = h.ok("Repo.get_file_tree", "[]");
  CHECK(node(r["tree"], "a.txt")["lines"].GetInt() == 1);
  CHECK(node(r["tree"], "b.txt")["lines"].GetInt() == 3);
}

// What was found for stat-changed files (modified or not, their line
// counts) also outlives the host (.acdc/status-checks.bin), trusted on an
// equal index entry and stat like the line counts above.
TEST_CASE("a restarted host reuses the last run's checks of modified files and checks again what changed meanwhile") {
  GitFixture repo;
  repo.write("a.txt", "a\n");
  repo.write("b.txt", "b\n");
  repo.git("add -A && git commit -qm init");
  repo.write("a.txt", "a\nb\nc\n");  // +2
  repo.write("b.txt", "b\nc\n");      // +1
  age(repo, "a.txt", 10);
  age(repo, "b.txt", 10);
  const auto checks = repo.root() / ".acdc" / "status-checks.bin";
  {
    RepoHost h(repo);
    auto r = h.ok("Repo.get_file_tree", "[]");
    CHECK(strings(r["modified"]) == std::vector<std::string>{"a.txt", "b.txt"});
    CHECK(r["diff_stats"]["a.txt"]["additions"].GetInt() == 2);
  }
  REQUIRE(std::filesystem::exists(checks));

  auto mtime = std::filesystem::last_write_time(repo.root() / "a.txt");
  repo.write("a.txt", "abcde\n");  // same size, same inode: +1 -1, were it read
  std::filesystem::last_write_time(repo.root() / "a.txt", mtime);
  repo.write("b.txt", "b\n");  // back to the committed content, a new stat
  age(repo, "b.txt", 5);
  {
    RepoHost h(repo);
    auto r = h.ok("Repo.get_file_tree", "[]");
    CHECK(strings(r["modified"]) == std::vector<std::string>{"a.txt"});
    CHECK(r["diff_stats"]["a.txt"]["additions"].GetInt() == 2);
    CHECK(r["diff_stats"]["a.txt"]["deletions"].GetInt() == 0);
    CHECK_FALSE(r["diff_stats"].HasMember("b.txt"));
  }

  std::ofstream(checks, std::ios::binary | std::ios::trunc) << "acdc-status-checks 1\ndamaged";
  RepoHost h(repo);
  auto r = h.ok("Repo.get_file_tree", "[]");
  CHECK(strings(r["modified"]) == std::vector<std::string>{"a.txt"});
  CHECK(r["diff_stats"]["a.txt"]["additions"].GetInt() == 1);
  CHECK(r["diff_stats"]["a.txt"]["deletions"].GetInt() == 1);
}

TEST_CASE("a never-opened repository of thousands of files gets its tree at once, its line counts a moment later") {
  GitFixture repo;
  repo.write("a.txt", "a\nb\n");
  for (int i = 0; i < 5000; ++i) repo.write("many/f" + std::to_string(i) + ".txt", "1\n2\n3\n");
  repo.git("add -A && git commit -qm init");
  RepoHost h(repo);
  auto listener = h.listener();
  auto first = h.ok("Repo.get_file_tree", "[]");
  // Answered before any file was read: every file is listed, not yet counted.
  CHECK(node(first["tree"], "many/f4999.txt")["lines"].GetInt() == 0);
  CHECK(node(first["tree"], "a.txt")["lines"].GetInt() == 0);
  REQUIRE(listener->wait_for("AcApp.filesModified", 1, std::chrono::seconds(20)));
  auto second = h.ok("Repo.get_file_tree", "[]");
  CHECK(node(second["tree"], "a.txt")["lines"].GetInt() == 2);
  CHECK(node(second["tree"], "many/f4999.txt")["lines"].GetInt() == 3);
  CHECK(std::filesystem::exists(repo.root() / ".acdc" / "tree-facts.bin"));
}

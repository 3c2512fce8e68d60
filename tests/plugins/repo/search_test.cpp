// Repo.search_files: git grep semantics on RE2 (acdc-features.md §2.4).
#include "repo_fixture.hpp"

#include <catch2/catch.hpp>

using namespace acdc::test;

namespace {

std::vector<std::string> files_of(const rapidjson::Value& result) {
  std::vector<std::string> out;
  for (const auto& f : result.GetArray()) out.push_back(f["file"].GetString());
  return out;
}

struct SearchRepo {
  SearchRepo() {
    repo.write("src/a-b.js", "// c\nconst x = foo();\n}\n");
    repo.write("src/other.js", "Foo bar\nfoobar\nfood\n");
    repo.write(".gitignore", "*.log\n");
    repo.write("dos.txt", "foo\r\nbar\r\n");
    repo.git("add -A && git commit -qm init");
    repo.write("untracked.txt", "foo in an untracked file\n");
    repo.write("skip.log", "foo in an ignored file\n");
    repo.write("bin.dat", std::string("foo\0", 4));
  }
  GitFixture repo;
};

}  // namespace

TEST_CASE("search_files: literal, case-insensitive by default, tracked and untracked, never ignored or binary") {
  SearchRepo s;
  RepoHost h(s.repo);
  auto r = h.ok("Repo.search_files", R"(["foo"])");
  CHECK(files_of(r) == std::vector<std::string>{"dos.txt", "src/a-b.js", "src/other.js", "untracked.txt"});
  const auto& m = r[1]["matches"][0];
  CHECK(m["line_num"].GetInt() == 2);
  CHECK(std::string(m["line"].GetString()) == "const x = foo();");
  CHECK(std::string(m["context_before"][0]["line"].GetString()) == "// c");
  CHECK(m["context_after"][0]["line_num"].GetInt() == 3);
  CHECK(std::string(r[0]["matches"][0]["line"].GetString()) == "foo");  // CR dropped
  CHECK(r[2]["matches"].Size() == 3);
}

TEST_CASE("search_files: whole word, case-sensitive, regex, literal metacharacters") {
  SearchRepo s;
  RepoHost h(s.repo);
  auto word = h.ok("Repo.search_files", R"(["foo", true, false, true, 0])");
  CHECK(files_of(word) == std::vector<std::string>{"dos.txt", "src/a-b.js", "src/other.js", "untracked.txt"});
  CHECK(word[2]["matches"].Size() == 1);  // "Foo bar", not "foobar" or "food"
  CHECK(word[2]["matches"][0]["context_before"].Size() == 0);
  auto exact = h.ok("Repo.search_files", R"(["Foo", false, false, false, 0])");
  CHECK(files_of(exact) == std::vector<std::string>{"src/other.js"});
  auto regex = h.ok("Repo.search_files", R"(["^foo(bar|d)$", false, true, false, 0])");
  REQUIRE(files_of(regex) == std::vector<std::string>{"src/other.js"});
  CHECK(regex[0]["matches"].Size() == 2);
  CHECK(files_of(h.ok("Repo.search_files", R"(["foo();"])")) == std::vector<std::string>{"src/a-b.js"});
}

TEST_CASE("search_files: context between two matches belongs to both, capped") {
  GitFixture repo;
  repo.write("f.txt", "x1\nhit\na\nb\nc\nhit\ny\n");
  RepoHost h(repo);
  auto r = h.ok("Repo.search_files", R"(["hit", false, false, true, 2])");
  const auto& m = r[0]["matches"];
  REQUIRE(m.Size() == 2);
  CHECK(m[0]["context_before"].Size() == 1);
  CHECK(m[0]["context_after"].Size() == 2);
  CHECK(m[0]["context_after"][1]["line_num"].GetInt() == 4);
  CHECK(m[1]["context_before"].Size() == 2);
  CHECK(m[1]["context_before"][0]["line_num"].GetInt() == 4);
  CHECK(m[1]["context_after"].Size() == 1);
}

TEST_CASE("search_files: empty query, no match, a bad regex, non-UTF-8 lines") {
  GitFixture repo;
  repo.write("latin1.txt", "caf\xe9 au lait\n");
  RepoHost h(repo);
  CHECK(h.ok("Repo.search_files", R"([""])").Size() == 0);
  CHECK(h.ok("Repo.search_files", R"(["nothing like this"])").Size() == 0);
  CHECK_THAT(h.error("Repo.search_files", R"(["(unclosed", false, true])"), Catch::Contains("Invalid search pattern"));
  auto r = h.ok("Repo.search_files", R"(["au lait"])");
  CHECK(std::string(r[0]["matches"][0]["line"].GetString()) == "caf\xEF\xBF\xBD au lait");
}

TEST_CASE("search_files: a pathological pattern finishes quickly") {
  GitFixture repo;
  repo.write("a.txt", std::string(20000, 'a') + "\n");
  RepoHost h(repo);
  auto start = std::chrono::steady_clock::now();
  CHECK(h.ok("Repo.search_files", R"(["(a+)+$b", false, true, false, 0])").Size() == 0);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
}

TEST_CASE("search_files never follows a symlink out of the repository") {
  GitFixture repo;
  TempDir outside;
  write_file(outside.path() / "secret.txt", "foo secret\n");
  std::filesystem::create_symlink(outside.path() / "secret.txt", repo.root() / "link.txt");
  repo.git("add link.txt && git commit -qm link");
  RepoHost h(repo);
  CHECK(h.ok("Repo.search_files", R"(["secret"])").Size() == 0);
}

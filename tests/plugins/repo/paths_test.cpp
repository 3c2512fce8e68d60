// Path safety: every way out of the repository is refused with a message
// naming the path and the reason; activation outside a repository explains
// how to fix it; .acdc/ is excluded through .git/info/exclude.
#include "repo_fixture.hpp"

#include <catch2/catch.hpp>

using namespace acdc::test;

namespace {

constexpr int kPermissionDenied = -32006;

void check_refused(RepoHost& h, const std::string& path, const std::string& reason) {
  for (const char* method : {"Repo.get_file_content", "Repo.file_exists", "Repo.delete_file", "Repo.is_binary_file"}) {
    std::string args = "[" + jstr(path) + "]";
    CHECK(h.error_code(method, args) == kPermissionDenied);
    CHECK_THAT(h.error(method, args), Catch::Contains(reason) && Catch::Contains(path));
  }
  CHECK_THAT(h.error("Repo.write_file", "[" + jstr(path) + ", \"pwned\"]"), Catch::Contains(reason));
  CHECK_THAT(h.error("Repo.create_file", "[" + jstr(path) + ", \"pwned\"]"), Catch::Contains(reason));
  CHECK_THAT(h.error("Repo.stage_files", "[[" + jstr(path) + "]]"), Catch::Contains(reason));
}

}  // namespace

TEST_CASE("paths with .. segments are refused") {
  GitFixture repo;
  RepoHost h(repo);
  check_refused(h, "../outside.txt", "Path traversal not allowed");
  check_refused(h, "src/../../outside.txt", "Path traversal not allowed");
  check_refused(h, "src\\..\\..\\outside.txt", "Path traversal not allowed");
  CHECK_FALSE(std::filesystem::exists(repo.root().parent_path() / "outside.txt"));
}

TEST_CASE("absolute paths are refused") {
  GitFixture repo;
  RepoHost h(repo);
  check_refused(h, "/etc/passwd", "Absolute paths not accepted");
  check_refused(h, (repo.root() / "a.txt").string(), "Absolute paths not accepted");
}

TEST_CASE("symlinks that lead outside the repository are refused") {
  GitFixture repo;
  TempDir outside;
  write_file(outside.path() / "secret.txt", "secret");
  std::filesystem::create_symlink(outside.path() / "secret.txt", repo.root() / "link.txt");
  std::filesystem::create_directory_symlink(outside.path(), repo.root() / "linkdir");
  RepoHost h(repo);
  check_refused(h, "link.txt", "outside the repository");
  check_refused(h, "linkdir/secret.txt", "outside the repository");
  check_refused(h, "linkdir/new.txt", "outside the repository");
  CHECK(read_file(outside.path() / "secret.txt") == "secret");
  CHECK_FALSE(std::filesystem::exists(outside.path() / "new.txt"));
}

TEST_CASE("anything inside .git is refused") {
  GitFixture repo;
  std::filesystem::create_directory_symlink(repo.root() / ".git", repo.root() / "gitlink");
  RepoHost h(repo);
  std::string config_before = repo.read(".git/config");
  check_refused(h, ".git/config", ".git");
  check_refused(h, ".GIT/config", ".git");
  check_refused(h, "gitlink/config", ".git");
  CHECK(repo.read(".git/config") == config_before);
}

TEST_CASE("an empty path is a clear error") {
  GitFixture repo;
  RepoHost h(repo);
  CHECK_THAT(h.error("Repo.get_file_content", R"([""])"), Catch::Contains("Empty path"));
}

TEST_CASE("activation outside a git repository says so and how to fix it") {
  TempDir plain;
  HostProcess host({.config_yaml = "plugins:\n  - name: repo\n", .repo = plain.path().string()});
  std::string out = host.output();
  CHECK_THAT(out, Catch::Contains("is not a git repository") && Catch::Contains("git init") &&
                      Catch::Contains("--repo"));
}

TEST_CASE("activation lists .acdc/ in .git/info/exclude once, touching no tracked file") {
  GitFixture repo;
  repo.commit_file(".gitignore", "*.log\n");
  { RepoHost h(repo); }
  { RepoHost h(repo); }
  std::string exclude = repo.read(".git/info/exclude");
  CHECK(exclude.find(".acdc/") != std::string::npos);
  CHECK(exclude.find(".acdc/") == exclude.rfind(".acdc/"));
  CHECK(repo.read(".gitignore") == "*.log\n");
  CHECK(repo.git("status --porcelain").empty());
}

// Repo file methods: read, write, create, delete, exists, binary, base64,
// the size cap, CRLF and non-UTF-8 content, filesModified, concurrent writes,
// symlinks and named pipes.
#include "repo_fixture.hpp"

#include <catch2/catch.hpp>
#include <sys/stat.h>

#include <thread>

using namespace acdc::test;

TEST_CASE("write_file then get_file_content returns the new text, and clients hear filesModified") {
  GitFixture repo;
  RepoHost h(repo);
  auto listener = h.listener();
  auto r = h.ok("Repo.write_file", R"(["src/new dir/a b.txt", "hello\nworld\n"])");
  CHECK(std::string(r["status"].GetString()) == "ok");
  CHECK(repo.read("src/new dir/a b.txt") == "hello\nworld\n");
  CHECK(std::string(h.ok("Repo.get_file_content", R"(["src/new dir/a b.txt"])").GetString()) == "hello\nworld\n");
  REQUIRE(listener->wait_for("AcApp.filesModified", 1, std::chrono::seconds(5)));
  CHECK(listener->received("AcApp.filesModified")[0] == R"([["src/new dir/a b.txt"]])");
}

TEST_CASE("write_file keeps the file's mode and leaves no temporary file behind") {
  GitFixture repo;
  repo.write("run.sh", "#!/bin/sh\n");
  chmod((repo.root() / "run.sh").c_str(), 0755);
  RepoHost h(repo);
  h.ok("Repo.write_file", R"(["run.sh", "#!/bin/sh\necho hi\n"])");
  struct stat st {};
  REQUIRE(stat((repo.root() / "run.sh").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0755);
  size_t entries = 0;
  for (auto& e : std::filesystem::directory_iterator(repo.root())) entries += e.path().filename() != ".git";
  CHECK(entries == 1);
}

TEST_CASE("create_file refuses an existing file and keeps its content") {
  GitFixture repo;
  repo.write("a.txt", "original\n");
  RepoHost h(repo);
  CHECK_THAT(h.error("Repo.create_file", R"(["a.txt", "new"])"), Catch::Contains("File already exists: 'a.txt'"));
  CHECK(repo.read("a.txt") == "original\n");
  h.ok("Repo.create_file", R"(["b.txt"])");
  CHECK(repo.read("b.txt").empty());
}

TEST_CASE("delete_file, file_exists and missing files") {
  GitFixture repo;
  repo.write("a.txt", "x");
  RepoHost h(repo);
  CHECK(h.ok("Repo.file_exists", R"(["a.txt"])").GetBool());
  h.ok("Repo.delete_file", R"(["a.txt"])");
  CHECK_FALSE(h.ok("Repo.file_exists", R"(["a.txt"])").GetBool());
  CHECK_THAT(h.error("Repo.get_file_content", R"(["a.txt"])"), Catch::Contains("File not found: 'a.txt'"));
  CHECK_THAT(h.error("Repo.delete_file", R"(["a.txt"])"), Catch::Contains("File not found: 'a.txt'"));
}

TEST_CASE("delete_file on a symlink removes the link, never the file it points to") {
  GitFixture repo;
  repo.commit_file("README.md", "read me\n");
  std::filesystem::create_directory(repo.root() / "docs");
  std::filesystem::create_symlink("../README.md", repo.root() / "docs" / "README.md");
  RepoHost h(repo);
  h.ok("Repo.delete_file", R"(["docs/README.md"])");
  CHECK_FALSE(std::filesystem::exists(std::filesystem::symlink_status(repo.root() / "docs" / "README.md")));
  CHECK(repo.read("README.md") == "read me\n");
  CHECK_THAT(h.error("Repo.delete_file", R"(["docs"])"), Catch::Contains("'docs' is a directory"));
}

TEST_CASE("a named pipe is never waited on: not listed, not searched, refused when opened") {
  GitFixture repo;
  repo.commit_file("a.txt", "needle\n");
  REQUIRE(::mkfifo((repo.root() / "tmp.pipe").c_str(), 0644) == 0);
  RepoHost h(repo);
  CHECK(h.ok("Repo.search_files", R"(["needle"])").Size() == 1);
  auto tree = h.ok("Repo.get_file_tree", "[]");
  CHECK(tree["untracked"].Size() == 0);
  CHECK_THAT(h.error("Repo.get_file_content", R"(["tmp.pipe"])"), Catch::Contains("not a regular file"));
  CHECK_THAT(h.error("Repo.is_binary_file", R"(["tmp.pipe"])"), Catch::Contains("not a regular file"));
}

TEST_CASE("binary files: detected by a NUL in the first 8 KiB, refused as text, served as base64") {
  GitFixture repo;
  repo.write("logo.png", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
  repo.write("late-nul.txt", std::string(9000, 'a') + std::string(1, '\0'));
  RepoHost h(repo);
  CHECK(h.ok("Repo.is_binary_file", R"(["logo.png"])").GetBool());
  CHECK_FALSE(h.ok("Repo.is_binary_file", R"(["late-nul.txt"])").GetBool());
  CHECK_THAT(h.error("Repo.get_file_content", R"(["logo.png"])"), Catch::Contains("Binary file cannot be read as text"));
  std::string uri = h.ok("Repo.get_file_base64", R"(["logo.png"])")["data_uri"].GetString();
  CHECK(uri == "data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==");
}

TEST_CASE("CRLF is kept byte for byte and non-UTF-8 bytes come back replaced") {
  GitFixture repo;
  repo.write("dos.txt", "one\r\ntwo\r\n");
  repo.write("latin1.txt", "caf\xe9\n");
  RepoHost h(repo);
  CHECK(std::string(h.ok("Repo.get_file_content", R"(["dos.txt"])").GetString()) == "one\r\ntwo\r\n");
  CHECK(std::string(h.ok("Repo.get_file_content", R"(["latin1.txt"])").GetString()) == "caf\xEF\xBF\xBD\n");
}

TEST_CASE("files over max_file_bytes are refused with the size and the limit") {
  GitFixture repo;
  repo.write("big.txt", std::string(2000, 'x'));
  RepoHost h(repo, "    config: {max_file_bytes: 1000}\n");
  std::string why = h.error("Repo.get_file_content", R"(["big.txt"])");
  CHECK_THAT(why, Catch::Contains("File too large") && Catch::Contains("2000") && Catch::Contains("1000"));
  CHECK_THAT(h.error("Repo.write_file", "[\"w.txt\", \"" + std::string(1500, 'y') + "\"]"), Catch::Contains("over the limit"));
  CHECK_FALSE(std::filesystem::exists(repo.root() / "w.txt"));
}

TEST_CASE("concurrent writes to one file are serialised: the result is one whole write") {
  GitFixture repo;
  RepoHost h(repo);
  constexpr int kWriters = 6;
  std::vector<std::string> contents;
  for (int i = 0; i < kWriters; ++i) contents.push_back(std::string(300000, static_cast<char>('a' + i)));
  std::vector<std::thread> writers;
  std::atomic<int> ok{0};
  for (int i = 0; i < kWriters; ++i)
    writers.emplace_back([&, i] {
      WsClient c(h.host().port(), h.host().token());
      for (int round = 0; round < 3; ++round) {
        auto r = c.call("Repo.write_file", "[\"shared.txt\", \"" + contents[i] + "\"]");
        ok += r.HasMember("result");
      }
    });
  for (auto& t : writers) t.join();
  CHECK(ok == kWriters * 3);
  std::string final = repo.read("shared.txt");
  CHECK(std::find(contents.begin(), contents.end(), final) != contents.end());
}

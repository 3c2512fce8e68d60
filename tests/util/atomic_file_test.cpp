// acdc::util::replace_file and remove_stale_temporaries: what every writer
// of acdc relies on (the crash behaviour itself is driven in tests/crash).
#include "support/temp_dir.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/util/atomic_file.hpp>

#include <catch2/catch.hpp>

#include <sys/stat.h>

namespace fs = std::filesystem;
using acdc::test::read_file;
using acdc::test::TempDir;
using acdc::test::write_file;
using acdc::util::replace_file;

namespace {

size_t entries(const fs::path& dir) {
  size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
  return n;
}

}  // namespace

TEST_CASE("replace_file writes the bytes, creates the directories and leaves nothing beside the file") {
  TempDir dir;
  const fs::path file = dir.path() / "a" / "b" / "state.json";
  replace_file(file, "{\"v\":1}");
  CHECK(read_file(file) == "{\"v\":1}");
  replace_file(file, std::string("\0bin\n", 5));
  CHECK(read_file(file) == std::string("\0bin\n", 5));
  CHECK(entries(file.parent_path()) == 1);
}

TEST_CASE("replace_file keeps the mode of the file it replaces, and a new file gets the umask's") {
  TempDir dir;
  const fs::path script = dir.path() / "run.sh";
  write_file(script, "#!/bin/sh\n");
  ::chmod(script.c_str(), 0750);
  replace_file(script, "#!/bin/sh\necho hi\n");
  struct stat st {};
  REQUIRE(::stat(script.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0750);
  const mode_t mask = ::umask(022);
  replace_file(dir.path() / "new.txt", "x");
  ::umask(mask);
  REQUIRE(::stat((dir.path() / "new.txt").c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0644);
}

TEST_CASE("a symlink is replaced by default and followed when asked") {
  TempDir dir;
  const fs::path target = dir.path() / "dotfiles" / "app.yaml";
  write_file(target, "old\n");
  const fs::path link = dir.path() / "app.yaml";
  fs::create_symlink(target, link);
  replace_file(link, "through\n", {.through_symlink = true});
  CHECK(fs::is_symlink(link));
  CHECK(read_file(target) == "through\n");
  replace_file(link, "replaced\n");
  CHECK_FALSE(fs::is_symlink(link));
  CHECK(read_file(link) == "replaced\n");
  CHECK(read_file(target) == "through\n");  // a link out of a repository never leads a write out
}

TEST_CASE("a write that fails names the path and leaves the target and no temporary") {
  TempDir dir;
  // A directory where the file should be: the rename fails after the
  // temporary was written (tests run as root too, so no permission trick).
  const fs::path taken = dir.path() / "state.json";
  fs::create_directories(taken / "inside");
  CHECK_THROWS_WITH(replace_file(taken, "new"),
                    Catch::StartsWith("cannot write " + taken.string() + ": Is a directory"));
  CHECK(fs::is_directory(taken / "inside"));
  CHECK(entries(dir.path()) == 1);
  // A file where a directory should be.
  write_file(dir.path() / "plain", "x");
  CHECK_THROWS_WITH(replace_file(dir.path() / "plain" / "f.txt", "new"),
                    Catch::StartsWith("cannot create " + (dir.path() / "plain").string()));
}

TEST_CASE("remove_stale_temporaries removes old temporaries at any depth, and only those") {
  TempDir dir;
  const fs::path old_temp = dir.path() / "chats" / "x" / ".chat.json.77-3.acdc-tmp";
  const fs::path young_temp = dir.path() / ".index.json.78-0.acdc-tmp";
  const fs::path data = dir.path() / "chats" / "x" / "chat.json";
  for (const auto& f : {old_temp, young_temp, data}) write_file(f, "{}");
  fs::last_write_time(old_temp, fs::file_time_type::clock::now() - std::chrono::minutes(5));
  fs::last_write_time(data, fs::file_time_type::clock::now() - std::chrono::minutes(5));
  acdc::util::remove_stale_temporaries(dir.path());
  CHECK_FALSE(fs::exists(old_temp));
  CHECK(fs::exists(young_temp));  // perhaps another acdc's write in flight
  CHECK(fs::exists(data));
  acdc::util::remove_stale_temporaries(dir.path() / "missing");  // no directory: nothing to do
}

TEST_CASE("append_line adds whole lines, and a line after a torn tail starts on its own") {
  TempDir dir;
  const fs::path file = dir.path() / "logs" / "usage.csv";
  acdc::util::append_line(file, "a,1");
  acdc::util::append_line(file, "b,2");
  CHECK(read_file(file) == "a,1\nb,2\n");
  write_file(file, "a,1\nb,");  // a kill cut the second line
  acdc::util::append_line(file, "c,3");
  CHECK(read_file(file) == "a,1\nb,\nc,3\n");
}

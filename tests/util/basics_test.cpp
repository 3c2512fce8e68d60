// acdc_util's path rules (the repo plugin and BB-7 keep them both), digests,
// UTC stamps and random ids: the values other parts store on disk and
// compare later, so their exact text is the contract.
#include <acdc/util/path_rules.hpp>
#include <acdc/util/random.hpp>
#include <acdc/util/sha256.hpp>
#include <acdc/util/utc_time.hpp>

#include <catch2/catch.hpp>

#include <regex>
#include <set>

using namespace std::chrono;

TEST_CASE("sha256_hex gives the FIPS 180-2 digests as lowercase hex") {
  CHECK(acdc::util::sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(acdc::util::sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  std::string with_nul("a\0b", 3);
  CHECK(acdc::util::sha256_hex(with_nul) != acdc::util::sha256_hex("a"));
}

TEST_CASE("utc_format writes the instant in UTC whatever the local zone") {
  setenv("TZ", "Pacific/Auckland", 1);
  tzset();
  const system_clock::time_point t{seconds(1700000000)};
  CHECK(acdc::util::utc_format(t, "%Y-%m-%dT%H:%M:%SZ") == "2023-11-14T22:13:20Z");
  CHECK(acdc::util::utc_format(t, "%Y%m%dT%H%M%SZ") == "20231114T221320Z");
  CHECK(acdc::util::utc_format(system_clock::time_point{}, "%Y-%m-%d") == "1970-01-01");
  unsetenv("TZ");
  tzset();
}

TEST_CASE("utc_now is RFC 3339 to the second") {
  CHECK(std::regex_match(acdc::util::utc_now(), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
}

TEST_CASE("random ids are well formed and do not repeat") {
  CHECK(std::regex_match(acdc::random_hex(6), std::regex("[0-9a-f]{12}")));
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    std::string id = acdc::random_uuid();
    REQUIRE(std::regex_match(id, std::regex("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")));
    seen.insert(id);
  }
  CHECK(seen.size() == 1000);
}

TEST_CASE("relative_path_fault names the first rule a client's path breaks") {
  using acdc::util::PathFault;
  using acdc::util::relative_path_fault;
  CHECK(relative_path_fault("") == PathFault::empty);
  CHECK(relative_path_fault(std::string_view("a\0b", 3)) == PathFault::nul_byte);
  for (const char* abs : {"/etc/passwd", "\\server\\x", "~/.ssh/id_rsa", "C:\\x", "c:x"})
    CHECK(relative_path_fault(abs) == PathFault::absolute);
  for (const char* up : {"..", "../x", "a/../../x", "a\\..\\x"}) CHECK(relative_path_fault(up) == PathFault::traversal);
  for (const char* git : {".git", ".git/config", "a/.GIT/hooks", "a\\.Git\\x"}) CHECK(relative_path_fault(git) == PathFault::git_dir);
  for (const char* ok : {"src/a.c", "...", "..hidden", ".gitignore", "x.git/a", "a//b", "dir/./f", "a/"})
    CHECK_FALSE(relative_path_fault(ok));
}

TEST_CASE("is_within compares whole segments") {
  using acdc::util::is_within;
  CHECK(is_within("/proj", "/proj"));
  CHECK(is_within("/proj", "/proj/src/a.c"));
  CHECK(is_within("/proj/", "/proj/src"));
  CHECK_FALSE(is_within("/proj", "/projection/a.c"));
  CHECK_FALSE(is_within("/proj/src", "/proj"));
}

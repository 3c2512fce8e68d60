// URL detection, classification and display names (acdc-features.md §6).
#include "detect/url_detector.hpp"

#include <catch2/catch.hpp>

using namespace acdc::urls;

TEST_CASE("urls in a message are found in order, once, without the punctuation that ends a sentence") {
  auto found = detect_urls("See https://docs.rs/regex, then (http://Example.com/a?b=1). Again: https://docs.rs/regex!");
  REQUIRE(found.size() == 2);
  CHECK(found[0].url == "https://docs.rs/regex");
  CHECK(found[1].url == "http://Example.com/a?b=1");
  CHECK(detect_urls("HTTPS://github.com/o/r\u201d")[0].url == "HTTPS://github.com/o/r");
  CHECK(detect_urls("no links here, nor in http:// alone").empty());
}

TEST_CASE("each url is classified in the table's order") {
  CHECK(classify_url("https://github.com/o/r/issues/12") == "github_issue");
  CHECK(classify_url("https://github.com/o/r/pull/7") == "github_pr");
  CHECK(classify_url("https://github.com/o/r/blob/main/src/a.py") == "github_file");
  CHECK(classify_url("https://raw.githubusercontent.com/o/r/main/a.py") == "github_file");
  CHECK(classify_url("https://github.com/o/r") == "github_repo");
  CHECK(classify_url("https://github.com/o/r.git") == "github_repo");
  CHECK(classify_url("https://github.com/o/r/") == "github_repo");
  CHECK(classify_url("https://github.com/settings/profile") == "generic");
  CHECK(classify_url("https://github.com/marketplace/actions") == "generic");
  CHECK(classify_url("https://docs.python.org/3/library/re.html") == "documentation");
  CHECK(classify_url("https://regex.readthedocs.io/en/latest/") == "documentation");
  CHECK(classify_url("https://example.com/docs/start") == "documentation");
  CHECK(classify_url("https://example.com/api/v1") == "documentation");
  CHECK(classify_url("https://example.com/blog/post") == "generic");
}

TEST_CASE("display names are short: o/r, o/r/file, o/r#n, o/r!n, host/path cut at 40") {
  CHECK(display_name("https://github.com/o/r.git", "github_repo") == "o/r");
  CHECK(display_name("https://github.com/o/r/blob/main/src/a.py", "github_file") == "o/r/a.py");
  CHECK(display_name("https://github.com/o/r/issues/12", "github_issue") == "o/r#12");
  CHECK(display_name("https://github.com/o/r/pull/7", "github_pr") == "o/r!7");
  CHECK(display_name("https://example.com/a/b/", "generic") == "example.com/a/b");
  std::string longer = display_name("https://example.com/a-very-long-path/that-goes-on-and-on/and-on", "generic");
  CHECK(longer.size() == 41);
  CHECK(longer.ends_with("..."));
  CHECK(detect_urls("https://github.com/o/r/pull/7")[0].display_name == "o/r!7");
}

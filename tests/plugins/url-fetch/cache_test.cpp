// The disk cache: TTL, corrupt entries, errors never stored (§6).
#include "cache/url_cache.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace acdc::urls;

TEST_CASE("a cached page comes back until its TTL passes, and a summary rewrites it in place") {
  acdc::test::TempDir dir;
  UrlCache cache(dir.path(), std::chrono::hours(1));
  UrlContent c{.url = "https://x.org/a", .url_type = "generic", .title = "A", .content = "text"};
  cache.put(c);
  auto hit = cache.get(c.url);
  REQUIRE(hit);
  CHECK(hit->content == "text");
  CHECK(cache.file_for(c.url).filename().string().size() == 16 + 5);
  c.summary = "short";
  cache.put(c);
  CHECK(cache.get(c.url)->summary == "short");
  CHECK_FALSE(UrlCache(dir.path(), std::chrono::seconds(-1)).get(c.url));  // expired: deleted on read
  CHECK_FALSE(std::filesystem::exists(cache.file_for(c.url)));
}

TEST_CASE("errors are never cached, corrupt entries are deleted when read") {
  acdc::test::TempDir dir;
  UrlCache cache(dir.path(), std::chrono::hours(1));
  cache.put(UrlContent{.url = "https://x.org/e", .error = "HTTP 500"});
  CHECK_FALSE(std::filesystem::exists(cache.file_for("https://x.org/e")));
  std::ofstream(cache.file_for("https://x.org/c")) << "{not json";
  CHECK_FALSE(cache.get("https://x.org/c"));
  CHECK_FALSE(std::filesystem::exists(cache.file_for("https://x.org/c")));
  cache.put(UrlContent{.url = "https://x.org/1", .content = "1"});
  cache.put(UrlContent{.url = "https://x.org/2", .content = "2"});
  CHECK(cache.clear() == 2);
}

TEST_CASE("the prompt part is the section of the url, cut at 50000 characters, empty on error") {
  UrlContent c{.url = "https://github.com/o/r", .url_type = "github_repo", .content = "body", .symbol_map = "f x\n",
               .readme = "# R", .summary = ""};
  CHECK(c.prompt_part() == "## https://github.com/o/r\n\n**o/r**\n\n# R\n\n### Symbol Map\nf x\n");
  c.summary = "sum";
  CHECK(c.prompt_part().find("\n\nsum") != std::string::npos);
  UrlContent big{.url = "https://x.org", .title = "T", .content = std::string(60000, 'a')};
  CHECK(big.prompt_part().ends_with(std::string(10, 'a') + "... (truncated)"));
  CHECK(UrlContent{.url = "u", .error = "no"}.prompt_part().empty());
  UrlContent back = UrlContent::from_json(c.to_json());
  CHECK(back.symbol_map == c.symbol_map);
  CHECK(back.summary == "sum");
}

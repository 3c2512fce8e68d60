// Fetching from a local web server: pages, redirects, slow and huge
// answers, binary bodies, refused addresses, GitHub files and a repository
// cloned over smart HTTP (issue 17 "Bad input", "Tests").
#include "fetch/page_fetcher.hpp"
#include "page_server.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <boost/asio/write.hpp>

#include <cstdlib>
#include <fstream>

using namespace acdc::urls;
using acdc::test::Page;
using acdc::test::PageServer;

namespace {

FetcherConfig loopback_config() {
  FetcherConfig c;
  c.policy.loopback_only = true;
  c.limits.timeout = std::chrono::milliseconds(3000);
  return c;
}

void sh(const std::string& cmd) { REQUIRE(std::system((cmd + " >/dev/null 2>&1").c_str()) == 0); }

}  // namespace

// LeakSanitizer reads this at start-up (see lsan.supp beside this file: a
// leak of libgit2's own in every clone).
extern "C" const char* __lsan_default_suppressions() { return "leak:libpcre2-8.so\n"; }

TEST_CASE("a web page is fetched as readable text with its title") {
  PageServer server;
  server.page("/doc", {.body = "<title>Doc</title><h1>Hello</h1><p>world</p>"});
  UrlContent c = PageFetcher(loopback_config()).fetch(server.url("/doc"));
  CHECK(c.error.empty());
  CHECK(c.title == "Doc");
  CHECK(c.content == "# Hello\n\nworld");
  CHECK(c.url_type == "generic");
  CHECK_FALSE(c.fetched_at.empty());
}

TEST_CASE("redirects are followed, a redirect loop is cut off with a clear error") {
  PageServer server;
  server.page("/old", {.status = 301, .body = "", .headers = {{"Location", "/new"}}});
  server.page("/new", {.body = "<p>moved here</p>"});
  server.page("/loop", {.status = 302, .body = "", .headers = {{"Location", "/loop"}}});
  PageFetcher fetcher(loopback_config());
  CHECK(fetcher.fetch(server.url("/old")).content == "moved here");
  UrlContent loop = fetcher.fetch(server.url("/loop"));
  CHECK_THAT(loop.error, Catch::Contains("more than 5 redirects"));
  CHECK(server.hits("/loop") == 6);
}

TEST_CASE("a redirect away from loopback is refused when only loopback is allowed") {
  PageServer server;
  server.page("/out", {.status = 302, .body = "", .headers = {{"Location", "http://192.0.2.1:9/x"}}});
  UrlContent c = PageFetcher(loopback_config()).fetch(server.url("/out"));
  CHECK_THAT(c.error, Catch::Contains("192.0.2.1 is not a loopback address"));
}

TEST_CASE("acdc's own address and file: urls are refused, also behind a redirect") {
  PageServer server;
  FetcherConfig config = loopback_config();
  config.policy.host_port = server.port();  // as if this server were acdc
  PageFetcher fetcher(config);
  CHECK_THAT(fetcher.fetch(server.url("/")).error, Catch::Contains("acdc's own address"));
  CHECK_THAT(fetcher.fetch("http://localhost:" + std::to_string(server.port()) + "/").error,
             Catch::Contains("acdc's own address"));
  CHECK_THAT(fetcher.fetch("file:///etc/passwd").error, Catch::Contains("only http and https"));
  CHECK(server.hits("/") == 0);
  PageServer other;
  other.page("/hop", {.status = 302, .body = "", .headers = {{"Location", server.url("/secret")}}});
  CHECK_THAT(fetcher.fetch(other.url("/hop")).error, Catch::Contains("acdc's own address"));
  CHECK(server.hits("/secret") == 0);
}

TEST_CASE("http errors, an unreachable port and binary bodies are errors that say so") {
  PageServer server;
  server.page("/gone", {.status = 404, .body = "nope", .content_type = "text/plain"});
  server.page("/broken", {.status = 503, .body = "down", .content_type = "text/plain"});
  server.page("/image", {.body = std::string("\x89PNG\r\n\0\0", 8), .content_type = "image/png"});
  server.page("/unlabelled", {.body = std::string("ab\0cd", 5), .content_type = ""});
  PageFetcher fetcher(loopback_config());
  CHECK_THAT(fetcher.fetch(server.url("/gone")).error, Catch::Contains("HTTP 404"));
  CHECK_THAT(fetcher.fetch(server.url("/broken")).error, Catch::Contains("HTTP 503") && Catch::Contains("try again later"));
  CHECK_THAT(fetcher.fetch(server.url("/image")).error, Catch::Contains("not a text page (image/png)"));
  CHECK_THAT(fetcher.fetch(server.url("/unlabelled")).error, Catch::Contains("not a text page"));
  unsigned short closed;
  {
    PageServer gone;
    closed = gone.port();
  }
  CHECK_THAT(fetcher.fetch("http://127.0.0.1:" + std::to_string(closed) + "/").error, Catch::Contains("could not connect"));
  CHECK_THAT(fetcher.fetch("http://no-such-host.invalid/").error, Catch::Contains("could not resolve"));
  // A server that answers plain text where https expects a TLS handshake.
  boost::asio::io_context io;
  boost::asio::ip::tcp::acceptor plain(io, {boost::asio::ip::make_address("127.0.0.1"), 0});
  std::thread answer([&] {
    auto s = plain.accept();
    boost::asio::write(s, boost::asio::buffer(std::string("HTTP/1.1 400 Not TLS\r\n\r\n")));
  });
  CHECK_THAT(fetcher.fetch("https://127.0.0.1:" + std::to_string(plain.local_endpoint().port()) + "/").error,
             Catch::Contains("TLS failed"));
  answer.join();
}

TEST_CASE("a server that trickles bytes meets the overall deadline") {
  PageServer server;
  server.page("/slow", {.body = std::string(200, 'x'), .content_type = "text/plain", .trickle_ms = 50});
  FetcherConfig config = loopback_config();
  config.limits.timeout = std::chrono::milliseconds(500);
  auto start = std::chrono::steady_clock::now();
  UrlContent c = PageFetcher(config).fetch(server.url("/slow"));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(3));
  CHECK_THAT(c.error, Catch::Contains("no complete answer within 0 s"));
}

TEST_CASE("a huge page is cut at the size cap, what fits is kept and the notice says so") {
  PageServer server;
  server.page("/huge", {.body = "<p>" + std::string(1 << 16, 'y') + "</p>", .repeat = 512});  // 32 MiB
  FetcherConfig config = loopback_config();
  config.limits.max_bytes = 1 << 20;
  UrlContent c = PageFetcher(config).fetch(server.url("/huge"));
  CHECK(c.error.empty());
  CHECK(c.content.size() > 1000000);
  CHECK(c.content.size() <= (1u << 20));
  CHECK_THAT(c.notice, Catch::Contains("only its first 1024 KiB were read"));
}

TEST_CASE("a page in a legacy charset or with invalid UTF-8 becomes valid text") {
  PageServer server;
  server.page("/latin", {.body = "<p>caf\xE9</p>", .content_type = "text/html; charset=iso-8859-1"});
  server.page("/meta", {.body = "<meta charset=\"koi8-r\"><p>\xF0\xD2\xC9\xD7\xC5\xD4</p>", .content_type = "text/html"});
  server.page("/bad", {.body = "<p>bad \xC3\x28 byte</p>"});
  PageFetcher fetcher(loopback_config());
  CHECK(fetcher.fetch(server.url("/latin")).content == "caf\u00e9");
  CHECK(fetcher.fetch(server.url("/meta")).content == "\u041f\u0440\u0438\u0432\u0435\u0442");
  UrlContent bad = fetcher.fetch(server.url("/bad"));
  CHECK(bad.content == "bad \u00c3( byte");
  CHECK_THAT(bad.notice, Catch::Contains("read as Latin-1"));
}

TEST_CASE("a github file is fetched raw, and main falls back to master") {
  PageServer server;
  server.page("/raw/o/r/master/src/a.py", {.body = "x = 1\n", .content_type = "text/plain"});
  FetcherConfig config = loopback_config();
  config.github_raw_base = server.url("/raw");
  UrlContent c = PageFetcher(config).fetch("https://github.com/o/r/blob/main/src/a.py");
  CHECK(c.error.empty());
  CHECK(c.url_type == "github_file");
  CHECK(c.content == "x = 1\n");
  CHECK(server.hits("/raw/o/r/main/src/a.py") == 1);
  CHECK_THAT(c.github_info, Catch::Contains("\"branch\":\"master\""));
}

TEST_CASE("a github repository is cloned over http for its readme and symbol map, then removed") {
  acdc::test::TempDir root;
  const auto work = root.path() / "work";
  sh("git init -q -b main '" + work.string() + "'");
  std::ofstream(work / "README.md") << "# Project\n\nDoes things.\n";
  std::ofstream(work / "lib.py") << "def f():\n    pass\n";
  sh("git -C '" + work.string() + "' add -A");
  sh("git -C '" + work.string() + "' -c user.email=t@e -c user.name=t commit -q -m init");
  sh("git clone -q --bare '" + work.string() + "' '" + (root.path() / "git" / "o" / "r.git").string() + "'");
  PageServer server(root.path() / "git");
  FetcherConfig config = loopback_config();
  config.github_clone_base = server.url("/git");
  // The mapper here reads the clone's file back, to show it got the checked
  // out tree; the map the symbol-index plugin makes of a clone is tested in
  // urls.plugin ("a github repository url is cloned and comes with ...").
  std::filesystem::path mapped;
  PageFetcher fetcher(config, [&](const std::filesystem::path& dir) {
    mapped = dir;
    return "lib.py:\n" + acdc::test::read_file(dir / "lib.py");
  });
  UrlContent c = fetcher.fetch("https://github.com/o/r");
  INFO(c.error);
  CHECK(c.error.empty());
  CHECK(c.readme == "# Project\n\nDoes things.\n");
  CHECK(c.symbol_map == "lib.py:\ndef f():\n    pass\n");
  CHECK_THAT(c.github_info, Catch::Contains("\"branch\":\"main\""));
  CHECK_FALSE(mapped.empty());
  CHECK_FALSE(std::filesystem::exists(mapped));  // the temporary clone is gone
  UrlContent missing = fetcher.fetch("https://github.com/o/none");
  CHECK_THAT(missing.error, Catch::Contains("could not clone"));
}

// The url-fetch plugin through the real host, with the repo and llm plugins
// and the fake provider: a URL in a chat message fetched, summarised by the
// smaller model and put in the request (§4.2 step 5), the progress events,
// exclusions, errors that leave the turn going, the disk cache across a
// restart, the LLMService URL methods, and a host without the plugin.
#include "llm_host.hpp"
#include "page_server.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <cstdlib>
#include <fstream>

using acdc::llm::test::LlmHost;
using acdc::llm::test::str;
using acdc::llm::test::text_step;
using acdc::test::PageServer;

namespace {

// A host with url-fetch fetching only from loopback, its cache in the test's own directory.
struct UrlHost {
  explicit UrlHost(std::vector<std::string> plugins = {"repo", "url-fetch", "llm"})
      : h({}, LlmHost::Plugins{.names = std::move(plugins), .config = {{"url-fetch", "      loopback_only: true\n"}}}) {
    std::ofstream(h.config_home.path() / "app.yaml")
        << "url_cache:\n  path: " << (cache.path()).string() << "\n  ttl_hours: 24\n";
    h.start();
  }

  // chat_streaming with excluded_urls, waiting for its streamComplete.
  rapidjson::Document chat(const std::string& message, const std::string& id,
                           const std::vector<std::string>& excluded = {}) {
    size_t before = h.client->received("AcApp.streamComplete").size();
    auto started = h.call("LLMService.chat_streaming",
                          acdc::json_array(id, message, std::vector<std::string>{}, std::vector<std::string>{}, excluded));
    REQUIRE(started.HasMember("result"));
    INFO("host output:\n" << h.host->output());
    REQUIRE(h.client->wait_for("AcApp.streamComplete", before + 1, std::chrono::seconds(20)));
    rapidjson::Document args;
    args.Parse(h.client->received("AcApp.streamComplete").back().c_str());
    rapidjson::Document result;
    result.CopyFrom(args[1], result.GetAllocator());
    return result;
  }

  // The body of the n-th request the fake provider received.
  std::string request(size_t n) {
    rapidjson::Document requests;
    requests.Parse(h.fake.requests().c_str());
    REQUIRE(requests.Size() > n);
    return str(requests[static_cast<rapidjson::SizeType>(n)]["body"]);
  }

  size_t request_count() {
    rapidjson::Document requests;
    requests.Parse(h.fake.requests().c_str());
    return requests.Size();
  }

  rapidjson::Document result(const std::string& method, const std::string& args) {
    return acdc::llm::test::result(h, method, args);
  }

  acdc::test::TempDir cache;
  LlmHost h;
};

const std::string kPage = "<title>Widget docs</title><nav>menu</nav><h1>Widgets</h1><p>Call widget() twice.</p>";

}  // namespace

TEST_CASE("a url in a message is fetched, summarised by the smaller model and sent in the url context") {
  PageServer web;
  web.page("/guide", {.body = kPage});
  UrlHost u;
  u.h.fake.queue(text_step("Widgets are called twice."));  // the summary
  u.h.fake.queue(text_step("ok"));
  const std::string url = web.url("/guide");
  auto r = u.chat("how to use " + url + " ?", "req-1");
  CHECK(str(r["response"]) == "ok");

  std::string summary_request = u.request(0);
  CHECK_THAT(summary_request, Catch::Contains("gpt-4o-mini"));
  CHECK_THAT(summary_request, Catch::Contains("You are a concise technical writer."));
  CHECK_THAT(summary_request, Catch::Contains("Summarize how to use this"));  // "how to" -> USAGE
  CHECK_THAT(summary_request, Catch::Contains("# Widgets\\n\\nCall widget() twice."));
  std::string chat = u.request(1);
  CHECK_THAT(chat, Catch::Contains("# URL Context\\n\\nThe following content was fetched from URLs mentioned in the "
                                   "conversation:\\n\\n## " + url + "\\n\\n**Widget docs**\\n\\nWidgets are called twice."));
  CHECK_THAT(chat, Catch::Contains("Ok, I've reviewed the URL content."));
  CHECK_THAT(chat, !Catch::Contains("menu"));

  auto events = u.h.received("AcApp.compactionEvent");
  REQUIRE(events.size() == 2);
  CHECK(str(events[0][1]["stage"]) == "url_fetch");
  CHECK(str(events[0][1]["url"]) == "127.0.0.1/guide");
  CHECK(str(events[1][1]["stage"]) == "url_ready");

  auto content = u.result("LLMService.get_url_content", acdc::json_array(url));
  CHECK(str(content["title"]) == "Widget docs");
  CHECK(str(content["summary"]) == "Widgets are called twice.");
  CHECK(str(content["summary_type"]) == "usage");

  auto context = u.result("LLMService.get_context_breakdown", "[]");
  const auto& breakdown = context["breakdown"];
  CHECK(breakdown["urls"].GetInt() > 0);
  // The total counts every part, the fetched page included.
  CHECK(context["total_tokens"].GetInt() == breakdown["system"].GetInt() + breakdown["legend"].GetInt() +
                                               breakdown["symbol_map"].GetInt() + breakdown["files"].GetInt() +
                                               breakdown["history"].GetInt() + breakdown["urls"].GetInt());
  REQUIRE(breakdown["url_details"].Size() == 1);
  CHECK(str(breakdown["url_details"][0]["url"]) == url);
}

TEST_CASE("a fetched url is not fetched again, an excluded one stays out of the prompt, a new session forgets") {
  PageServer web;
  web.page("/a", {.body = kPage});
  UrlHost u;
  const std::string url = web.url("/a");
  u.h.fake.queue(text_step("sum"));
  u.h.fake.queue(text_step("one"));
  u.chat("read " + url, "req-1");
  u.h.fake.queue(text_step("two"));
  u.chat("and again " + url, "req-2");
  CHECK(web.hits("/a") == 1);
  CHECK(u.h.received("AcApp.compactionEvent").size() == 2);
  CHECK_THAT(u.request(2), Catch::Contains("## " + url));
  u.h.fake.queue(text_step("three"));
  u.chat("without it " + url, "req-3", {url});
  CHECK_THAT(u.request(3), !Catch::Contains("# URL Context"));

  u.result("LLMService.new_session", "[]");
  auto gone = u.result("LLMService.get_url_content", acdc::json_array(url));
  CHECK(str(gone["error"]) == "URL not yet fetched");
}

TEST_CASE("a url that fails is an error in its content and the turn goes on without it") {
  PageServer web;
  web.page("/missing", {.status = 404, .body = "no", .content_type = "text/plain"});
  UrlHost u;
  u.h.fake.queue(text_step("answered anyway"));
  const std::string own = "http://127.0.0.1:" + std::to_string(u.h.host->port()) + "/";
  auto r = u.chat("see " + web.url("/missing") + " and " + own + " and file:///etc/passwd", "req-1");
  CHECK(str(r["response"]) == "answered anyway");
  CHECK(u.request_count() == 1);  // no summary of an error
  CHECK_THAT(u.request(0), !Catch::Contains("# URL Context"));
  CHECK_THAT(str(u.result("LLMService.get_url_content", acdc::json_array(web.url("/missing")))["error"]),
             Catch::Contains("HTTP 404"));
  CHECK_THAT(str(u.result("LLMService.get_url_content", acdc::json_array(own))["error"]),
             Catch::Contains("acdc's own address"));
}

TEST_CASE("the disk cache answers after a restart, until the url is invalidated") {
  PageServer web;
  web.page("/c", {.body = kPage});
  UrlHost u;
  const std::string url = web.url("/c");
  auto first = u.result("LLMService.fetch_url", acdc::json_array(url, true, false));
  CHECK(str(first["title"]) == "Widget docs");
  u.h.start();
  auto cached = u.result("LLMService.fetch_url", acdc::json_array(url, true, false));
  CHECK(str(cached["content"]) == str(first["content"]));
  CHECK(web.hits("/c") == 1);
  auto removed = u.result("LLMService.remove_fetched_url", acdc::json_array(url));
  CHECK(removed["removed"].IsTrue());
  u.result("LLMService.invalidate_url_cache", acdc::json_array(url));
  u.result("LLMService.fetch_url", acdc::json_array(url, true, false));
  CHECK(web.hits("/c") == 2);
  CHECK(u.result("LLMService.clear_url_cache", "[]")["removed"].GetInt() == 1);
}

TEST_CASE("detect_urls answers the chips' types and names") {
  UrlHost u;
  auto found = u.result("LLMService.detect_urls", acdc::json_array(std::string(
                                                      "https://github.com/o/r and https://github.com/o/r/pull/3.")));
  REQUIRE(found.Size() == 2);
  CHECK(str(found[0]["type"]) == "github_repo");
  CHECK(str(found[0]["display_name"]) == "o/r");
  CHECK(str(found[1]["display_name"]) == "o/r!3");
}

TEST_CASE("without the url-fetch plugin the url methods say what is missing and a chat goes on") {
  PageServer web;
  web.page("/p", {.body = kPage});
  UrlHost u({"repo", "llm"});
  auto r = u.h.call("LLMService.detect_urls", acdc::json_array(std::string("https://x.org")));
  REQUIRE(r.HasMember("error"));
  CHECK_THAT(str(r["error"]["message"]), Catch::Contains("the url-fetch plugin is not loaded"));
  u.h.fake.queue(text_step("fine"));
  CHECK(str(u.chat("see " + web.url("/p"), "req-1")["response"]) == "fine");
  CHECK(web.hits("/p") == 0);
  auto breakdown = u.result("LLMService.get_context_breakdown", "[]");
  CHECK_THAT(str(breakdown["breakdown"]["urls_unavailable"]), Catch::Contains("url-fetch plugin is not loaded"));
}

TEST_CASE("a github repository url is cloned and comes with the symbol-index plugin's map") {
  acdc::test::TempDir root;
  const auto work = root.path() / "work";
  auto sh = [](const std::string& cmd) { REQUIRE(std::system((cmd + " >/dev/null 2>&1").c_str()) == 0); };
  sh("git init -q -b main '" + work.string() + "'");
  std::ofstream(work / "README.md") << "# Shapes\n\nArea helpers.\n";
  std::ofstream(work / "shapes.py") << "def area(w, h):\n    return w * h\n";
  sh("git -C '" + work.string() + "' add -A");
  sh("git -C '" + work.string() + "' -c user.email=t@e -c user.name=t commit -q -m init");
  sh("git clone -q --bare '" + work.string() + "' '" + (root.path() / "git" / "o" / "shapes.git").string() + "'");
  PageServer git(root.path() / "git");
  acdc::test::TempDir cache;
  // The host clones in its process: under the sanitizers it must know
  // libgit2's own leak (lsan.supp); the variable reaches it through fork.
  setenv("LSAN_OPTIONS", "suppressions=" ACDC_TEST_SOURCE_DIR "/tests/plugins/url-fetch/lsan.supp", 1);
  LlmHost h({}, LlmHost::Plugins{.names = {"repo", "symbol-index", "url-fetch", "llm"},
                                 .config = {{"url-fetch", "      loopback_only: true\n      github_clone_base: " +
                                                              git.url("/git") + "\n"}}});
  std::ofstream(h.config_home.path() / "app.yaml") << "url_cache:\n  path: " << cache.path().string() << "\n";
  h.start();
  auto r = h.call("LLMService.fetch_url", acdc::json_array(std::string("https://github.com/o/shapes"), true, false));
  INFO(acdc::to_json_text(static_cast<const rapidjson::Value&>(r)) << "\n" << h.host->output());
  REQUIRE(r.HasMember("result"));
  CHECK(str(r["result"]["url_type"]) == "github_repo");
  CHECK(str(r["result"]["readme"]) == "# Shapes\n\nArea helpers.\n");
  CHECK_THAT(str(r["result"]["symbol_map"]), Catch::Contains("shapes.py") && Catch::Contains("area(w,h)"));
}

TEST_CASE("a hot swap of the url-fetch plugin keeps the session's fetched urls") {
  PageServer web;
  web.page("/kept", {.body = kPage});
  UrlHost u;
  const std::string url = web.url("/kept");
  u.result("LLMService.fetch_url", acdc::json_array(url, true, false));
  auto swapped = u.h.call("Host.reload_plugin", acdc::json_array(std::string("url-fetch")));
  INFO(acdc::to_json_text(static_cast<const rapidjson::Value&>(swapped)));
  REQUIRE(swapped.HasMember("result"));
  CHECK(swapped["result"]["generation"].GetInt() == 2);
  CHECK(str(u.result("LLMService.get_url_content", acdc::json_array(url))["title"]) == "Widget docs");
}

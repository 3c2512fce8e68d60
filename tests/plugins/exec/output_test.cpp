// What the model reads of a command's terminal output (run/output_capture.hpp)
// and the environment a command gets (run/command_env.hpp).
#include "run/command_env.hpp"
#include "run/output_capture.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace acdc::exec;

TEST_CASE("a terminal's colours, cursor moves and progress redraws are not in the model's text") {
  CHECK(plain_text("\x1b[31mFAIL\x1b[0m test_a\r\n") == "FAIL test_a\n");
  CHECK(plain_text("\x1b]0;title\x07ok\r\n") == "ok\n");
  CHECK(plain_text("10%\r50%\r100%\r\ndone\r\n") == "100%\ndone\n");
  CHECK(plain_text("a\rb") == "b");
  CHECK(plain_text("bad \xff byte") == "bad \xEF\xBF\xBD byte");
}

TEST_CASE("a long output keeps its head and its tail, and says how much was cut between them") {
  OutputCapture out(10, 10);
  out.add("HEAD56789-");
  for (int i = 0; i < 1000; ++i) out.add("middle ");
  out.add("-TAIL56789");
  CHECK(out.total() == 20 + 7000);
  CHECK(out.cut() == 7000);
  const std::string text = out.text();
  CHECK(text == "HEAD56789-\n[... 7000 bytes of output cut here ...]\n-TAIL56789");
  OutputCapture small(100, 100);
  small.add("all of it\n");
  CHECK(small.cut() == 0);
  CHECK(small.text() == "all of it\n");
}

TEST_CASE("a command's environment has no secrets: acdc's token, AWS keys, llm.yaml's key variables, names that read as secrets") {
  std::vector<std::string> parent = {"PATH=/usr/bin",      "HOME=/home/u",           "ACDC_TOKEN=t",
                                     "OPENAI_API_KEY=sk",  "MY_PROVIDER_KEY=k",       "AWS_SECRET_ACCESS_KEY=a",
                                     "GITHUB_TOKEN=g",     "DB_PASSWORD=p",           "CLIENT_SECRET_VALUE=s",
                                     "TERM=dumb",          "LANG=C.UTF-8"};
  std::vector<char*> env;
  for (auto& e : parent) env.push_back(e.data());
  env.push_back(nullptr);
  acdc::Json llm;
  llm.Parse(R"({"api_key_env":"MY_PROVIDER_KEY","models":[{"api_key_env":"OTHER"}]})");
  const auto keys = key_variables(&llm);
  CHECK(keys == std::vector<std::string>{"MY_PROVIDER_KEY", "OTHER"});
  const auto out = command_env(env.data(), keys, true);
  auto has = [&](const std::string& e) { return std::find(out.begin(), out.end(), e) != out.end(); };
  CHECK(has("PATH=/usr/bin"));
  CHECK(has("HOME=/home/u"));
  CHECK(has("LANG=C.UTF-8"));
  CHECK(has("TERM=xterm-256color"));  // a terminal, whatever acdc's own was
  CHECK(has("PAGER=cat"));
  CHECK(has("TMPDIR=/tmp"));  // the sandbox's private /tmp
  for (const char* secret : {"ACDC_TOKEN", "OPENAI_API_KEY", "MY_PROVIDER_KEY", "AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN",
                             "DB_PASSWORD", "CLIENT_SECRET_VALUE"})
    for (const auto& e : out) CHECK_FALSE(e.starts_with(std::string(secret) + "="));
}

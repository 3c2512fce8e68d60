// The §4.6 message array: order, headers, cache breakpoints and their guard.
#include "prompt/prompt_assembler.hpp"

#include <catch2/catch.hpp>

#include <rapidjson/document.h>

using namespace acdc::llm;

namespace {

rapidjson::Document assemble(const PromptInput& in) {
  PromptAssembler a([](std::string_view s) { return s.size() / 4; });
  rapidjson::Document doc;
  doc.Parse(a.assemble(in).c_str());
  REQUIRE(doc.IsArray());
  return doc;
}

std::string text(const rapidjson::Value& m) {
  const auto& c = m["content"];
  return c.IsString() ? c.GetString() : c[0]["text"].GetString();
}

}  // namespace

TEST_CASE("system, active files, history, then the user prompt, in that order") {
  PromptInput in;
  in.system_prompt = "SYSTEM";
  in.active_files = {{"src/a.py", "x = 1"}, {"b.txt", "hi"}};
  in.active_history = {{"user", "q1"}, {"assistant", "a1"}};
  in.user_prompt = "now this";
  auto doc = assemble(in);
  REQUIRE(doc.Size() == 6);
  CHECK(std::string(doc[0]["role"].GetString()) == "system");
  CHECK(text(doc[1]) == "# Working Files\n\nHere are the files:\n\nsrc/a.py\n```\nx = 1\n```\n\nb.txt\n```\nhi\n```");
  CHECK(text(doc[2]) == "Ok.");
  CHECK(text(doc[3]) == "q1");
  CHECK(text(doc[5]) == "now this");
}

TEST_CASE("the system message is a cached block only when it is big enough to cache") {
  PromptInput small;
  small.system_prompt = "tiny";
  small.min_cacheable_tokens = 1024;
  CHECK(assemble(small)[0]["content"].IsString());
  PromptInput big = small;
  big.system_prompt = std::string(5000, 's');
  auto doc = assemble(big);
  REQUIRE(doc[0]["content"].IsArray());
  CHECK(std::string(doc[0]["content"][0]["cache_control"]["type"].GetString()) == "ephemeral");
}

TEST_CASE("tiers get a user/assistant pair and a breakpoint on their last message, at most four") {
  PromptInput in;
  in.system_prompt = std::string(5000, 's');
  in.min_cacheable_tokens = 10;
  for (int i = 1; i < 4; ++i) in.tiers[i].files = {{"f" + std::to_string(i), std::string(400, 'x')}};
  in.tiers[3].history = {{"user", std::string(100, 'h')}};
  in.user_prompt = "u";
  auto doc = assemble(in);
  int marks = 0;
  for (const auto& m : doc.GetArray())
    if (m["content"].IsArray())
      for (const auto& b : m["content"].GetArray()) marks += b.HasMember("cache_control");
  CHECK(marks == 4);
  CHECK_THAT(text(doc[1]), Catch::StartsWith("# Reference Files\n\nThese files are included for reference:\n\nf1"));
  CHECK(text(doc[7]) == std::string(100, 'h'));
}

TEST_CASE("URL context and images take their documented forms, non-data images are dropped") {
  PromptInput in;
  in.url_parts = {"one", "two"};
  in.user_prompt = "look";
  in.images = {"data:image/png;base64,AAAA", "https://example.com/x.png"};
  auto doc = assemble(in);
  CHECK(text(doc[1]) == "# URL Context\n\nThe following content was fetched from URLs mentioned in the conversation:\n\none\n---\ntwo");
  CHECK(text(doc[2]) == "Ok, I've reviewed the URL content.");
  const auto& user = doc[doc.Size() - 1]["content"];
  REQUIRE(user.Size() == 2);
  CHECK(std::string(user[1]["image_url"]["url"].GetString()) == "data:image/png;base64,AAAA");
}

TEST_CASE("an earlier message keeps its images, and each counts 1000 tokens of history") {
  PromptInput in;
  in.active_history = {{"user", "what is this?", {"data:image/png;base64,AAAA", "https://example.com/x.png"}},
                       {"assistant", "a pixel"}};
  in.user_prompt = "and now?";
  in.min_cacheable_tokens = 100000;  // no marker turns a later message into blocks
  auto doc = assemble(in);
  const auto& earlier = doc[1]["content"];
  REQUIRE(earlier.IsArray());
  REQUIRE(earlier.Size() == 2);
  CHECK(std::string(earlier[0]["text"].GetString()) == "what is this?");
  CHECK(std::string(earlier[1]["image_url"]["url"].GetString()) == "data:image/png;base64,AAAA");
  CHECK(doc[2]["content"].IsString());
  CHECK(doc[3]["content"].IsString());

  PromptAssembler a([](std::string_view s) { return s.size(); });
  const std::vector<ChatMessage> history{{"user", "what is this?", {"data:image/png;base64,AAAA"}}, {"assistant", "a pixel"}};
  CHECK(a.history_tokens(history) == 4 + 13 + 1000 + 9 + 7);
}

namespace {

std::vector<std::size_t> marked_messages(const rapidjson::Document& doc) {
  std::vector<std::size_t> at;
  for (rapidjson::SizeType i = 0; i < doc.Size(); ++i)
    if (doc[i]["content"].IsArray())
      for (const auto& b : doc[i]["content"].GetArray())
        if (b.HasMember("cache_control")) at.push_back(i);
  return at;
}

}  // namespace

TEST_CASE("the conversation's end carries a marker, and the map's focus and the message follow it uncached") {
  PromptInput in;
  in.system_prompt = std::string(5000, 's');
  in.min_cacheable_tokens = 100;
  in.active_history = {{"user", std::string(300, 'q')}, {"assistant", std::string(300, 'a')}};
  in.focus_symbol_blocks = "pkg/mod.py:\nf helper(value)";
  in.user_prompt = "what calls helper?";
  auto doc = assemble(in);
  REQUIRE(doc.Size() == 6);
  CHECK(marked_messages(doc) == std::vector<std::size_t>{0, 2});  // the system message, the history's last
  CHECK(text(doc[3]) == "# Repository Structure (for this message)\n\npkg/mod.py:\nf helper(value)");
  CHECK(text(doc[4]) == "Ok.");
  CHECK(text(doc[5]) == "what calls helper?");

  // A history too short to cache gets no marker of its own.
  in.active_history = {{"user", "hi"}, {"assistant", "hello"}};
  CHECK(marked_messages(assemble(in)) == std::vector<std::size_t>{0});
}

TEST_CASE("with four cacheable tiers and a cacheable conversation, L3's marker gives way to the conversation's") {
  PromptInput in;
  in.system_prompt = std::string(5000, 's');
  in.min_cacheable_tokens = 10;
  for (int i = 1; i < 4; ++i) in.tiers[i].files = {{"f" + std::to_string(i), std::string(400, 'x')}};
  in.active_history = {{"user", std::string(100, 'q')}, {"assistant", std::string(100, 'a')}};
  in.user_prompt = "u";
  auto doc = assemble(in);
  // system; L1, L2, L3 pairs; the history; the message.
  REQUIRE(doc.Size() == 10);
  CHECK(marked_messages(doc) == std::vector<std::size_t>{0, 2, 4, 8});
}

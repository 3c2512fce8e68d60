// The pure parts of Agent mode: the tools offered (from Host.list_tools),
// the limits read from app.yaml's agent: block, its permissions: rules, the
// user's consent to a call that changes things, and the cache markers an
// Agent turn's first request leaves free for its steps, and a tool's images
// read for a model that takes them and one that does not.
#include "agent/agent_loop.hpp"
#include "agent/agent_tools.hpp"
#include "agent/tool_answer.hpp"
#include "agent/tool_consent.hpp"
#include "agent/tool_permissions.hpp"
#include "prompt/cache_marks.hpp"

#include <catch2/catch.hpp>

using namespace acdc::llm;

TEST_CASE("the tools offered are those Host.list_tools lists with a schema, in its order, as OpenAI functions") {
  AgentTools tools = AgentTools::from_list(
      R"([{"name":"read_file","description":"Reads.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true},"method":"Repo.read_file"},)"
      R"({"name":"apply_edits","description":"Writes.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":false},"method":"X.w"},)"
      R"({"name":"no_schema","description":"Broken.","annotations":{"readOnlyHint":true},"method":"X.b"},)"
      R"({"name":"greet","description":"Greets.","inputSchema":{"type":"object","properties":{"who":{"type":"string"}}},"annotations":{"readOnlyHint":true},"method":"Greeter.greet"}])");
  REQUIRE(tools.all().size() == 3);
  CHECK(tools.find("read_file")->method == "Repo.read_file");
  CHECK(tools.find("read_file")->read_only);
  CHECK(tools.find("greet")->method == "Greeter.greet");
  CHECK_FALSE(tools.find("apply_edits")->read_only);  // offered: each call asks (agent/tool_consent.hpp)
  CHECK(tools.find("no_schema") == nullptr);
  CHECK(tools.provider_json() ==
        R"([{"type":"function","function":{"name":"read_file","description":"Reads.","parameters":{"type":"object"}}},)"
        R"({"type":"function","function":{"name":"apply_edits","description":"Writes.","parameters":{"type":"object"}}},)"
        R"({"type":"function","function":{"name":"greet","description":"Greets.","parameters":{"type":"object","properties":{"who":{"type":"string"}}}}}])");
  CHECK(AgentTools::from_list("not json").empty());
  CHECK(AgentTools::from_list("[]").provider_json().empty());
}

TEST_CASE("a small window's tool list: each tool in one sentence, its schema without words, the last ones left out") {
  AgentTools tools = AgentTools::from_list(
      R"([{"name":"search","description":"Searches the code. Literal or regex; paths globbed.\nSee the guide.","method":"Repo.search",)"
      R"("inputSchema":{"type":"object","title":"Search","properties":{"query":{"type":"string","description":"What to find."},)"
      R"("description":{"type":"string","description":"A parameter called description stays."},)"
      R"("paths":{"type":"array","items":{"type":"string","description":"A glob."}}},"required":["query"]}},)"
      R"({"name":"list_dir","description":"Lists a directory\nwith its git status.","method":"Repo.list_dir","inputSchema":{"type":"object"}},)"
      R"({"name":"run_command","description":"Runs a command.","method":"Exec.run_command","inputSchema":{"type":"object"}}])");
  REQUIRE(tools.brief_entries().size() == 3);
  CHECK(tools.brief_entries()[0] ==
        R"({"type":"function","function":{"name":"search","description":"Searches the code.","parameters":{"type":"object",)"
        R"("properties":{"query":{"type":"string"},"description":{"type":"string"},"paths":{"type":"array","items":{"type":"string"}}},)"
        R"("required":["query"]}}})");
  CHECK(tools.brief_entries()[1] ==
        R"({"type":"function","function":{"name":"list_dir","description":"Lists a directory","parameters":{"type":"object"}}})");
  const AgentTools two = tools.shrunk(true, 2);
  REQUIRE(two.all().size() == 2);
  CHECK(two.find("run_command") == nullptr);
  CHECK(two.provider_json() == "[" + tools.brief_entries()[0] + "," + tools.brief_entries()[1] + "]");
  // Not brief: the declared words, only fewer tools.
  CHECK_THAT(tools.shrunk(false, 1).provider_json(), Catch::Contains("See the guide.") && Catch::Contains("What to find."));
  CHECK(tools.shrunk(true, 0).empty());
}

TEST_CASE("app.yaml's agent: block sets the limits, and a bad value is named") {
  AgentLimits defaults = agent_limits_from(nullptr);
  CHECK(defaults.max_steps == 25);
  CHECK(defaults.max_seconds == 900);
  acdc::Json section;
  section.Parse(R"({"max_steps":5,"max_cost_usd":0.5})");
  AgentLimits set = agent_limits_from(&section);
  CHECK(set.max_steps == 5);
  CHECK(*set.max_cost_usd == 0.5);
  section.Parse(R"({"max_steps":0})");
  CHECK_THROWS_WITH(agent_limits_from(&section), Catch::Contains("agent.max_steps must be a number from 1 to 500"));
}

TEST_CASE("an Agent turn's first request keeps a cache marker free for its steps") {
  const std::array<std::size_t, 4> full{5000, 5000, 5000, 5000};
  CHECK(plan_cache_marks(full, 5000, true, 1024).count() == 4);
  const CacheMarks agent = plan_cache_marks(full, 5000, true, 1024, 3);
  CHECK(agent.count() == 3);
  CHECK_FALSE(agent.tiers[3]);
  CHECK_FALSE(agent.conversation);
}

TEST_CASE("app.yaml's permissions: a deny wins, a glob rule refuses the calls that name a matching path") {
  acdc::Json section;
  section.Parse(R"json({"deny":["git_log","read_file(secrets/**)"],"allow":["deploy"]})json");
  const ToolPermissions rules = ToolPermissions::from(&section);
  CHECK_FALSE(rules.offered("git_log"));
  CHECK(rules.offered("read_file"));
  CHECK(rules.offered("publish"));  // changes things: offered, and each call asks the user
  acdc::Json args;
  args.Parse("{}");
  CHECK(rules.allows("deploy", args));  // allowed by name: runs without asking
  CHECK_FALSE(rules.allows("publish", args));
  args.Parse(R"({"path":"secrets/prod/key.pem"})");
  CHECK_THAT(*rules.refusal("read_file", args), Catch::Contains("read_file(secrets/**)"));
  args.Parse(R"({"path":"src/a.py"})");
  CHECK_FALSE(rules.refusal("read_file", args).has_value());
  section.Parse(R"json({"deny":["read_file(secrets/**"]})json");
  CHECK_THROWS_WITH(ToolPermissions::from(&section), Catch::Contains("is not a rule"));
  // The tools offered follow the same rules.
  AgentTools tools = AgentTools::from_list(
      R"([{"name":"git_log","description":"Log.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true},"method":"Repo.git_log"},)"
      R"({"name":"deploy","description":"Deploys.","inputSchema":{"type":"object"},"method":"X.deploy"}])",
      rules);
  REQUIRE(tools.all().size() == 1);
  CHECK(tools.all()[0].name == "deploy");
  CHECK_FALSE(tools.all()[0].read_only);
}

TEST_CASE("app.yaml's permissions: a command pattern's * is any text, and a deny of a command wins over its allow") {
  acdc::Json section;
  section.Parse(R"json({"allow":["run_command(npm test)","run_command(ctest *)"],"deny":["run_command(* rm -rf *)"]})json");
  const ToolPermissions rules = ToolPermissions::from(&section);
  acdc::Json args;
  auto command = [&](const char* text) -> const acdc::Json& {
    args.SetObject();
    args.AddMember("command", acdc::Json::StringRefType(text), args.GetAllocator());
    return args;
  };
  CHECK(rules.allows("run_command", command("npm test")));
  CHECK_FALSE(rules.allows("run_command", command("npm test && curl x")));  // the pattern is the whole command
  CHECK(rules.allows("run_command", command("ctest -R tools/grep --output-on-failure")));
  CHECK_FALSE(rules.allows("run_command", command("make")));
  CHECK_THAT(*rules.refusal("run_command", command("ctest && rm -rf /")), Catch::Contains("run_command(* rm -rf *)"));
  CHECK_FALSE(rules.refusal("run_command", command("ctest")).has_value());
}

TEST_CASE("consent: a call that changes things asks unless a rule or an earlier \"always\" covers it, and asks every time without the sandbox") {
  acdc::Json section;
  section.Parse(R"json({"allow":["run_command(make)"]})json");
  const ToolPermissions rules = ToolPermissions::from(&section);
  ToolGrants grants;
  std::vector<std::string> asked;
  std::string answer = "allow_always";
  auto ask = [&](const std::string& q) {
    asked.push_back(q);
    return answer;
  };
  const AgentTool run{"run_command", "Exec.run_command", false}, read{"read_file", "Repo.read_file", true};
  acdc::Json make, test, path;
  make.Parse(R"({"command":"make"})");
  test.Parse(R"({"command":"npm test"})");
  path.Parse(R"({"path":"a.py"})");
  ToolConsent consent(rules, grants, {}, ask);
  CHECK_FALSE(consent.refusal(read, path, "c0"));  // reads never ask
  CHECK_FALSE(consent.refusal(run, make, "c1"));   // the rule allows it
  CHECK(asked.empty());
  CHECK_FALSE(consent.refusal(run, test, "c2"));  // asked, and the user said always
  REQUIRE(asked.size() == 1);
  CHECK_THAT(asked[0], Catch::Contains(R"("title":"Run `npm test`")"));
  CHECK_THAT(asked[0], Catch::Contains(R"("tool_call_id":"c2")"));
  CHECK_FALSE(consent.refusal(run, test, "c3"));  // remembered
  CHECK(asked.size() == 1);
  answer = "deny";
  acdc::Json other;
  other.Parse(R"({"command":"rm -rf build"})");
  CHECK_THAT(*consent.refusal(run, other, "c4"), Catch::Contains("did not allow"));
  answer = "";
  CHECK_THAT(*consent.refusal(run, other, "c5"), Catch::Contains("No one could be asked"));

  // No sandbox here though one is wanted: every command asks, rules and "always" notwithstanding.
  ToolConsent unsandboxed(rules, grants, {.sandboxed = false, .ask_always = true}, ask);
  answer = "allow_once";
  asked.clear();
  CHECK_FALSE(unsandboxed.refusal(run, make, "c6"));
  CHECK_FALSE(unsandboxed.refusal(run, test, "c7"));
  REQUIRE(asked.size() == 2);
  CHECK_THAT(asked[0], Catch::Contains(R"("sandbox_available":false)"));
}

TEST_CASE("a tool's images go to a model that takes them, marked in the text, and are described to one that does not") {
  const acdc::Result r{ACDC_OK, R"({"content":[{"type":"text","text":"Here is the page."},)"
                                R"({"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"},)"
                                R"({"type":"text","text":"And its footer."}],"isError":false})"};
  ToolAnswer sees = read_tool_answer("browser__screenshot", r, true);
  REQUIRE(sees.images.size() == 1);
  CHECK(sees.images[0] == "data:image/png;base64,iVBORw0KGgo=");
  CHECK(sees.text == "Here is the page.\n[an image (image/png, 9 bytes), image 1 of this result, shown to you]\nAnd its footer.");
  CHECK_FALSE(sees.failed);
  ToolAnswer blind = read_tool_answer("browser__screenshot", r, false);
  CHECK(blind.images.empty());
  CHECK_THAT(blind.text, Catch::Contains("not shown to you: the model in use does not take images"));
  CHECK_THAT(blind.text, Catch::EndsWith("And its footer."));
  // More than a request should carry: the rest are described.
  std::string many = R"({"content":[)";
  for (std::size_t i = 0; i <= kMaxImagesPerResult; ++i)
    many += std::string(i ? "," : "") + R"({"type":"image","data":"AAAA","mimeType":"image/jpeg"})";
  ToolAnswer capped = read_tool_answer("t", acdc::Result{ACDC_OK, many + "]}"}, true);
  CHECK(capped.images.size() == kMaxImagesPerResult);
  CHECK_THAT(capped.text, Catch::Contains("over " + std::to_string(kMaxImagesPerResult) + " images in one result"));
}

// The pure parts of Agent mode: the tools offered (from Host.list_tools),
// the limits read from app.yaml's agent: block, its permissions: rules, and
// the cache markers an Agent turn's first request leaves free for its steps.
#include "agent/agent_loop.hpp"
#include "agent/agent_tools.hpp"
#include "agent/tool_permissions.hpp"
#include "prompt/cache_marks.hpp"

#include <catch2/catch.hpp>

using namespace acdc::llm;

TEST_CASE("the tools offered are the read-only ones Host.list_tools lists, in its order, as OpenAI functions") {
  AgentTools tools = AgentTools::from_list(
      R"([{"name":"read_file","description":"Reads.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true},"method":"Repo.read_file"},)"
      R"({"name":"apply_edits","description":"Writes.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":false},"method":"X.w"},)"
      R"({"name":"no_schema","description":"Broken.","annotations":{"readOnlyHint":true},"method":"X.b"},)"
      R"({"name":"greet","description":"Greets.","inputSchema":{"type":"object","properties":{"who":{"type":"string"}}},"annotations":{"readOnlyHint":true},"method":"Greeter.greet"}])");
  REQUIRE(tools.all().size() == 2);
  CHECK(tools.find("read_file")->method == "Repo.read_file");
  CHECK(tools.find("greet")->method == "Greeter.greet");
  CHECK(tools.find("apply_edits") == nullptr);
  CHECK(tools.provider_json() ==
        R"([{"type":"function","function":{"name":"read_file","description":"Reads.","parameters":{"type":"object"}}},)"
        R"({"type":"function","function":{"name":"greet","description":"Greets.","parameters":{"type":"object","properties":{"who":{"type":"string"}}}}}])");
  CHECK(AgentTools::from_list("not json").empty());
  CHECK(AgentTools::from_list("[]").provider_json().empty());
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
  CHECK_FALSE(rules.offered("git_log", true));
  CHECK(rules.offered("read_file", true));
  CHECK(rules.offered("deploy", false));       // changes things, and allowed by name
  CHECK_FALSE(rules.offered("publish", false));  // changes things, and not allowed
  acdc::Json args;
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
}

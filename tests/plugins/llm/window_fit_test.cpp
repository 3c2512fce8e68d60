// The prompt's fixed parts on a small window (context/window_fit.hpp): the
// map first, then the tools in one sentence each, the compact system
// prompt, the last tools left out; a large window shrinks nothing.
#include "context/window_fit.hpp"

#include <catch2/catch.hpp>

#include <numeric>

using namespace acdc::llm;

namespace {

// acdc's own figures, measured: system.md with the reminder ~1,330 tokens,
// system_compact.md ~420, its 14 tools ~2,900 (one sentence each ~60).
FixedParts agent_on(long window) {
  return FixedParts{.context_window = window,
                    .system_tokens = 1330,
                    .compact_system_tokens = 420,
                    .map_budget = window / 8,
                    .tool_tokens = 2900,
                    .brief_tool_tokens = std::vector<std::size_t>(14, 60)};
}

}  // namespace

TEST_CASE("a large window keeps every fixed part whole") {
  const WindowFit f = fit_fixed_parts(agent_on(200000));
  CHECK(f.shrunk.empty());
  CHECK_FALSE(f.compact_system);
  CHECK_FALSE(f.brief_tools);
  CHECK(f.tools_kept == 14);
  CHECK(f.map_budget == 25000);
}

TEST_CASE("an 8k window in Ask mode: only the map gives way") {
  FixedParts ask = agent_on(8192);
  ask.tool_tokens = 0;
  ask.brief_tool_tokens.clear();
  const WindowFit f = fit_fixed_parts(ask);
  CHECK(f.cap == 2048);
  CHECK(f.map_budget == 2048 - 1330);
  CHECK_FALSE(f.compact_system);
  CHECK(f.fixed_tokens <= 2048);
  REQUIRE(f.shrunk.size() == 1);
  CHECK(f.shrunk[0] == "the symbol map: 718 tokens instead of 1,024");
}

TEST_CASE("an 8k window in Agent mode: the tools in one sentence and the compact prompt, the map keeps a share") {
  const WindowFit f = fit_fixed_parts(agent_on(8192));
  CHECK(f.brief_tools);
  CHECK(f.compact_system);
  CHECK(f.tools_kept == 14);  // 14 x 60 + 420 leaves the map its share
  CHECK(f.fixed_tokens <= 2048);
  CHECK(f.map_budget == 2048 - 420 - 14 * 60);
  CHECK(f.map_budget >= static_cast<long>(2048 * kMinMapShare));
  REQUIRE(f.shrunk.size() == 3);
  CHECK(f.shrunk[0] == "the symbol map: 788 tokens instead of 1,024");
  CHECK(f.shrunk[1] == "the tool list: each tool described in one sentence, 840 tokens instead of 2,900");
  CHECK(f.shrunk[2] == "the system prompt: its compact version (prompts/system_compact.md), 420 tokens instead of 1,330");
}

TEST_CASE("a 4k window leaves the last tools out until the map has its share") {
  const WindowFit f = fit_fixed_parts(agent_on(4096));
  CHECK(f.cap == 1024);
  CHECK(f.compact_system);
  // 420 + n x 60 + 204 (a fifth of the cap) <= 1024: 6 tools.
  CHECK(f.tools_kept == 6);
  CHECK(f.fixed_tokens <= 1024);
  CHECK(f.shrunk.back() == "the tool list: 8 of its 14 tools left out, the last first");
}

TEST_CASE("a window too small even for the compact prompt keeps no tool and no map, and says so") {
  const WindowFit f = fit_fixed_parts(agent_on(1024));
  CHECK(f.tools_kept == 0);
  CHECK(f.map_budget == 0);
  CHECK(f.shrunk.front() == "the symbol map: 0 tokens instead of 128");
}

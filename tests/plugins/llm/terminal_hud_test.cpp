// The terminal HUD printed after each response (seed 002, "Terminal HUD").
#include "chat/terminal_hud.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace acdc::llm;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

size_t columns(const std::string& s) {
  size_t n = 0;
  for (char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

HudFigures figures() {
  HudFigures f;
  f.model = "claude-sonnet-4-5";
  f.system = 1622;
  f.files = 0;
  f.history = 21532;
  f.blocks = {{"L0", 1622, true}, {"active", 19643, false}};
  f.last = Usage{.input_tokens = 5000, .output_tokens = 34, .cache_read_tokens = 21640, .cache_write_tokens = 48070};
  f.session_total = 182756;
  return f;
}

}  // namespace

TEST_CASE("the cache blocks report is a closed box with one row per block and the hit rate") {
  auto reports = render_hud(figures());
  REQUIRE(reports.size() == 2);  // no tier changes: no third report
  auto box = lines(reports[0]);
  REQUIRE(box.size() == 6);
  CHECK(box[0].starts_with("╭─ Cache Blocks "));
  CHECK(box[1].find("L0") != std::string::npos);
  CHECK(box[1].find("1,622 tokens [cached]") != std::string::npos);
  CHECK(box[2].find("19,643 tokens") != std::string::npos);
  CHECK(box[2].find("[cached]") == std::string::npos);
  CHECK(box[4].find("Total: 21,265 | Cache hit: 28%") != std::string::npos);  // 21,640 of 74,710 in
  for (const auto& l : box) CHECK(columns(l) == columns(box[0]));
}

TEST_CASE("the token usage report lists every category, the last request and the session total") {
  auto usage = lines(render_hud(figures())[1]);
  REQUIRE(usage.size() == 9);
  CHECK(usage[0] == "Model: claude-sonnet-4-5");
  CHECK(usage[1] == "System:         1,622");
  CHECK(usage[2] == "Symbol Map:         0");
  CHECK(usage[4] == "History:       21,532");
  CHECK(usage[5] == "Total:         23,154");
  CHECK(usage[6] == "Last request:  74,710 in, 34 out");
  CHECK(usage[7] == "Cache:         read: 21,640, write: 48,070");
  CHECK(usage[8] == "Session total: 182,756");
}

TEST_CASE("the session's cache rate and cost follow when known") {
  HudFigures f = figures();
  f.session_hit_rate = 0.843;
  f.session_cost_usd = 0.0713;
  auto usage = lines(render_hud(f)[1]);
  REQUIRE(usage.size() == 11);
  CHECK(usage[9] == "Session cache: 84% of input read from cache");
  CHECK(usage[10] == "Session cost:  $0.0713");
}

TEST_CASE("tier changes are a third report, promotions and demotions marked") {
  HudFigures f = figures();
  f.tier_changes = {{"L3", "L2", "symbol:src/a.py"}, {"L2", "active", "symbol:src/b.py"}};
  auto reports = render_hud(f);
  REQUIRE(reports.size() == 3);
  CHECK(reports[2] == "📈 L3 → L2: symbol:src/a.py\n📉 L2 → active: symbol:src/b.py");
}

TEST_CASE("numbers get thousands separators") {
  CHECK(with_thousands(0) == "0");
  CHECK(with_thousands(999) == "999");
  CHECK(with_thousands(1000) == "1,000");
  CHECK(with_thousands(1234567) == "1,234,567");
  CHECK(with_thousands(-1500) == "-1,500");
}

TEST_CASE("the window budgeted for ends the report, with where it came from") {
  HudFigures f = figures();
  f.window = 32768;
  f.window_source = "Ollama's /api/show: the model's 131,072, capped at ollama.num_ctx_max 32,768";
  auto usage = lines(render_hud(f)[1]);
  REQUIRE(usage.size() == 10);
  CHECK(usage[9] == "Window:        32,768 tokens (Ollama's /api/show: the model's 131,072, capped at ollama.num_ctx_max 32,768)");
}

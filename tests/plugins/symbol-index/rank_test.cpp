// The ranked map (rank/, render/dir_outline): a repository whose map is
// larger than the budget gets a stable core, an outline of the rest and a
// focus on what the message, the history and the selection point at.
#include "lsp/lsp_queries.hpp"
#include "rank/map_ranker.hpp"
#include "rank/terms.hpp"
#include "symbol_test_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace acdc::symbols;
using acdc::test::TempDir;
using acdc::test::write_file;

namespace {

std::string pad(int i) {
  std::string n = std::to_string(i);
  return std::string(3 - n.size(), '0') + n;
}

// A repository of 3 packages x 40 modules. Every module calls the hub
// (core/hub.py) and the module before it, and 120 jobs call three modules
// each; `billing/invoice_ledger.py` is imported by `billing/tax_rules.py`
// and imports `billing/currency.py`, and nothing else refers to them.
void write_repository(const std::filesystem::path& root) {
  const char* pkgs[] = {"alpha", "beta", "gamma"};
  for (int j = 0; j < 120; ++j) {
    std::string text, body;
    for (int k = 0; k < 3; ++k) {
      const std::string pkg = pkgs[(j + k) % 3], n = pad((j * 7 + k * 11) % 40);
      text += "from " + pkg + ".mod_" + n + " import step_" + pkg + "_" + n + "\n";
      body += "    step_" + pkg + "_" + n + "(" + std::to_string(k) + ")\n";
    }
    write_file(root / "jobs" / ("job_" + pad(j) + ".py"), text + "\n\ndef run_job_" + pad(j) + "():\n" + body);
  }
  write_file(root / "core/hub.py", "def dispatch(event):\n    return event\n\n\ndef register(name):\n    return name\n");
  for (const char* pkg : {"alpha", "beta", "gamma"})
    for (int i = 0; i < 40; ++i)
      write_file(root / pkg / ("mod_" + pad(i) + ".py"),
                 "from core.hub import dispatch, register\nfrom " + std::string(pkg) + ".mod_" + pad(i == 0 ? 39 : i - 1) +
                     " import step_" + std::string(pkg) + "_" + pad(i == 0 ? 39 : i - 1) + "\n\n\ndef step_" + pkg + "_" +
                     pad(i) + "(value, limit=3):\n    dispatch(value)\n    register('" + pkg + "')\n    return step_" + pkg +
                     "_" + pad(i == 0 ? 39 : i - 1) + "(value)\n\n\nclass Worker" + pkg + pad(i) +
                     ":\n    def run(self, job):\n        return dispatch(job)\n");
  write_file(root / "billing/currency.py", "def convert_amount(value, rate):\n    return value * rate\n");
  write_file(root / "billing/invoice_ledger.py",
             "from billing.currency import convert_amount\n\n\nclass InvoiceLedger:\n    def post_entry(self, amount):\n"
             "        return convert_amount(amount, 1)\n");
  write_file(root / "billing/tax_rules.py",
             "from billing.invoice_ledger import InvoiceLedger\n\n\ndef apply_vat(ledger):\n    return InvoiceLedger().post_entry(ledger)\n");
}

struct Fixture {
  TempDir dir;
  std::unique_ptr<RepoIndex> index;
  MapRanker ranker;
  Fixture() {
    write_repository(dir.path());
    index = test::index_tree(dir.path());
  }
  RankedMap build(std::size_t budget, std::string message = "", std::set<std::string> exclude = {}, std::string history = "") {
    return ranker.build(*index, {.budget_tokens = budget, .exclude = std::move(exclude), .message = std::move(message),
                                 .history = std::move(history)});
  }
};

const MapEntry* entry(const RankedMap& m, const std::string& path) {
  auto it = std::find_if(m.blocks.begin(), m.blocks.end(), [&](const MapEntry& e) { return e.path == path; });
  return it == m.blocks.end() ? nullptr : &*it;
}

std::size_t whole_map_tokens(const RepoIndex& index) { return estimate_tokens(index.map_text()); }

}  // namespace

TEST_CASE("identifiers and paths and prose split into the words files are compared by") {
  CHECK(split_subwords("ChatTurn::add_maps") == std::vector<std::string>{"chat", "turn", "add", "maps"});
  CHECK(estimate_tokens("c SymbolIndex(Base)") == 6);  // cl100k: c, Symbol, Index, (Base, )
  CHECK(estimate_tokens("mod_0100.py") == 5);  // cl100k: mod _ 010 0 .py
  CHECK(split_subwords("HTTPServer parse2 x") == std::vector<std::string>{"http", "server", "parse2"});
  auto words = message_words("Fix (src/chat_turn.cpp): see add_maps. And ChatTurn, then prose.");
  REQUIRE(words.size() == 8);
  CHECK(words[1].text == "src/chat_turn.cpp");
  CHECK(words[1].identifier_shaped);
  CHECK(words[3].text == "add_maps");
  CHECK(words[5].text == "ChatTurn");
  CHECK(words[5].identifier_shaped);
  CHECK(words[7].text == "prose");
  CHECK_FALSE(words[7].identifier_shaped);
  CHECK(query_terms("Fix the invoice ledger for tax") == std::vector<std::string>{"invoice", "ledger", "tax"});
}

TEST_CASE("a map that fits its budget is sent whole with every block as it always was") {
  Fixture f;
  RankedMap m = f.build(whole_map_tokens(*f.index) + 100);
  CHECK(m.complete);
  CHECK(m.outline.empty());
  CHECK(m.blocks.size() == f.index->file_count());
  CHECK(m.files_full == m.files_total);
  CHECK(std::all_of(m.blocks.begin(), m.blocks.end(), [](const MapEntry& e) { return e.why == Why::all; }));
  CHECK(f.build(0).complete);  // no budget: the whole map
}

TEST_CASE("a map over its budget keeps the most referenced files and outlines the rest inside the budget") {
  Fixture f;
  const std::size_t budget = whole_map_tokens(*f.index) / 5;
  RankedMap m = f.build(budget);
  CHECK_FALSE(m.complete);
  CHECK(m.estimated_tokens <= budget);
  std::size_t tokens = estimate_tokens(m.legend) + estimate_tokens(m.outline);
  for (const auto& b : m.blocks) tokens += estimate_tokens(b.text) + 1;
  CHECK(tokens <= budget);
  // The hub every module calls is the most central file.
  REQUIRE(entry(m, "core/hub.py"));
  CHECK(entry(m, "core/hub.py")->why == Why::ranked);
  // Every other file is findable: the outline names or counts it.
  CHECK(m.files_full + m.files_outline + m.files_left_out == m.files_total);
  CHECK(m.files_total == f.index->file_count());
  CHECK(m.files_outline + m.files_left_out > 0);
  CHECK_THAT(m.outline, Catch::StartsWith("# Other indexed files (") && Catch::Contains("alpha/"));
}

TEST_CASE("the message's files and the selection's neighbours beat files with more references and no relation") {
  Fixture f;
  const std::size_t budget = whole_map_tokens(*f.index) / 5;
  RankedMap plain = f.build(budget);
  CHECK_FALSE(entry(plain, "billing/currency.py"));
  CHECK_FALSE(entry(plain, "billing/tax_rules.py"));

  SECTION("a symbol the message names brings the file that defines it") {
    RankedMap m = f.build(budget, "Why does apply_vat post the wrong entry?");
    REQUIRE(entry(m, "billing/tax_rules.py"));
    CHECK(entry(m, "billing/tax_rules.py")->why == Why::mentioned);
  }
  SECTION("a file name, or words of its path and symbols, bring the file") {
    CHECK(entry(f.build(budget, "look at invoice_ledger.py"), "billing/invoice_ledger.py"));
    CHECK(entry(f.build(budget, "the invoice ledger rounds amounts"), "billing/invoice_ledger.py"));
  }
  SECTION("a selected file's imports and importers come along; the selected file itself is not in the map") {
    RankedMap m = f.build(budget, "tidy this up", {"billing/invoice_ledger.py"});
    CHECK_FALSE(entry(m, "billing/invoice_ledger.py"));
    REQUIRE(entry(m, "billing/currency.py"));
    REQUIRE(entry(m, "billing/tax_rules.py"));
    CHECK(entry(m, "billing/currency.py")->why == Why::neighbour);
  }
  SECTION("the recent history counts too") {
    CHECK(entry(f.build(budget, "and now?", {}, "user: what does convert_amount do?"), "billing/currency.py"));
  }
}

TEST_CASE("the core is byte-identical from turn to turn and a mention changes only the focus") {
  Fixture f;
  const std::size_t budget = whole_map_tokens(*f.index) / 5;
  RankedMap first = f.build(budget, "hello");
  RankedMap second = f.build(budget, "thanks, go on");
  REQUIRE(first.blocks.size() == second.blocks.size());
  for (std::size_t i = 0; i < first.blocks.size(); ++i) {
    CHECK(first.blocks[i].path == second.blocks[i].path);
    CHECK(first.blocks[i].text == second.blocks[i].text);
  }
  CHECK(first.outline == second.outline);
  RankedMap mentioned = f.build(budget, "what does apply_vat do?");
  CHECK(mentioned.outline == first.outline);
  std::vector<std::string> core_before, core_after;
  for (const auto& b : first.blocks)
    if (b.why == Why::ranked) core_before.push_back(b.path + b.text);
  for (const auto& b : mentioned.blocks)
    if (b.why == Why::ranked) core_after.push_back(b.path + b.text);
  CHECK(core_before == core_after);
  CHECK(mentioned.blocks.size() > first.blocks.size());
}

TEST_CASE("selecting a file takes its block out and leaves the rest of the core and the outline as they were") {
  Fixture f;
  const std::size_t budget = whole_map_tokens(*f.index) / 5;
  RankedMap before = f.build(budget, "hello");
  std::vector<std::string> core;
  for (const auto& b : before.blocks)
    if (b.why == Why::ranked) core.push_back(b.path);
  REQUIRE(core.size() >= 2);
  const std::string selected = core[core.size() / 2];
  RankedMap after = f.build(budget, "hello", {selected});
  // Cached tiers hold the core and the outline: a selection must not
  // rewrite them, so no other file takes the selected one's place.
  CHECK(entry(after, selected) == nullptr);
  std::vector<std::string> rest;
  for (const auto& b : after.blocks)
    if (b.why == Why::ranked) rest.push_back(b.path + b.text);
  std::vector<std::string> expected;
  for (const auto& b : before.blocks)
    if (b.why == Why::ranked && b.path != selected) expected.push_back(b.path + b.text);
  CHECK(rest == expected);
  CHECK(after.outline == before.outline);
  CHECK(after.estimated_tokens <= budget);
}

TEST_CASE("the outline merges directories into their parents until it fits and names files where room is left") {
  std::vector<OutlineFile> files;
  for (int d = 0; d < 30; ++d)
    for (int i = 0; i < 5; ++i)
      files.push_back({"src/area" + pad(d) + "/deep/file" + std::to_string(i) + ".py", d == 7 ? 1.0 : 0.01});
  OutlineResult wide = render_outline(files, 100000);
  CHECK(wide.named == files.size());
  CHECK_THAT(wide.text, Catch::Contains("src/area007/deep/ 5: file0.py file1.py"));
  OutlineResult tight = render_outline(files, 150);
  CHECK(estimate_tokens(tight.text) <= 150);
  CHECK(tight.named + tight.counted == files.size());
  CHECK_THAT(tight.text, Catch::Contains("(150)"));
  OutlineResult mid = render_outline(files, 500);
  CHECK(estimate_tokens(mid.text) <= 500);
  // The heaviest group gets its names first.
  CHECK_THAT(mid.text, Catch::Contains("src/area007/deep/ 5: file0.py"));
  CHECK_THAT(mid.text, Catch::Contains(" files"));
}

TEST_CASE("a header is C++ when its text shows C++ or the repository is C++ and C in a C repository") {
  CHECK(header_language("namespace rocks { class Iter; }", Language::c) == Language::cpp);
  CHECK(header_language("class BlockIter : public Iterator {\n};", Language::c) == Language::cpp);
  CHECK(header_language("template <typename T> T max(T a, T b);", Language::c) == Language::cpp);
  CHECK(header_language("struct point { int x, y; };\nint area(int class_id);\n", Language::c) == Language::c);
  CHECK(header_language("struct point { int x, y; };\n", Language::cpp) == Language::cpp);
  CHECK(header_default(true, false) == Language::c);
  CHECK(header_default(true, true) == Language::cpp);
  CHECK(header_default(false, false) == Language::cpp);
}

TEST_CASE("a C++ class in a .h file shows in the map and a C header in a C repository still parses as C") {
  TempDir cpp;
  write_file(cpp.path() / "db/iter.h",
             "#pragma once\nclass BlockIter {\n public:\n  bool Valid() const;\n  void Next();\n};\n");
  write_file(cpp.path() / "db/iter.cc", "#include \"iter.h\"\nbool BlockIter::Valid() const { return true; }\n");
  auto index = test::index_tree(cpp.path());
  CHECK_THAT(index->block("db/iter.h", false), Catch::Contains("c BlockIter") && Catch::Contains("Valid"));
  // Hover says what the header was parsed as (line 2, "BlockIter" of the .cc file's definition).
  auto d = LspQueries(*index).definition("db/iter.cc", 2, 8);
  REQUIRE(d);
  CHECK(d->location.file == "db/iter.h");
  CHECK(d->language == Language::cpp);

  TempDir c;
  write_file(c.path() / "src/point.h", "struct point { int x; };\nint point_area(const struct point *p);\n");
  write_file(c.path() / "src/point.c", "#include \"point.h\"\nint point_area(const struct point *p) { return p->x; }\n");
  auto c_index = test::index_tree(c.path());
  CHECK_THAT(c_index->block("src/point.h", false), Catch::Contains("point_area"));
}

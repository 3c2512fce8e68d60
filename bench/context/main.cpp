// acdc-bench-context -- a scripted 30-turn session on a repository whose
// context reaches about 100k tokens (a 500-module symbol map, five to six
// selected files, a growing history), assembled by the real context engine
// and prompt assembler and billed as Anthropic bills cache reads and writes
// (anthropic_cache.hpp), against the same session with tiering off (the
// layout before issue 16: system prompt and map cached, the rest not).
// The session has the churn of real work: edits to selected files, a file
// added to the selection and one removed. With --repo DIR the map is that
// repository's ranked map, built for each turn's question (issue 26), and
// the selected files are its own. See README.md for the command.
#include "anthropic_cache.hpp"
#include "repo_map.hpp"

#include "context/context_engine.hpp"
#include "prompt/prompt_assembler.hpp"
#include "prompt/warmup_prompt.hpp"
#include "tokenizer/tokenizer.hpp"

#include <algorithm>
#include <cstdlib>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <iterator>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace acdc::llm;

namespace {

constexpr int kTurns = 30;
constexpr int kModules = 500;
constexpr int kPackages = 25;
constexpr std::size_t kMinCacheable = 1024;  // claude-sonnet-4-5
constexpr std::size_t kAnswerTokens = 700;

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string module_path(int i) { return "pkg" + std::to_string(i % kPackages) + "/mod" + std::to_string(i) + ".py"; }

// A compact-map block like the symbol index writes (§7.2), ~120 tokens.
std::string block(int i) {
  std::string n = std::to_string(i), prev = std::to_string(i == 0 ? kModules - 1 : i - 1);
  return module_path(i) + ": ←" + std::to_string(1 + i % 7) + "\ni→ " + module_path(i == 0 ? kModules - 1 : i - 1) +
         "\nc Handler" + n + "(BaseHandler)\n  m __init__(self,config,registry?)\n  m process(self,request,timeout?) ←" +
         std::to_string(1 + i % 3) + "\n  m validate_payload(self,payload,schema) →check_schema\n  m _retry(self,attempt)\n"
         "c Handler" + n + "Error(Exception)\nf build_handler_" + n + "(config,registry?) ←2 →Handler" + prev +
         "\nf parse_options_" + n + "(argv,defaults?) ←1\nf summarise_" + n + "(records,limit?)\nv DEFAULT_TIMEOUT_" + n;
}

std::string words(std::mt19937& rng, std::size_t count) {
  static const char* vocabulary[] = {"the", "handler", "request", "returns", "value", "config", "when", "timeout",
                                     "retry", "payload", "schema", "we", "should", "change", "this", "function",
                                     "because", "registry", "test", "error", "path", "file", "module", "call"};
  std::string out;
  for (std::size_t i = 0; i < count; ++i) {
    out += vocabulary[rng() % std::size(vocabulary)];
    out += (i % 14 == 13) ? ".\n" : " ";
  }
  return out;
}

std::string source_file(std::mt19937& rng, const std::string& path, int version) {
  std::string text = "# selected file " + path + " v" + std::to_string(version) + "\n";
  for (int line = 0; line < 260; ++line)
    text += "def step_" + std::to_string(line) + "(ctx):\n    return ctx.run('" + words(rng, 3) + "')\n";
  return text;
}

struct Run {
  std::vector<Bill> bills;
  // Per turn, the tokens of items (system prompt, map and focus blocks,
  // files, history) the previous request also sent with the same content:
  // what any layout at all could read from a cache.
  std::vector<std::size_t> reusable;
  std::vector<Bill> warmups;  // the cache warmer's requests (Pacing::warmer), 1 output token each
  std::vector<double> turn_ms;  // tracker update, placement and assembly
  std::size_t last_input = 0;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

double max_of(const std::vector<double>& v) { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); }

// The synthetic map: the reference graph seeds the tiers (hubs first; one
// connected group per package), and every block not selected is sent.
void seed_synthetic(ContextEngine& engine) {
  std::vector<std::string> by_refs;
  for (int i = 0; i < kModules; ++i) by_refs.push_back(module_path((i * 37) % kModules));
  std::vector<std::vector<std::string>> components(kPackages);
  for (int i = 0; i < kModules; ++i) components[i % kPackages].push_back(module_path(i));
  if (engine.needs_seed()) engine.seed(by_refs, components);
}

void add_synthetic_map(TurnContent& content, const std::set<std::string>& in_context) {
  content.map_header_and_legend = "# Repository Structure\n\n# c=class m=method f=function v=variable\n\n";
  for (int i = 0; i < kModules; ++i)
    if (!in_context.contains(module_path(i))) content.symbol_blocks.emplace_back(module_path(i), block(i));
  std::sort(content.symbol_blocks.begin(), content.symbol_blocks.end());
}

// How the user paces the session: a turn every kTurnSeconds, and with
// `pauses` a six-minute pause after every fifth turn, past the cache's five
// minutes; `warmer` sends acdc's warm-up (prompt/warmup_prompt.hpp) after
// kWarmupInterval of each pause, as the cache warmer does by default.
struct Pacing {
  bool pauses = false;
  bool warmer = false;
};
constexpr double kTurnSeconds = 30;
constexpr double kPauseSeconds = 360;
constexpr double kWarmupInterval = 240;

Run run_session(bool tiering, const TokenCounter& count, const std::string& system, acdc::bench::RepoMap* repo,
                Pacing pacing = {}) {
  std::mt19937 rng(42);
  ContextEngine engine(count, tiering);
  engine.set_cache_target(kMinCacheable);
  if (!repo) seed_synthetic(engine);

  std::vector<std::string> selected;
  std::string added;  // joins the selection at turn 10
  if (repo) {
    selected = repo->pick_files(6);
    added = selected.back();
    selected.pop_back();
  } else {
    for (int id : {3, 58, 141, 260, 377}) selected.push_back(module_path(id));
    added = module_path(402);
  }
  std::map<std::string, int> version;
  std::map<std::pair<std::string, int>, std::string> file_text;  // (path, version) -> content, made once
  auto file = [&](const std::string& path) -> const std::string& {
    auto key = std::make_pair(path, version[path]);
    auto it = file_text.find(key);
    if (it == file_text.end()) {
      std::string text = repo ? repo->read(path) + std::string(static_cast<std::size_t>(version[path]), '\n')
                              : source_file(rng, path, version[path]);
      it = file_text.emplace(key, std::move(text)).first;
    }
    return it->second;
  };
  std::vector<ChatMessage> history;
  std::map<std::string, ItemState> previous_items;
  AnthropicCache cache(count);
  double now = 0;  // seconds since the session began
  Run run;
  const PromptAssembler assembler(count);
  for (int turn = 1; turn <= kTurns; ++turn) {
    if (turn == 10) selected.push_back(added);                             // one more file in context
    if (turn == 20) selected.erase(selected.begin() + 1);                  // one file dropped
    const std::string question = "Turn " + std::to_string(turn) + ": " + words(rng, 40);
    TurnContent content{.system_prompt = system};
    const std::set<std::string> in_context(selected.begin(), selected.end());
    if (repo) {
      // As the chat turn does, the map's core seeds the tiers (by path here,
      // where the turn has the reference counts).
      std::vector<std::string> core = repo->fill(content, question, in_context);
      if (engine.needs_seed()) engine.seed(core, {core});
    } else {
      add_synthetic_map(content, in_context);
    }
    auto t0 = std::chrono::steady_clock::now();
    for (const auto& path : selected) content.files.push_back({path, file(path)});
    content.history = history;

    PromptInput in;
    Placement p = engine.place(content, in, [](const std::string&) { return true; });
    in.user_prompt = question;
    in.min_cacheable_tokens = kMinCacheable;
    const std::string body = assembler.assemble(in);
    auto t1 = std::chrono::steady_clock::now();

    const Bill bill = cache.send(body, now);
    run.bills.push_back(bill);
    now += kTurnSeconds;
    if (pacing.pauses && turn % 5 == 0) {
      if (pacing.warmer) run.warmups.push_back(cache.send(warmup_messages(body), now + kWarmupInterval));
      now += kPauseSeconds;
    }
    std::size_t reusable = 0;
    for (const auto& [key, state] : p.items)
      if (auto it = previous_items.find(key); it != previous_items.end() && it->second.hash == state.hash)
        reusable += state.tokens;
    run.reusable.push_back(reusable);
    previous_items = p.items;
    if (std::getenv("ACDC_BENCH_TIERS"))
      std::fprintf(stderr, "%s turn %d: L0 %zu L1 %zu L2 %zu L3 %zu active %zu; moves %zu\n", tiering ? "tiered" : "flat", turn,
                   p.tokens(Tier::L0), p.tokens(Tier::L1), p.tokens(Tier::L2), p.tokens(Tier::L3), p.tokens(Tier::active),
                   engine.last_changes().size());
    run.last_input = bill.input();

    history.push_back({"user", question});
    history.push_back({"assistant", words(rng, kAnswerTokens)});
    if (turn % 8 == 0) ++version[selected[turn / 8 % selected.size()]];  // an edit lands in a selected file
    run.turn_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return run;
}

struct Summary {
  double cached_share_after_5 = 0;
  double reusable_share_after_5 = 0;  // the ceiling: content the previous request also sent
  double cost = 0;
};

Summary summarise(const Run& r) {
  Summary s;
  std::size_t read = 0, input = 0, reusable = 0;
  for (std::size_t i = 0; i < r.bills.size(); ++i) {
    s.cost += r.bills[i].cost(kAnswerTokens);
    if (i < 5) continue;
    read += r.bills[i].read;
    input += r.bills[i].input();
    reusable += r.reusable[i];
  }
  s.cached_share_after_5 = input ? static_cast<double>(read) / static_cast<double>(input) : 0;
  s.reusable_share_after_5 = input ? static_cast<double>(reusable) / static_cast<double>(input) : 0;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  std::unique_ptr<acdc::bench::RepoMap> repo;
  if (argc == 3 && std::string(argv[1]) == "--repo") {
    repo = std::make_unique<acdc::bench::RepoMap>(argv[2], 25000);
    std::printf("%s: %zu files indexed; its ranked map at a 25,000-token budget each turn\n", argv[2], repo->files());
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: acdc-bench-context [--repo DIR]\n");
    return 2;
  }
  const Tokenizer& tok = Tokenizer::cl100k();
  TokenCounter count = [&tok](std::string_view s) { return tok.count(s); };
  const std::string system =
      read(ACDC_SOURCE_DIR "/config/prompts/system.md") + "\n\n" + read(ACDC_SOURCE_DIR "/config/prompts/system_extra.md");

  Run tiered = run_session(true, count, system, repo.get());
  Run flat = run_session(false, count, system, repo.get());
  Summary t = summarise(tiered), f = summarise(flat);

  std::printf("turn  input   tiered: read  written  fresh   |  flat: read  written  fresh\n");
  for (std::size_t i = 0; i < tiered.bills.size(); ++i) {
    const Bill &a = tiered.bills[i], &b = flat.bills[i];
    std::printf("%4zu %7zu  %12zu %8zu %6zu   | %11zu %8zu %6zu\n", i + 1, a.input(), a.read, a.written, a.fresh, b.read,
                b.written, b.fresh);
  }
  std::printf("\ncontext at turn %d: %zu tokens\n", kTurns, tiered.last_input);
  std::printf("input tokens read from cache after turn 5: tiered %.1f%% (target >= 80%%), untiered %.1f%%\n",
              100 * t.cached_share_after_5, 100 * f.cached_share_after_5);
  std::printf("  the ceiling, content the request before also sent (any order, any markers): %.1f%%\n",
              100 * t.reusable_share_after_5);
  std::printf("session cost (Sonnet 4.5 prices, %zu output tokens a turn): tiered $%.3f, untiered $%.3f: %.1f%% of "
              "untiered (target <= 35%%)\n",
              kAnswerTokens, t.cost, f.cost, 100 * t.cost / f.cost);
  // What no layout can beat: a provider cache that reads every token a
  // previous request sent and writes only what is new (the last answer and
  // the new question, or the whole prompt on turn 1); and what nothing
  // cached at all would cost.
  double floor = 0, uncached = 0;
  std::size_t previous = 0;
  for (const Bill& b : tiered.bills) {
    Bill ideal;
    ideal.read = std::min(previous, b.input());
    ideal.written = b.input() - ideal.read;
    floor += ideal.cost(kAnswerTokens);
    uncached += Bill{0, 0, b.input()}.cost(kAnswerTokens);
    previous = b.input();
  }
  std::printf("floor (a perfect prefix cache): $%.3f = %.1f%% of untiered; with no cache at all the session costs "
              "$%.3f, and tiered is %.1f%% of that\n",
              floor, 100 * floor / f.cost, uncached, 100 * t.cost / uncached);
  // Issue 30: the same session with a six-minute pause after every fifth
  // turn, without and with the cache warmer (one warm-up 240 s into each pause).
  Run paused = run_session(true, count, system, repo.get(), {.pauses = true});
  Run warmed = run_session(true, count, system, repo.get(), {.pauses = true, .warmer = true});
  double warm_turns = 0, warm_extra = 0;
  for (const Bill& b : warmed.bills) warm_turns += b.cost(kAnswerTokens);
  for (const Bill& b : warmed.warmups) warm_extra += b.cost(1);
  const double cold = summarise(paused).cost;
  std::printf("pausing 6 minutes after every 5th turn: $%.3f without the warmer, $%.3f with it ($%.3f of turns + "
              "$%.3f for %zu warm-ups): %.1f%% of the cost without\n",
              cold, warm_turns + warm_extra, warm_turns, warm_extra, warmed.warmups.size(),
              100 * (warm_turns + warm_extra) / cold);
  const std::vector<double> after_first(tiered.turn_ms.begin() + 1, tiered.turn_ms.end());
  std::printf("tracker update + placement + assembly per turn (target < 5 ms): median %.2f ms, max %.2f ms; "
              "turn 1, which counts every token once, %.2f ms\n",
              median(after_first), max_of(after_first), tiered.turn_ms.front());
  return 0;
}

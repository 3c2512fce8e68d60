// acdc-bench-map -- the ranked symbol map (issue 26) on a repository's own
// history: for each non-merge commit touching 1-4 source files that are
// still indexed, its message is the chat message, and the bench records
// which of those files have a block in the map as it would be sent. The
// same run ranks the same files two other ways at the same cl100k token
// count: by incoming references alone, and by BM25 over each file's path
// and symbol names. It also times the map's build per turn (ranking, the
// map's blocks and the cache tiers' placement) and reports the index's
// memory. See README.md for the command.
#include "git_history.hpp"

#include "context/context_engine.hpp"
#include "index/repo_index.hpp"
#include "lang/language.hpp"
#include "rank/map_ranker.hpp"
#include "rank/page_rank.hpp"
#include "rank/terms.hpp"
#include "tokenizer/tokenizer.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace {

using namespace acdc::symbols;
using Clock = std::chrono::steady_clock;

struct Options {
  std::string repo;
  std::size_t budget = 25000;  // a 200k-token model's default: an eighth
  int max_commits = 3000;
  int turns = 200;  // timed turns on generated questions
  int show_misses = 0;  // print this many commits whose files the map missed
  std::size_t batch = 0;  // IndexOptions::batch_files: the first index commits every N files
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string arg = argv[i], value = argv[i + 1];
    if (arg == "--repo") o.repo = value;
    else if (arg == "--budget") o.budget = std::stoul(value);
    else if (arg == "--commits") o.max_commits = std::stoi(value);
    else if (arg == "--turns") o.turns = std::stoi(value);
    else if (arg == "--show-misses") o.show_misses = std::stoi(value);
    else if (arg == "--batch") o.batch = std::stoul(value);
    else throw std::invalid_argument("unknown option " + arg + " (--repo DIR [--budget TOKENS] [--commits N] [--turns N] [--batch FILES])");
  }
  if (o.repo.empty()) throw std::invalid_argument("--repo DIR is required");
  return o;
}

double rss_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;
}

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

// What the bench knows of every indexed file, from one read of the index.
struct Corpus {
  std::unordered_map<std::string, FileId> id_of;
  std::vector<std::string> path;             // by FileId
  std::vector<std::size_t> tokens;           // its block's cl100k tokens, by FileId
  std::vector<FileId> by_references;
  std::vector<std::string> names;            // every defined name, for generated questions
  TermCache terms;  // before model, which refers to it
  std::optional<RankModel> model;
  std::size_t legend_tokens = 0;
};

Corpus read_corpus(const RepoIndex& index, const acdc::llm::Tokenizer& tok) {
  Corpus c;
  c.legend_tokens = tok.count(index.legend(false)) + 1;
  index.read_blocks([&](const SymbolGraph& graph, const std::vector<std::string>& blocks, const PathAliases&, std::uint64_t) {
    c.model = RankModel::build(graph, c.terms);
    c.path.resize(graph.slot_count());
    c.tokens.resize(graph.slot_count());
    for (FileId id : c.model->by_path()) {
      c.path[id] = graph.node(id).record->path;
      c.id_of[c.path[id]] = id;
      c.tokens[id] = tok.count(blocks[id]) + 1;
    }
    c.by_references = c.model->by_references(graph);
    graph.for_each_name([&](std::string_view n, const NameEntry& e) {
      if (e.definers.size() == 1 && n.size() > 4) c.names.emplace_back(n);
    });
    std::sort(c.names.begin(), c.names.end());
  });
  return c;
}

// The files of `order` that fit `tokens`, block after block.
std::set<FileId> fill(const Corpus& c, const std::vector<FileId>& order, std::size_t tokens) {
  std::set<FileId> out;
  std::size_t used = c.legend_tokens;
  for (FileId id : order) {
    if (used + c.tokens[id] > tokens) break;
    used += c.tokens[id];
    out.insert(id);
  }
  return out;
}

std::vector<FileId> bm25_order(const Corpus& c, const std::string& message) {
  std::vector<FileId> out;
  std::vector<char> seen(c.path.size(), 0);
  for (const auto& [id, score] : c.model->terms().score(query_terms(message))) {
    out.push_back(id);
    seen[id] = 1;
  }
  for (FileId id : c.model->by_path())
    if (!seen[id]) out.push_back(id);
  return out;
}

struct Tally {
  double ours = 0, ours_full = 0, refs = 0, bm25 = 0;
  int commits = 0, ours_all = 0, shown = 0;
  std::vector<double> build_ms;
  double estimated = 0, real = 0;
};

double recall(const std::vector<FileId>& wanted, const std::set<FileId>& got) {
  std::size_t hit = 0;
  for (FileId id : wanted) hit += got.count(id);
  return static_cast<double>(hit) / static_cast<double>(wanted.size());
}

void localization(const Options& o, RepoIndex& index, const Corpus& c, const acdc::llm::Tokenizer& tok, Tally& t) {
  MapRanker ranker;
  for (const auto& commit : acdc::bench::commits(o.repo, o.max_commits)) {
    std::vector<FileId> wanted;
    bool all_indexed = true;
    for (const auto& f : commit.files) {
      if (language_for_path(f) == Language::none) continue;
      auto it = c.id_of.find(f);
      if (it == c.id_of.end()) all_indexed = false;
      else wanted.push_back(it->second);
    }
    if (!all_indexed || wanted.empty() || wanted.size() > 4) continue;
    const auto started = Clock::now();
    RankedMap m = ranker.build(index, {.budget_tokens = o.budget, .message = commit.message});
    t.build_ms.push_back(ms_since(started));
    std::set<FileId> ours, ours_full;
    std::size_t real = c.legend_tokens + tok.count(m.outline);
    for (const auto& b : m.blocks) {
      FileId id = c.id_of.at(b.path);
      ours.insert(id);
      if (!b.summary) ours_full.insert(id);
      real += b.summary ? tok.count(b.text) + 1 : c.tokens[id];
    }
    t.estimated += static_cast<double>(m.estimated_tokens);
    t.real += static_cast<double>(real);
    const double r = recall(wanted, ours);
    if (r < 1.0 && t.shown < o.show_misses) {
      ++t.shown;
      std::printf("missed in %.8s \"%s\":", commit.hash.c_str(), commit.message.substr(0, commit.message.find('\n')).c_str());
      for (FileId id : wanted) std::printf(" %s%s", c.path[id].c_str(), ours.count(id) ? "" : " (out)");
      std::printf("\n");
    }
    t.ours += r;
    t.ours_all += r == 1.0 ? 1 : 0;
    t.ours_full += recall(wanted, ours_full);
    t.refs += recall(wanted, fill(c, c.by_references, real));
    t.bm25 += recall(wanted, fill(c, bm25_order(c, commit.message), real));
    ++t.commits;
  }
}

// Per turn: the ranked map for a question naming indexed symbols, then its
// placement into the cache tiers as the chat turn does (token counts
// memoised by the engine, as in the plugin).
std::vector<double> turn_times(const Options& o, RepoIndex& index, const Corpus& c, const acdc::llm::Tokenizer& tok) {
  MapRanker ranker;
  acdc::llm::ContextEngine engine([&tok](std::string_view s) { return tok.count(s); });
  engine.set_cache_target(1024);
  std::mt19937 rng(7);
  std::vector<double> out;
  const char* phrasing[] = {"Why does %s fail when the input is empty?", "Where is %s called, and what does it return?",
                            "Refactor %s to take the options by reference.", "thanks, go on"};
  for (int turn = 0; turn < o.turns; ++turn) {
    char message[512];
    const std::string& name = c.names.empty() ? std::string("main") : c.names[rng() % c.names.size()];
    std::snprintf(message, sizeof message, phrasing[turn % 4], name.c_str());
    const auto started = Clock::now();
    RankedMap m = ranker.build(index, {.budget_tokens = o.budget, .message = message});
    acdc::llm::TurnContent content{.system_prompt = "system", .map_header_and_legend = m.legend, .map_outline = m.outline};
    for (auto& b : m.blocks)
      (b.why == Why::ranked ? content.symbol_blocks : content.focus_blocks).emplace_back(std::move(b.path), std::move(b.text));
    acdc::llm::PromptInput in;
    engine.place(content, in, [](const std::string&) { return true; });
    out.push_back(ms_since(started));
  }
  return out;
}

// After any change the index is a new state and the next map rebuilds the
// rank model: PageRank, the BM25 postings, names and neighbours of every
// file. The words of unchanged files come from the ranker's TermCache; a
// cold cache (the first model) reads every file's symbols.
void rerank_times(RepoIndex& index) {
  std::vector<double> warm, rank;
  double cold = 0;
  TermCache cache;
  index.read([&](const SymbolGraph& graph) {
    auto t = Clock::now();
    RankModel first = RankModel::build(graph, cache);
    cold = ms_since(t);
    for (int i = 0; i < 5; ++i) {
      t = Clock::now();
      RankModel m = RankModel::build(graph, cache);
      warm.push_back(ms_since(t));
      t = Clock::now();
      std::vector<double> r = page_rank(graph);
      rank.push_back(ms_since(t));
    }
  });
  std::printf("rank model: first %.1f ms; after a change (words of unchanged files cached), 5 runs: p50 %.1f ms, "
              "of which PageRank %.1f ms\n", cold, percentile(warm, 0.5), percentile(rank, 0.5));
}

}  // namespace

int main(int argc, char** argv) try {
  const Options o = parse(argc, argv);
  const acdc::llm::Tokenizer& tok = acdc::llm::Tokenizer::cl100k();
  const double rss_before = rss_mib();
  const auto started = Clock::now();
  RepoIndex index(o.repo, {.threads = std::max(1u, std::thread::hardware_concurrency()), .batch_files = o.batch});
  double first_ms = 0;  // the first files readable (a batched first index), or the whole index
  UpdateStats stats = index.update(acdc::bench::tracked_files(o.repo), [&](std::size_t, std::size_t) {
    if (first_ms == 0 && index.file_count() > 0) first_ms = ms_since(started);
  });
  const double index_ms = ms_since(started);
  std::printf("index readable after %.0f ms (batches of %zu files; 0: one commit at the end)\n",
              first_ms > 0 ? first_ms : index_ms, o.batch);
  const double rss_indexed = rss_mib();
  std::printf("%s: %zu files indexed in %.0f ms; RSS %.0f MiB (+%.0f MiB, %.0f MiB per 10,000 files)\n", o.repo.c_str(),
              stats.files, index_ms, rss_indexed, rss_indexed - rss_before,
              stats.files ? (rss_indexed - rss_before) * 10000.0 / static_cast<double>(stats.files) : 0.0);
  Corpus c = read_corpus(index, tok);
  std::size_t whole = c.legend_tokens;
  for (FileId id : c.model->by_path()) whole += c.tokens[id];
  std::printf("whole map: %zu cl100k tokens; budget %zu\n", whole, o.budget);

  rerank_times(index);
  Tally t;
  localization(o, index, c, tok, t);
  if (t.commits > 0) {
    const double n = t.commits;
    std::printf("localization over %d commits touching 1-4 indexed files (map ~%.0f cl100k tokens as sent):\n", t.commits,
                t.real / n);
    std::printf("  ranked map       recall %.3f   (every file in: %.0f%% of commits; whole blocks only: %.3f)\n", t.ours / n,
                100.0 * t.ours_all / n, t.ours_full / n);
    std::printf("  reference count  recall %.3f   at the same tokens\n", t.refs / n);
    std::printf("  BM25             recall %.3f   at the same tokens\n", t.bm25 / n);
    std::printf("  ranking per message: p50 %.2f ms, p95 %.2f ms; token estimate / cl100k = %.2f\n",
                percentile(t.build_ms, 0.5), percentile(t.build_ms, 0.95), t.estimated / t.real);
  } else {
    std::printf("no commit touches 1-4 files that are indexed now\n");
  }
  if (o.turns > 0) {
    const std::vector<double> turns = turn_times(o, index, c, tok);
    std::printf("map build per turn (ranking + blocks + tier placement), %d turns: p50 %.2f ms, p95 %.2f ms, max %.2f ms\n",
                o.turns, percentile(turns, 0.5), percentile(turns, 0.95), percentile(turns, 1.0));
  }
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "acdc-bench-map: %s\n", e.what());
  return 1;
}

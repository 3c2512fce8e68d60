#include "rank/focus.hpp"

#include "rank/terms.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace acdc::symbols {
namespace {

// What each kind of evidence is worth; a message word counts fully, a
// history word at kHistoryWeight. Named files beat word matches, which beat
// neighbours; tuned on the localization bench (bench/map-localization).
constexpr double kPathNamed = 10;
constexpr double kFileNamed = 8;
constexpr double kSymbolNamed = 5;
constexpr double kPlainWordNamed = 2;
constexpr double kWords = 3;
constexpr double kNeighbour = 2;
constexpr double kTestOf = 0.6;  // of the evidence that named the file under test
constexpr double kPrior = 0.5;
constexpr double kHistoryWeight = 0.4;
// A name shared by more files than this names none of them.
constexpr std::size_t kMaxNamed = 8;
// Candidates returned, best first.
constexpr std::size_t kKeep = 1000;

struct Evidence {
  double named = 0, words = 0, neighbour = 0;
};

class Scorer {
 public:
  Scorer(const RankModel& model, const SymbolGraph& graph) : model_(model), graph_(graph) {}

  void text(const std::string& text, double weight) {
    for (const Word& w : message_words(text)) word(w, weight);
    auto scored = model_.terms().score(query_terms(text));
    if (scored.empty()) return;
    const double best = scored.front().second;
    for (const auto& [id, s] : scored) ev_[id].words += kWords * weight * s / best;
  }

  void neighbours_of(FileId seed, double weight) {
    const auto& ns = model_.neighbours(seed);
    if (ns.empty()) return;
    const double heaviest = ns.front().second;
    for (const auto& [id, w] : ns) ev_[id].neighbour += kNeighbour * weight * w / heaviest;
  }

  // A named file's tests ("ws_session_test.cpp", "tiers.test.mjs",
  // "test_views.py") are usually changed with it: they share its evidence.
  void tests_of_named() {
    std::vector<std::pair<FileId, double>> named;
    for (const auto& [id, e] : ev_)
      if (e.named > 0) named.emplace_back(id, e.named);
    for (const auto& [id, strength] : named) {
      std::string stem = to_lower(base_name(graph_.node(id).record->path));
      if (auto dot = stem.find('.'); dot != std::string::npos) stem.resize(dot);
      for (const std::string& name : {stem + "_test", stem + ".test", "test_" + stem, stem + "_spec", stem + ".spec"})
        for (FileId test : model_.files_named(name))
          if (test != id) ev_[test].named += kTestOf * strength;
    }
  }

  std::vector<FileId> named_files() const {
    std::vector<FileId> out;
    for (const auto& [id, e] : ev_)
      if (e.named > 0) out.push_back(id);
    std::sort(out.begin(), out.end());
    return out;
  }

  std::vector<FocusFile> result() const {
    const double top_rank = model_.by_rank().empty() ? 0 : model_.rank(model_.by_rank().front());
    std::vector<FocusFile> out;
    for (const auto& [id, e] : ev_) {
      const double score = e.named + e.words + e.neighbour + (top_rank > 0 ? kPrior * model_.rank(id) / top_rank : 0);
      const Why why = e.neighbour > e.named + e.words ? Why::neighbour : Why::mentioned;
      out.push_back(FocusFile{id, score, why});
    }
    // Only the best are ever used (a focus holds at most kMaxFocusFiles
    // after the core's and the selection's are passed over).
    const std::size_t keep = std::min(out.size(), kKeep);
    std::partial_sort(out.begin(), out.begin() + static_cast<long>(keep), out.end(), [&](const FocusFile& a, const FocusFile& b) {
      if (a.score != b.score) return a.score > b.score;
      return graph_.node(a.id).record->path < graph_.node(b.id).record->path;
    });
    out.resize(keep);
    return out;
  }

 private:
  void word(const Word& w, double weight) {
    if (w.text.find('/') != std::string::npos) path(w.text, weight);
    const std::string base = to_lower(base_name(w.text));
    const auto& files = model_.files_named(base);
    if (w.identifier_shaped ? files.size() <= kMaxNamed : files.size() <= 2)
      for (FileId id : files) ev_[id].named += (w.identifier_shaped ? kFileNamed : kPlainWordNamed) * weight;
    symbol(w, weight);
  }

  // "src/chat/chat_turn.cpp", or its tail "chat/chat_turn.cpp".
  void path(const std::string& text, double weight) {
    if (FileId id = graph_.id_of(text); id != kNoFile) {
      ev_[id].named += kPathNamed * weight;
      return;
    }
    const std::string tail = "/" + to_lower(text);
    for (FileId id : model_.files_named(to_lower(base_name(text))))
      if (to_lower(graph_.node(id).record->path).ends_with(tail)) ev_[id].named += kPathNamed * weight;
  }

  void symbol(const Word& w, double weight) {
    std::string_view name = call_name(w.text);
    const NameEntry* entry = graph_.name(name);
    if (!entry || entry->definers.empty()) return;
    const std::size_t d = entry->definers.size();
    const bool shaped = w.identifier_shaped || w.text.find("::") != std::string::npos;
    if (shaped ? d > kMaxNamed : (d > 2 || name.size() < 5)) return;
    const double each = (shaped ? kSymbolNamed : kPlainWordNamed) * weight / std::sqrt(static_cast<double>(d));
    for (FileId id : entry->definers) ev_[id].named += each;
  }

  const RankModel& model_;
  const SymbolGraph& graph_;
  std::unordered_map<FileId, Evidence> ev_;
};

}  // namespace

const char* why_name(Why why) {
  switch (why) {
    case Why::all: return "all";
    case Why::ranked: return "ranked";
    case Why::mentioned: return "mentioned";
    case Why::neighbour: return "neighbour";
  }
  return "ranked";
}

std::vector<FocusFile> focus_files(const RankModel& model, const SymbolGraph& graph, const FocusQuery& query) {
  Scorer s(model, graph);
  s.text(query.message, 1);
  if (!query.history.empty()) s.text(query.history, kHistoryWeight);
  s.tests_of_named();
  for (FileId id : query.selected) s.neighbours_of(id, 1);
  for (FileId id : s.named_files()) s.neighbours_of(id, 0.5);
  return s.result();
}

}  // namespace acdc::symbols

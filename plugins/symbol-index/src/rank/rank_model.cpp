#include "rank/rank_model.hpp"

#include "rank/page_rank.hpp"
#include "rank/terms.hpp"
#include "rank/token_estimate.hpp"

#include <algorithm>
#include <tuple>

namespace acdc::symbols {
namespace {

constexpr std::uint32_t kUnknown = UINT32_MAX;

}  // namespace

RankModel RankModel::build(const SymbolGraph& graph, TermCache& cache) {
  RankModel m(cache);
  const std::size_t slots = graph.slot_count();
  m.rank_ = page_rank(graph);
  m.block_tokens_.assign(slots, kUnknown);
  m.neighbours_.assign(slots, {});
  for (FileId id = 0; id < slots; ++id) {
    const auto& rec = graph.node(id).record;
    if (!rec) continue;
    m.by_path_.push_back(id);
    m.terms_.add(id, cache.terms(id, *rec));
    const std::string_view base = base_name(rec->path);
    m.by_name_[to_lower(base)].push_back(id);
    if (auto dot = base.rfind('.'); dot != std::string_view::npos && dot > 0) m.by_name_[to_lower(base.substr(0, dot))].push_back(id);
  }
  m.terms_.finish();
  auto path_of = [&graph](FileId id) -> const std::string& { return graph.node(id).record->path; };
  std::sort(m.by_path_.begin(), m.by_path_.end(), [&](FileId a, FileId b) { return path_of(a) < path_of(b); });
  m.by_rank_ = m.by_path_;
  std::stable_sort(m.by_rank_.begin(), m.by_rank_.end(), [&](FileId a, FileId b) { return m.rank_[a] > m.rank_[b]; });
  for (auto& [name, ids] : m.by_name_)
    std::sort(ids.begin(), ids.end(), [&](FileId a, FileId b) { return path_of(a) < path_of(b); });

  // Each edge in both directions, sorted and summed: one flat sort instead
  // of a map per file.
  struct Half {
    FileId a, b;
    std::uint32_t w;
  };
  std::vector<Half> halves;
  graph.for_each_edge([&](FileId from, FileId to, std::uint32_t w) {
    if (from == to || !graph.node(from).record || !graph.node(to).record) return;
    halves.push_back({from, to, w});
    halves.push_back({to, from, w});
  });
  std::sort(halves.begin(), halves.end(), [](const Half& x, const Half& y) { return std::tie(x.a, x.b) < std::tie(y.a, y.b); });
  for (std::size_t i = 0; i < halves.size();) {
    std::uint32_t sum = 0;
    std::size_t j = i;
    for (; j < halves.size() && halves[j].a == halves[i].a && halves[j].b == halves[i].b; ++j) sum += halves[j].w;
    m.neighbours_[halves[i].a].emplace_back(halves[i].b, sum);
    i = j;
  }
  for (auto& out : m.neighbours_)
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return m;
}

std::vector<FileId> RankModel::by_references(const SymbolGraph& graph) const {
  std::vector<FileId> out = by_path_;
  std::stable_sort(out.begin(), out.end(), [&](FileId a, FileId b) { return graph.node(a).incoming > graph.node(b).incoming; });
  return out;
}

std::size_t RankModel::block_tokens(FileId id, std::string_view block) const {
  if (block_tokens_[id] == kUnknown) block_tokens_[id] = static_cast<std::uint32_t>(estimate_tokens(block));
  return block_tokens_[id];
}

const std::vector<FileId>& RankModel::files_named(const std::string& name) const {
  static const std::vector<FileId> none;
  auto it = by_name_.find(name);
  return it == by_name_.end() ? none : it->second;
}

}  // namespace acdc::symbols

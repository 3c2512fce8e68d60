#include "rank/rank_model.hpp"

#include "rank/page_rank.hpp"
#include "rank/terms.hpp"
#include "rank/token_estimate.hpp"

#include <algorithm>
#include <map>

namespace acdc::symbols {
namespace {

constexpr std::uint32_t kUnknown = UINT32_MAX;

// A file's words: its path's, then each symbol's name (children too), so a
// class and its methods all point at the file that defines them.
std::vector<std::string> file_terms(const FileRecord& rec) {
  std::vector<std::string> terms = split_subwords(rec.path);
  for_each_symbol(rec.unpack().symbols, [&](const Symbol& s) {
    if (s.kind == SymbolKind::import) return;
    for (auto& t : split_subwords(s.name)) terms.push_back(std::move(t));
  });
  return terms;
}

}  // namespace

RankModel RankModel::build(const SymbolGraph& graph) {
  RankModel m;
  const std::size_t slots = graph.slot_count();
  m.rank_ = page_rank(graph);
  m.block_tokens_.assign(slots, kUnknown);
  m.neighbours_.assign(slots, {});
  for (FileId id = 0; id < slots; ++id) {
    const auto& rec = graph.node(id).record;
    if (!rec) continue;
    m.by_path_.push_back(id);
    m.terms_.add(id, file_terms(*rec));
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

  std::vector<std::map<FileId, std::uint32_t>> both(slots);
  graph.for_each_edge([&](FileId from, FileId to, std::uint32_t w) {
    if (from == to || !graph.node(from).record || !graph.node(to).record) return;
    both[from][to] += w;
    both[to][from] += w;
  });
  for (FileId id = 0; id < slots; ++id) {
    auto& out = m.neighbours_[id];
    out.assign(both[id].begin(), both[id].end());
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  }
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

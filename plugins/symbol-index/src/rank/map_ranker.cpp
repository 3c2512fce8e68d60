#include "rank/map_ranker.hpp"

#include "render/compact_map.hpp"

#include <algorithm>

namespace acdc::symbols {
namespace {

// A block and the blank line that separates it from the next.
std::size_t block_cost(const RankModel& m, const std::vector<std::string>& blocks, FileId id) {
  return m.block_tokens(id, blocks[id]) + 1;
}

// No BPE token is longer than this many bytes of map text: a map of more
// bytes than budget x this cannot fit, and needs no estimate to say so.
constexpr std::size_t kMaxBytesPerToken = 12;

std::size_t share(std::size_t tokens, double fraction) {
  return static_cast<std::size_t>(static_cast<double>(tokens) * fraction);
}

}  // namespace

void MapRanker::refresh_model(const SymbolGraph& graph, std::uint64_t generation) {
  if (model_ && model_generation_ == generation) return;
  model_ = RankModel::build(graph, terms_);
  model_generation_ = generation;
  core_.reset();
}

void MapRanker::refresh_core(const SymbolGraph& graph, const std::vector<std::string>& blocks,
                             const MapRequest& request, std::size_t legend_tokens, std::uint64_t generation) {
  if (core_ && core_->generation == generation && core_->budget_tokens == request.budget_tokens) return;
  Core core{.generation = generation, .budget_tokens = request.budget_tokens};
  core.in_core.assign(graph.slot_count(), 0);
  const std::size_t budget = request.budget_tokens;
  const std::size_t outline_max = share(budget, kOutlineShare);
  const std::size_t reserved = legend_tokens + outline_max + share(budget, kFocusShare);
  std::size_t room = budget > reserved ? budget - reserved : 0;
  // Most central first, until one does not fit: the core is the top of the
  // ranking, not whatever small files fill the last gap. A block larger than
  // a quarter of the core (a generated table, a vendored library) is passed
  // over instead, so it cannot shut every other file out. Which files are
  // in context does not change it (their blocks are left out when it is
  // sent), so the core and the outline, which sit in cached tiers, stay as
  // they are when the user selects a file or drops one.
  const std::size_t giant = room / 4;
  for (FileId id : model_->by_rank()) {
    const std::size_t cost = block_cost(*model_, blocks, id);
    if (cost > room) {
      if (cost > giant) continue;
      break;
    }
    room -= cost;
    core.in_core[id] = 1;
  }
  std::vector<OutlineFile> rest;
  for (FileId id : model_->by_path()) {
    if (core.in_core[id]) {
      core.files.push_back(id);
    } else {
      rest.push_back(OutlineFile{graph.node(id).record->path, model_->rank(id)});
      core.outline_files.push_back(id);
    }
  }
  core.outline = render_outline(rest, outline_max);
  core_ = std::move(core);
}

std::size_t MapRanker::add_focus(const SymbolGraph& graph, const std::vector<std::string>& blocks,
                                 const PathAliases& aliases, const MapRequest& request, std::vector<char>& in_focus,
                                 RankedMap& out) const {
  const RankModel& m = *model_;
  FocusQuery q{.message = request.message, .history = request.history};
  for (const auto& path : request.exclude)
    if (FileId id = graph.id_of(path); id != kNoFile) q.selected.push_back(id);
  const std::size_t budget = share(request.budget_tokens, kFocusShare);
  const std::size_t largest_full = share(budget, kFullShare);
  std::size_t room = budget;
  std::vector<MapEntry> focus;
  for (const FocusFile& f : focus_files(m, graph, q)) {
    if (focus.size() >= kMaxFocusFiles) break;
    const std::string& path = graph.node(f.id).record->path;
    if (core_->in_core[f.id] || request.exclude.count(path)) continue;
    MapEntry e{path, {}, f.why};
    std::size_t cost = block_cost(m, blocks, f.id);
    if (cost <= room && cost <= largest_full && f.score >= kFullScore) {
      e.text = blocks[f.id];
    } else {
      e.text = render_summary(graph, f.id, aliases);
      e.summary = true;
      cost = estimate_tokens(e.text) + 1;
      if (cost > room) continue;
    }
    room -= cost;
    in_focus[f.id] = 1;
    focus.push_back(std::move(e));
  }
  std::sort(focus.begin(), focus.end(), [](const MapEntry& a, const MapEntry& b) { return a.path < b.path; });
  for (auto& e : focus) out.blocks.push_back(std::move(e));
  return budget - room;
}

bool MapRanker::add_whole_map(const SymbolGraph& graph, const std::vector<std::string>& blocks,
                              const MapRequest& request, std::size_t legend_tokens, RankedMap& out) const {
  const RankModel& m = *model_;
  std::vector<FileId> files;
  std::size_t bytes = 0;
  for (FileId id : m.by_path())
    if (!request.exclude.count(graph.node(id).record->path)) {
      files.push_back(id);
      bytes += blocks[id].size() + 2;
    }
  out.files_total = files.size();
  if (request.budget_tokens > 0 && bytes > request.budget_tokens * kMaxBytesPerToken) return false;
  std::size_t tokens = legend_tokens;
  for (FileId id : files) tokens += block_cost(m, blocks, id);
  if (request.budget_tokens > 0 && tokens > request.budget_tokens) return false;
  for (FileId id : files) out.blocks.push_back(MapEntry{graph.node(id).record->path, blocks[id], Why::all});
  out.files_full = files.size();
  out.estimated_tokens = tokens;
  return true;
}

void MapRanker::add_ranked_map(const SymbolGraph& graph, const std::vector<std::string>& blocks,
                               const PathAliases& aliases, const MapRequest& request, std::size_t legend_tokens,
                               std::uint64_t generation, RankedMap& out) {
  out.complete = false;
  refresh_core(graph, blocks, request, legend_tokens, generation);
  std::size_t used = legend_tokens + estimate_tokens(core_->outline.text);
  for (FileId id : core_->files) {
    const std::string& path = graph.node(id).record->path;
    if (request.exclude.count(path)) continue;
    out.blocks.push_back(MapEntry{path, blocks[id], Why::ranked});
    used += block_cost(*model_, blocks, id);
  }
  std::vector<char> in_focus(graph.slot_count(), 0);
  used += add_focus(graph, blocks, aliases, request, in_focus, out);
  out.outline = core_->outline.text;
  for (const auto& b : out.blocks) ++(b.summary ? out.files_summary : out.files_full);
  for (std::size_t i = 0; i < core_->outline_files.size(); ++i) {
    const FileId id = core_->outline_files[i];
    if (core_->outline.is_named[i] && !in_focus[id] && !request.exclude.count(graph.node(id).record->path))
      ++out.files_outline;
  }
  out.files_left_out = out.files_total - out.files_full - out.files_summary - out.files_outline;
  out.estimated_tokens = used;
}

void MapRanker::warm(const RepoIndex& index) {
  std::lock_guard lock(mu_);
  index.read_blocks([&](const SymbolGraph& graph, const std::vector<std::string>&, const PathAliases&,
                        std::uint64_t generation) { refresh_model(graph, generation); });
}

RankedMap MapRanker::build(const RepoIndex& index, const MapRequest& request) {
  RankedMap out;
  out.budget_tokens = request.budget_tokens;
  std::lock_guard lock(mu_);
  index.read_blocks([&](const SymbolGraph& graph, const std::vector<std::string>& blocks, const PathAliases& aliases,
                        std::uint64_t generation) {
    refresh_model(graph, generation);
    out.legend = map_legend(aliases, false);
    const std::size_t legend_tokens = estimate_tokens(out.legend) + 1;
    if (!add_whole_map(graph, blocks, request, legend_tokens, out))
      add_ranked_map(graph, blocks, aliases, request, legend_tokens, generation, out);
  });
  return out;
}

}  // namespace acdc::symbols

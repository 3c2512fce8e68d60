#include "index/repo_index.hpp"

#include "cache/index_cache.hpp"
#include "render/compact_map.hpp"

#include <algorithm>
#include <unordered_set>

namespace acdc::symbols {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

RepoIndex::RepoIndex(std::filesystem::path root, IndexOptions options)
    : root_(std::move(root)), options_(options) {}

RepoIndex::~RepoIndex() = default;

std::string RepoIndex::load_cache(const std::filesystem::path& file) {
  CacheLoad loaded = symbols::load_cache(file);
  std::lock_guard lock(update_mu_);
  disk_ = std::move(loaded.records);
  return loaded.error;
}

void RepoIndex::save_cache(const std::filesystem::path& file) const {
  std::shared_lock lock(mu_);
  std::vector<const FileRecord*> records;
  records.reserve(order_.size());
  for (FileId id : order_) records.push_back(graph_.node(id).record.get());
  symbols::save_cache(file, records);
}

void RepoIndex::clear() {
  std::lock_guard serial(update_mu_);
  std::unique_lock lock(mu_);
  graph_ = SymbolGraph();
  aliases_ = PathAliases();
  blocks_.clear();
  ++generation_;
  order_.clear();
  skipped_.clear();
  disk_.clear();
}

// What an update will do, worked out before any lock is taken: which files
// to parse, which to take or drop, which were skipped and why.
struct RepoIndex::Plan {
  std::vector<ParseJob> jobs;
  std::vector<SymbolGraph::Change> changes;
  std::vector<SkippedFile> skipped;
  std::vector<std::pair<FileId, FileStamp>> restamps;
  std::vector<std::string> probed;  // every path looked at, for the partial update's skip list
};

void RepoIndex::probe(const std::string& path, Plan& plan, UpdateStats& stats) {
  // Only the updating thread changes the graph (update_mu_), so reading it
  // here needs no lock.
  FileProbe probe = probe_file(root_, path, options_.limits);
  FileId id = graph_.id_of(path);
  plan.probed.push_back(path);
  if (probe.missing || !probe.skip_reason.empty()) {
    if (!probe.missing) plan.skipped.push_back({path, std::move(probe.skip_reason)});
    if (id != kNoFile) plan.changes.emplace_back(path, nullptr);
    return;
  }
  if (id != kNoFile && graph_.node(id).record->stamp == probe.stamp) return;
  ParseJob job{path, probe.stamp, std::nullopt, nullptr};
  if (id != kNoFile) job.known_hash = graph_.node(id).record->content_hash;
  if (auto cached = disk_.find(path); cached != disk_.end()) {
    if (cached->second->stamp == probe.stamp) {  // unchanged since the cache was written
      ++stats.from_cache;
      plan.changes.emplace_back(path, std::move(cached->second));
      return;
    }
    job.known_hash = cached->second->content_hash;
    job.known = std::move(cached->second);
  }
  plan.jobs.push_back(std::move(job));
}

UpdateStats RepoIndex::update(const std::vector<std::string>& paths, const ProgressFn& progress) {
  auto started = std::chrono::steady_clock::now();
  std::lock_guard serial(update_mu_);
  UpdateStats stats;
  Plan plan;
  const std::size_t on_disk = disk_.size();
  std::unordered_set<std::string_view> listed;
  bool has_c = false, has_cpp = false;
  for (const std::string& path : paths) {
    const Language lang = language_for_path(path);
    if (lang == Language::none || !listed.insert(path).second) continue;
    if (lang == Language::cpp) has_cpp = true;
    else if (lang == Language::c && !is_c_header(path)) has_c = true;
    probe(path, plan, stats);
  }
  header_default_ = header_default(has_c, has_cpp);
  disk_.clear();
  for (FileId id = 0; id < graph_.slot_count(); ++id) {
    const auto& rec = graph_.node(id).record;
    if (rec && !listed.count(rec->path)) plan.changes.emplace_back(rec->path, nullptr);
  }
  // A first index that must parse most files: readers get each batch as it
  // is done instead of nothing until the end.
  const bool cold = graph_.file_count() == 0 && on_disk * 10 < plan.jobs.size() * 9;
  if (cold && options_.batch_files > 0 && plan.jobs.size() > options_.batch_files) {
    if (!update_in_batches(plan, options_.batch_files, progress, stats)) return stats;
  } else {
    if (!parse(plan, progress, stats)) return stats;
    commit(plan, {}, stats);
  }
  // A start on an unchanged tree takes every cached record as it was: the
  // file needs no rewrite.
  stats.cache_stale = stats.parsed || stats.removed || stats.from_cache != on_disk || stats.files != on_disk;
  stats.seconds = seconds_since(started);
  return stats;
}

UpdateStats RepoIndex::update_files(const std::vector<std::string>& touched) {
  auto started = std::chrono::steady_clock::now();
  std::lock_guard serial(update_mu_);
  UpdateStats stats;
  Plan plan;
  std::unordered_set<std::string_view> seen;
  for (const std::string& path : touched)
    if (language_for_path(path) != Language::none && seen.insert(path).second) probe(path, plan, stats);
  if (!parse(plan, {}, stats)) return stats;
  std::set<std::string> keep_skipped_except(plan.probed.begin(), plan.probed.end());
  commit(plan, keep_skipped_except, stats);
  stats.cache_stale = stats.parsed || stats.removed;
  stats.seconds = seconds_since(started);
  return stats;
}

bool RepoIndex::update_in_batches(Plan& plan, std::size_t batch, const ProgressFn& progress, UpdateStats& stats) {
  // Path aliases from every file to come: each batch would otherwise change
  // them and render every block committed so far again.
  {
    std::vector<std::string> all;
    for (const ParseJob& j : plan.jobs) all.push_back(j.path);
    std::sort(all.begin(), all.end());
    std::vector<std::string_view> views(all.begin(), all.end());
    std::unique_lock lock(mu_);
    aliases_ = PathAliases::compute(views);
  }
  const std::size_t total = plan.jobs.size();
  std::vector<SkippedFile> skipped;  // commit() replaces the list: kept across batches
  for (std::size_t start = 0; start < total; start += batch) {
    Plan part;
    const std::size_t end = std::min(total, start + batch);
    part.jobs.assign(std::make_move_iterator(plan.jobs.begin() + start), std::make_move_iterator(plan.jobs.begin() + end));
    if (start == 0) part.changes = std::move(plan.changes);  // files that left
    ProgressFn step;
    if (progress) step = [&progress, start, total](std::size_t done, std::size_t) { progress(start + done, total); };
    if (!parse(part, step, stats)) {
      hold_aliases_ = false;
      return false;
    }
    skipped.insert(skipped.end(), std::make_move_iterator(part.skipped.begin()), std::make_move_iterator(part.skipped.end()));
    part.skipped = skipped;
    hold_aliases_ = end < total;  // the last batch settles them on the files indexed
    commit(part, {}, stats);
  }
  return true;
}

bool RepoIndex::parse(Plan& plan, const ProgressFn& progress, UpdateStats& stats) {
  auto parse_started = std::chrono::steady_clock::now();
  std::vector<ParseOutput> outputs = parse_files(
      root_, plan.jobs,
      {.threads = options_.threads, .timeout = options_.parse_timeout, .stop = options_.stop, .header_default = header_default_},
      progress);
  if (options_.stop && options_.stop->load()) return false;
  stats.parse_seconds += seconds_since(parse_started);
  for (size_t i = 0; i < plan.jobs.size(); ++i) {
    ParseOutput& out = outputs[i];
    const std::string& path = plan.jobs[i].path;
    FileId id = graph_.id_of(path);
    switch (out.kind) {
      case ParseOutput::Kind::skipped:
        plan.skipped.push_back({path, std::move(out.skip_reason)});
        if (id != kNoFile) plan.changes.emplace_back(path, nullptr);
        break;
      case ParseOutput::Kind::unchanged:
        if (out.record) plan.changes.emplace_back(path, std::move(out.record));  // from the disk cache
        else plan.restamps.emplace_back(id, plan.jobs[i].stamp);
        break;
      case ParseOutput::Kind::parsed:
        ++stats.parsed;
        stats.changed.push_back(path);
        plan.changes.emplace_back(path, std::move(out.record));
        break;
    }
  }
  for (const auto& [path, record] : plan.changes)
    if (!record) {
      ++stats.removed;
      stats.changed.push_back(path);
    }
  return true;
}

// `partial`: the paths a partial update looked at; the skip list keeps its
// other entries. Empty for a whole-tree update, whose list replaces it.
void RepoIndex::commit(Plan& plan, const std::set<std::string>& partial, UpdateStats& stats) {
  std::unique_lock lock(mu_);
  for (const auto& [id, stamp] : plan.restamps) graph_.restamp(id, stamp);
  bool set_changed = std::any_of(plan.changes.begin(), plan.changes.end(), [&](const SymbolGraph::Change& c) {
    return !c.second || graph_.id_of(c.first) == kNoFile;
  });
  auto graph_started = std::chrono::steady_clock::now();
  std::vector<FileId> dirty = plan.changes.empty() ? std::vector<FileId>{} : graph_.apply(std::move(plan.changes));
  stats.graph_seconds += seconds_since(graph_started);
  auto render_started = std::chrono::steady_clock::now();
  render(dirty, set_changed, stats);
  stats.render_seconds += seconds_since(render_started);
  if (!partial.empty())
    for (auto& s : skipped_)
      if (!partial.count(s.path)) plan.skipped.push_back(std::move(s));
  std::sort(plan.skipped.begin(), plan.skipped.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  skipped_ = std::move(plan.skipped);
  stats.files = order_.size();
  stats.skipped = skipped_.size();
}

void RepoIndex::render(const std::vector<FileId>& dirty, bool set_changed, UpdateStats& stats) {
  std::vector<FileId> to_render = dirty;
  if (set_changed) {
    order_.clear();
    std::vector<std::string_view> paths;
    for (FileId id = 0; id < graph_.slot_count(); ++id)
      if (graph_.node(id).record) order_.push_back(id);
    std::sort(order_.begin(), order_.end(), [&](FileId a, FileId b) {
      return graph_.node(a).record->path < graph_.node(b).record->path;
    });
    for (FileId id : order_) paths.push_back(graph_.node(id).record->path);
    PathAliases next = hold_aliases_ ? aliases_ : PathAliases::compute(paths);
    if (!(next == aliases_)) {
      aliases_ = std::move(next);
      to_render = order_;
    }
  }
  if (!to_render.empty() || set_changed) ++generation_;
  blocks_.resize(graph_.slot_count());
  for (FileId id = 0; id < blocks_.size(); ++id)
    if (!graph_.node(id).record) blocks_[id].clear();
  for (FileId id : to_render) {
    blocks_[id] = render_block(graph_, id, aliases_, false);
    blocks_[id].shrink_to_fit();  // held until the file changes: a third of a grown string is slack
  }
  stats.rendered = to_render.size();
}

std::size_t RepoIndex::file_count() const {
  std::shared_lock lock(mu_);
  return order_.size();
}

std::vector<SkippedFile> RepoIndex::skipped() const {
  std::shared_lock lock(mu_);
  return skipped_;
}

std::string RepoIndex::legend(bool with_lines) const {
  std::shared_lock lock(mu_);
  return map_legend(aliases_, with_lines);
}

void RepoIndex::for_each_block(const std::set<std::string>& exclude,
                               const std::function<void(std::string_view, std::string_view)>& fn) const {
  std::shared_lock lock(mu_);
  for (FileId id : order_) {
    const std::string& path = graph_.node(id).record->path;
    if (!exclude.count(path)) fn(path, blocks_[id]);
  }
}

std::string RepoIndex::map_text(const std::set<std::string>& exclude) const {
  std::string out = legend(false) + "\n";
  bool first = true;
  for_each_block(exclude, [&](std::string_view, std::string_view block) {
    if (!first) out += "\n\n";
    first = false;
    out += block;
  });
  return out + "\n";
}

std::string RepoIndex::block(std::string_view path, bool with_lines) const {
  std::shared_lock lock(mu_);
  FileId id = graph_.id_of(path);
  if (id == kNoFile) return {};
  return with_lines ? render_block(graph_, id, aliases_, true) : blocks_[id];
}

bool RepoIndex::indexed(std::string_view path) const {
  std::shared_lock lock(mu_);
  return graph_.id_of(path) != kNoFile;
}

void RepoIndex::read(const std::function<void(const SymbolGraph&)>& fn) const {
  std::shared_lock lock(mu_);
  fn(graph_);
}

void RepoIndex::read_blocks(const BlocksReader& fn) const {
  std::shared_lock lock(mu_);
  fn(graph_, blocks_, aliases_, generation_);
}

}  // namespace acdc::symbols

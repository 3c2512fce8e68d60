#include "service/symbol_index_service.hpp"

#include "docs/doc_map.hpp"
#include "lsp/lsp_queries.hpp"
#include "service/index_json.hpp"

#include <acdc/sdk/call_and_wait.hpp>

#include <algorithm>
#include <thread>

namespace acdc::symbols {
namespace {

constexpr std::size_t kMaxExcluded = 100000;

std::string config_string(const acdc::JsonValue& config, const char* object, const char* key) {
  const acdc::JsonValue* v = &config;
  if (object) {
    auto it = config.FindMember(object);
    if (it == config.MemberEnd() || !it->value.IsObject()) return {};
    v = &it->value;
  }
  auto it = v->FindMember(key);
  return it != v->MemberEnd() && it->value.IsString() ? it->value.GetString() : std::string();
}

IndexOptions options_from(const acdc::JsonValue& config) {
  IndexOptions o;
  o.threads = std::max(1u, std::thread::hardware_concurrency());
  // A first index of boost (15,000 files) takes minutes on 2 cores: chat gets
  // the map of each 1,500 files as they are done (issue 26).
  o.batch_files = 1500;
  auto it = config.FindMember("max_file_bytes");
  if (it != config.MemberEnd() && it->value.IsUint64() && it->value.GetUint64() > 0)
    o.limits.max_file_bytes = it->value.GetUint64();
  return o;
}

std::filesystem::path state_dir(const acdc::JsonValue& config, const std::filesystem::path& root) {
  std::string dir = config_string(config, "host", "state_dir");
  return dir.empty() ? root / ".acdc" : std::filesystem::path(dir);
}

}  // namespace

SymbolIndexService::SymbolIndexService(acdc::Context& ctx)
    : host_(ctx.host),
      root_(config_string(ctx.config, "host", "repo_root")),
      cache_file_(state_dir(ctx.config, root_) / "symbol-index.bin"),
      doc_cache_file_(state_dir(ctx.config, root_) / "doc-index.bin"),
      options_(options_from(ctx.config)),
      excluded_(state_dir(ctx.config, root_) / "symbol-index-excluded.json"),
      docs_(root_),
      watcher_(root_) {
  if (root_.empty()) throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "the host named no repository root (host.repo_root)");
  options_.stop = &stopping_;
  index_ = std::make_unique<RepoIndex>(root_, options_);
}

SymbolIndexService::~SymbolIndexService() { stopping_ = true; }

void SymbolIndexService::start() {
  std::size_t count = 0;
  const GrammarState* grammars = all_grammars(count);
  for (std::size_t i = 0; i < count; ++i)
    if (!grammars[i].grammar->language) host_.log(ACDC_LOG_ERROR, grammars[i].grammar->error);
  if (std::string why = excluded_.load(); !why.empty()) host_.log(ACDC_LOG_WARN, why);
  worker_.post([this] {
    std::string why = index_->load_cache(cache_file_);
    if (!why.empty()) {
      host_.log(ACDC_LOG_WARN, "symbol cache " + cache_file_.string() + " discarded: " + why + "; indexing afresh");
      std::lock_guard lock(status_mu_);
      cache_note_ = why;
    }
    if (std::string doc_why = docs_.load_cache(doc_cache_file_); !doc_why.empty())
      host_.log(ACDC_LOG_WARN, "doc cache " + doc_cache_file_.string() + " discarded: " + doc_why + "; outlining afresh");
    run_update(true);
    save_cache_if_stale();
  });
}

std::vector<std::string> SymbolIndexService::list_files() {
  acdc::Result r = acdc::call_and_wait(host_, "Repo.get_flat_file_list", "[]", std::chrono::seconds(120));
  std::vector<std::string> paths;
  if (r.ok()) {
    acdc::Json text = r.json();
    std::string_view all = text.IsString() ? std::string_view(text.GetString(), text.GetStringLength()) : "";
    for (size_t start = 0; start < all.size();) {
      size_t end = all.find('\n', start);
      if (end == std::string_view::npos) end = all.size();
      if (end > start) paths.emplace_back(all.substr(start, end - start));
      start = end + 1;
    }
    return paths;
  }
  // Without the repo plugin (a trimmed build) the tree itself is listed.
  std::vector<SkippedFile> unlisted;
  paths = walk_directory(root_, unlisted);
  for (const auto& s : unlisted) host_.log(ACDC_LOG_WARN, "symbol index: " + s.path + ": " + s.reason);
  return paths;
}

void SymbolIndexService::run_update(bool report) {
  if (stopping_) return;
  if (report) {
    if (state_ != State::ready) state_ = State::indexing;
    host_.progress("indexing", "Indexing repository...", 0);
  }
  std::vector<std::string> paths = list_files();
  std::set<std::string> excluded = excluded_.snapshot();
  std::erase_if(paths, [&](const std::string& p) { return excluded.count(p) != 0; });
  // Watching starts before the files are looked at: a change from here on
  // is either seen by this update or reported to the next.
  if (!watcher_.watch(paths)) host_.log(ACDC_LOG_WARN, "symbol index: " + watcher_.error());
  ProgressFn progress;
  if (report)
    progress = [this](std::size_t done, std::size_t total) {
      int pct = total ? static_cast<int>(done * 100 / total) : 100;
      percent_ = pct;
      host_.progress("indexing", "Indexing repository... " + std::to_string(done) + "/" + std::to_string(total), pct);
    };
  UpdateStats stats = index_->update(paths, progress);
  if (stopping_) return;
  docs_.update(paths);
  record(stats);
  // Before the index says it is ready: the first map asked for (a chat
  // turn's, an agent's) then does not wait for the model.
  if (report) ranker_.warm(*index_);
  state_ = State::ready;
  percent_ = 100;
  if (report) {
    host_.progress("indexing", "Indexed " + std::to_string(stats.files) + " files", 100);
    host_.log(ACDC_LOG_INFO, "symbol index: " + std::to_string(stats.files) + " files (" +
                                 std::to_string(stats.parsed) + " parsed, " + std::to_string(stats.from_cache) +
                                 " from the cache, " + std::to_string(stats.skipped) + " skipped) in " +
                                 std::to_string(static_cast<int>(stats.seconds * 1000)) + " ms");
  }
}

void SymbolIndexService::run_refresh() {
  if (!watcher_.active()) return run_update(false);
  ChangeWatcher::Changes changes = watcher_.take();
  std::set<std::string> excluded = excluded_.snapshot();
  std::erase_if(changes.touched, [&](const std::string& p) { return excluded.count(p) != 0; });
  // Documents are the doc index's: outlined again here, never parsed as source.
  std::vector<std::string> docs;
  std::erase_if(changes.touched, [&](const std::string& p) {
    if (!DocIndex::is_doc(p)) return false;
    docs.push_back(p);
    return true;
  });
  if (!changes.sweep) docs_.update_docs(docs);
  // A source file the index does not know: git's ignore rules decide
  // whether it belongs, and only the repository's listing knows them.
  bool unknown = std::any_of(changes.touched.begin(), changes.touched.end(), [&](const std::string& p) {
    return !index_->indexed(p) && std::filesystem::exists(root_ / p);
  });
  if (changes.sweep || unknown) return run_update(false);
  UpdateStats stats = changes.touched.empty() ? UpdateStats{.files = index_->file_count()}
                                              : index_->update_files(changes.touched);
  record(stats);
}

void SymbolIndexService::record(const UpdateStats& stats) {
  std::lock_guard lock(status_mu_);
  last_update_ = stats;
  if (stats.cache_stale) cache_stale_ = true;
}

// Called once the caller has its answer: writing a large index takes a
// while (~120 ms for /usr/include/boost), and no turn should wait for it.
void SymbolIndexService::save_cache_if_stale() {
  bool stale = false;
  {
    std::lock_guard lock(status_mu_);
    std::swap(stale, cache_stale_);
  }
  try {
    if (stale) index_->save_cache(cache_file_);
    docs_.save_cache(doc_cache_file_);  // written only when the documents changed
  } catch (const std::exception& e) {
    host_.log(ACDC_LOG_WARN, std::string("symbol cache not saved (the next start indexes afresh): ") + e.what());
  }
}

void SymbolIndexService::require_ready() const {
  if (state_ != State::ready)
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION,
                      "the symbol index is still being built (" + std::to_string(percent_.load()) + "%); try again in a moment");
}

void SymbolIndexService::refresh(acdc::Call call) {
  if (state_ != State::ready) return call.ok_raw(R"({"ready":false,"changed":[]})");
  worker_.post([this, call]() mutable {
    run_refresh();
    UpdateStats stats;
    {
      std::lock_guard lock(status_mu_);
      stats = last_update_;
    }
    call.ok_raw(refresh_json(stats));
    save_cache_if_stale();
  });
}

acdc::RawJson SymbolIndexService::get_map(std::optional<std::vector<std::string>> exclude) {
  if (state_ != State::ready) return {R"({"ready":false})"};
  std::set<std::string> skip;
  if (exclude) skip.insert(exclude->begin(), exclude->end());
  return {map_json(*index_, skip)};
}

acdc::RawJson SymbolIndexService::get_ranked_map(std::vector<std::string> exclude, long budget_tokens,
                                                 std::optional<std::string> message, std::optional<std::string> history) {
  // While a first index runs, the map of the files done so far: chat works
  // from the first message, with what is known (IndexOptions::batch_files).
  const bool partial = state_ != State::ready;
  if (partial && index_->file_count() == 0) return {R"({"ready":false})"};
  if (budget_tokens < 0)
    throw acdc::Error(ACDC_E_INVALID_PARAMS, "budget_tokens is " + std::to_string(budget_tokens) +
                                                 ": give 0 for the whole map, or a positive token budget");
  MapRequest request{.budget_tokens = static_cast<std::size_t>(budget_tokens),
                     .exclude = {exclude.begin(), exclude.end()},
                     .message = message.value_or(""),
                     .history = history.value_or("")};
  return {ranked_map_json(ranker_.build(*index_, request), partial ? percent_.load() : -1)};
}

acdc::RawJson SymbolIndexService::get_doc_map(std::optional<std::vector<std::string>> exclude) {
  if (state_ != State::ready) return {R"({"ready":false})"};
  std::set<std::string> skip;
  if (exclude) skip.insert(exclude->begin(), exclude->end());
  return {doc_map_json(doc_legend(), docs_.blocks(skip))};
}

acdc::RawJson SymbolIndexService::get_file_block(std::string path, std::optional<bool> with_lines) {
  require_ready();
  std::string block = index_->block(path, with_lines.value_or(false));
  if (block.empty())
    throw acdc::Error(ACDC_E_NOT_FOUND, "'" + path + "' is not in the symbol index (not a source file of an indexed "
                                                     "language, skipped, or excluded)");
  return {block_json(path, block)};
}

acdc::RawJson SymbolIndexService::get_status() {
  std::lock_guard lock(status_mu_);
  const char* state = state_ == State::ready ? "ready" : state_ == State::indexing ? "indexing" : "starting";
  return {status_json(state, percent_, *index_, last_update_, excluded_.list(), cache_note_)};
}

std::vector<std::string> SymbolIndexService::set_excluded_files(std::vector<std::string> files) {
  if (files.size() > kMaxExcluded)
    throw acdc::Error(ACDC_E_INVALID_PARAMS, "at most " + std::to_string(kMaxExcluded) + " files can be excluded");
  try {
    excluded_.set(files);
  } catch (const std::exception& e) {
    throw acdc::Error(ACDC_E_APPLICATION, e.what());
  }
  if (state_ == State::ready) worker_.post([this] {
    run_update(false);
    save_cache_if_stale();
  });
  return excluded_.list();
}

std::vector<std::string> SymbolIndexService::get_excluded_files() { return excluded_.list(); }

acdc::RawJson SymbolIndexService::rebuild() {
  worker_.post([this] {
    index_->clear();
    std::error_code ignored;
    std::filesystem::remove(cache_file_, ignored);
    state_ = State::indexing;
    run_update(true);
    save_cache_if_stale();
  });
  return {R"({"status":"started"})"};
}

acdc::RawJson SymbolIndexService::reference_graph() {
  require_ready();
  return {graph_json(*index_)};
}

acdc::RawJson SymbolIndexService::hover(std::string path, int line, int col) {
  require_ready();
  auto d = LspQueries(*index_).definition(path, line, col);
  return {d ? hover_json(*d) : "null"};
}

acdc::RawJson SymbolIndexService::definition(std::string path, int line, int col) {
  require_ready();
  auto d = LspQueries(*index_).definition(path, line, col);
  return {d ? definition_json(*d) : "null"};
}

acdc::RawJson SymbolIndexService::references(std::string path, int line, int col) {
  require_ready();
  return {locations_json(LspQueries(*index_).references(path, line, col))};
}

acdc::RawJson SymbolIndexService::completions(std::string path, int line, int col, std::optional<std::string> prefix) {
  require_ready();
  return {completions_json(LspQueries(*index_).completions(path, line, col, prefix.value_or("")))};
}

acdc::RawJson SymbolIndexService::find_symbol(std::string name, std::optional<int> limit) {
  require_ready();
  if (name.empty()) throw acdc::Error(ACDC_E_INVALID_PARAMS, "find_symbol needs a name");
  const int n = std::clamp(limit.value_or(20), 1, 200);
  return {definitions_json(LspQueries(*index_).definitions_named(name, static_cast<size_t>(n)))};
}

acdc::RawJson SymbolIndexService::references_named(std::string name, std::optional<std::string> file,
                                                   std::optional<int> limit) {
  require_ready();
  if (name.empty()) throw acdc::Error(ACDC_E_INVALID_PARAMS, "references_named needs a name");
  const int n = std::clamp(limit.value_or(static_cast<int>(kMaxReferences)), 1, static_cast<int>(kMaxReferences));
  return {locations_json(LspQueries(*index_).references_named(name, file.value_or(""), static_cast<size_t>(n)))};
}

void SymbolIndexService::index_directory(acdc::Call call, std::string dir) {
  // Any directory of the machine: other plugins only (url-fetch maps a
  // repository it cloned), never a browser.
  if (call.client() != ACDC_CLIENT_NONE)
    return call.fail(ACDC_E_PERMISSION_DENIED, "SymbolIndex.index_directory is for other plugins, not for clients");
  std::filesystem::path root(dir);
  if (!root.is_absolute() || !std::filesystem::is_directory(root))
    return call.fail(ACDC_E_INVALID_PARAMS, "'" + dir + "' is not an absolute path to a directory");
  worker_.post([this, call, root]() mutable {
    std::vector<SkippedFile> unlisted;
    RepoIndex other(root, options_);
    other.update(walk_directory(root, unlisted));
    call.ok_raw(map_json(other, {}));
  });
}

}  // namespace acdc::symbols

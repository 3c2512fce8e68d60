// service/symbol_index_service.hpp -- the plugin's class, SymbolIndex.*:
// the repository's symbol index behind RPC.
//
// Start-up: start() returns at once; the plugin's own thread loads the disk
// cache, lists the repository (Repo.get_flat_file_list, or a directory walk
// without the repo plugin), indexes on every core while reporting the
// `indexing` stage (AcApp.startupProgress), and saves the cache. Until it is
// done, get_map answers {ready:false} and the chat goes on without a map.
//
//   SymbolIndex.refresh()              -> {ready, changed:[paths], files, seconds}   (turn start)
//   SymbolIndex.get_map(exclude)       -> {ready, legend, blocks:[{path, text}]}
//   SymbolIndex.get_ranked_map(exclude, budget_tokens, message?, history?)
//       -> {ready, complete, legend, blocks:[{path, text, why, level}], outline, budget_tokens,
//           estimated_tokens, files:{total, full, summary, outline, left_out}}   (rank/map_ranker.hpp)
//   SymbolIndex.get_doc_map(exclude)   -> {ready, legend, blocks:[{path, text}]}   (markdown outlines, §7.4)
//   SymbolIndex.get_file_block(path, with_lines?) -> {path, content}
//   SymbolIndex.get_status()           -> {state, files, percent, skipped, grammars, excluded}
//   SymbolIndex.set_excluded_files(files) / get_excluded_files() -> [paths]
//   SymbolIndex.rebuild()              -> {status:"started"}
//   SymbolIndex.reference_graph()      -> {files:[{path, references}], components:[[paths]]}
//   SymbolIndex.hover/definition/references(path, line, col), completions(path, line, col, prefix?)
//   SymbolIndex.definition(...) -> {file, range, kind, header, language, references} or null
//   SymbolIndex.find_symbol(name, limit?) -> [{file, range, kind, header, language, references}]
//   SymbolIndex.references_named(name, file?, limit?) -> [{file, range}]   (by name: an agent over MCP)
//   SymbolIndex.index_directory(dir)   -> {legend, map, files}   (other plugins only)
//
// The llm plugin reaches these through the host by name (LLMService keeps
// the reference's names and delegates); no other plugin includes this one.
#pragma once

#include "docs/doc_index.hpp"
#include "index/change_watcher.hpp"
#include "index/repo_index.hpp"
#include "rank/map_ranker.hpp"
#include "service/excluded_files.hpp"

#include <acdc/sdk.hpp>
#include <acdc/sdk/worker_thread.hpp>

#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace acdc::symbols {

class SymbolIndexService {
 public:
  explicit SymbolIndexService(acdc::Context& ctx);
  ~SymbolIndexService();

  void start();

  void refresh(acdc::Call call);
  acdc::RawJson get_map(std::optional<std::vector<std::string>> exclude);
  acdc::RawJson get_ranked_map(std::vector<std::string> exclude, long budget_tokens, std::optional<std::string> message,
                               std::optional<std::string> history);
  acdc::RawJson get_doc_map(std::optional<std::vector<std::string>> exclude);
  acdc::RawJson get_file_block(std::string path, std::optional<bool> with_lines);
  acdc::RawJson get_status();
  std::vector<std::string> set_excluded_files(std::vector<std::string> files);
  std::vector<std::string> get_excluded_files();
  acdc::RawJson rebuild();
  acdc::RawJson reference_graph();

  acdc::RawJson hover(std::string path, int line, int col);
  acdc::RawJson definition(std::string path, int line, int col);
  acdc::RawJson references(std::string path, int line, int col);
  acdc::RawJson completions(std::string path, int line, int col, std::optional<std::string> prefix);
  acdc::RawJson find_symbol(std::string name, std::optional<int> limit);
  acdc::RawJson references_named(std::string name, std::optional<std::string> file, std::optional<int> limit);

  void index_directory(acdc::Call call, std::string dir);

  // Tools for a model (symbol_tool_methods.cpp; symbol_tool_decls.hpp):
  // each takes its arguments object and answers a CallToolResult.
  acdc::RawJson repo_map(std::optional<acdc::Json> args);
  acdc::RawJson find_definition(std::optional<acdc::Json> args);
  acdc::RawJson find_references(std::optional<acdc::Json> args);
  acdc::RawJson symbol_hover(std::optional<acdc::Json> args);

 private:
  struct Occurrence;
  // The occurrence a tool's arguments name (the column found from the name
  // when only a line is given); none, with `a`'s problem set, when they name none.
  std::optional<Occurrence> read_occurrence(acdc::ToolArgs& a);
  // Every definition of the name, most referenced first (at most `limit`),
  // or the one the occurrence resolves to: a JSON array of the index's definitions.
  acdc::Json definitions_of(const Occurrence& at, long limit);

  enum class State { starting, indexing, ready };

  // The repository's files now; from the repo plugin when it is loaded.
  std::vector<std::string> list_files();
  // On worker_: lists the repository, watches it and brings the index up
  // to date with it, reporting progress when `report`.
  void run_update(bool report);
  // On worker_, at a turn's start: only what the watcher saw change, or
  // everything when it cannot tell.
  void run_refresh();
  void record(const UpdateStats& stats);
  void save_cache_if_stale();
  void require_ready() const;

  acdc::Host& host_;
  std::filesystem::path root_;
  std::filesystem::path cache_file_;
  std::filesystem::path doc_cache_file_;
  IndexOptions options_;
  ExcludedFiles excluded_;
  std::unique_ptr<RepoIndex> index_;
  DocIndex docs_;  // built with the symbol index, from the same listing
  MapRanker ranker_;
  ChangeWatcher watcher_;  // worker_'s only
  std::atomic<State> state_{State::starting};
  std::atomic<int> percent_{0};
  mutable std::mutex status_mu_;
  UpdateStats last_update_;
  bool cache_stale_ = false;  // the index changed since the cache was written
  std::string cache_note_;  // why the disk cache was discarded, if it was
  std::atomic<bool> stopping_{false};
  // Last: destroyed first, so a running index finishes (or sees
  // stopping_) while everything it uses still exists.
  acdc::WorkerThread worker_{"symbol-index"};
};

}  // namespace acdc::symbols

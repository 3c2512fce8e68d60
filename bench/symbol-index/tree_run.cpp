#include "tree_run.hpp"

#include "ctags_peer.hpp"
#include "index/change_watcher.hpp"
#include "index/repo_index.hpp"
#include "parse_floor.hpp"
#include "tokenizer/tokenizer.hpp"

#include <chrono>
#include <fstream>

namespace acdc::bench {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

double rss_mib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.starts_with("VmRSS:")) return std::stod(line.substr(6)) / 1024.0;
  return 0;
}

std::vector<std::string> list(const fs::path& root) {
  std::vector<symbols::SkippedFile> unlisted;
  return symbols::walk_directory(root, unlisted);
}

// A mid-sized file from the middle of the tree, and a function appended to
// it in its own language.
std::string edit_one(const fs::path& root, const std::vector<std::string>& paths) {
  for (size_t i = paths.size() / 2; i < paths.size(); ++i) {
    auto size = fs::file_size(root / paths[i]);
    if (size < 2000 || size > 20000) continue;
    const char* added = "int acdc_bench_added(void) { return 1; }\n";
    switch (symbols::family(symbols::language_for_path(paths[i]))) {
      case symbols::Family::python: added = "\n\ndef acdc_bench_added():\n    return 1\n"; break;
      case symbols::Family::script: added = "\nexport function acdc_bench_added() { return 1; }\n"; break;
      default: break;
    }
    std::ofstream(root / paths[i], std::ios::app) << added;
    return paths[i];
  }
  return {};
}

}  // namespace

TreeFigures run_tree(const fs::path& source, const fs::path& copy, unsigned threads, const std::string& ctags) {
  TreeFigures f;
  std::error_code ec;
  fs::remove_all(copy, ec);
  fs::copy(source, copy, fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
  if (ec) {
    f.error = "cannot copy " + source.string() + " to " + copy.string() + ": " + ec.message();
    return f;
  }
  PeerRun peer = run_ctags(ctags, copy);
  if (!peer.error.empty()) {
    f.error = peer.error;
    return f;
  }
  f.ctags_wall = peer.wall, f.ctags_cpu = peer.user + peer.sys, f.ctags_tags = peer.tags;

  const symbols::IndexOptions options{.threads = threads};
  const fs::path cache = copy / ".acdc" / "symbol-index.bin";
  const double rss_before = rss_mib();
  std::string map;
  {
    auto start = Clock::now();
    symbols::RepoIndex index(copy, options);
    std::vector<std::string> paths = list(copy);
    symbols::UpdateStats s = index.update(paths);
    map = index.map_text();
    f.cold = since(start);
    f.cold_parse = s.parse_seconds, f.cold_graph = s.graph_seconds, f.cold_render = s.render_seconds;
    f.files = s.files, f.skipped = s.skipped;
    f.rss_mib_per_10k = (rss_mib() - rss_before) * 10000.0 / std::max<std::size_t>(1, f.files);
    start = Clock::now();
    index.save_cache(cache);
    f.save = since(start);

    std::vector<std::string> indexed;
    index.for_each_block({}, [&](std::string_view p, std::string_view) { indexed.emplace_back(p); });
    f.floor = parse_floor(copy, indexed, threads);
  }
  f.map_tokens = llm::Tokenizer::cl100k().count(map);

  auto start = Clock::now();
  symbols::RepoIndex warm(copy, options);
  warm.load_cache(cache);
  std::vector<std::string> paths = list(copy);
  warm.update(paths);
  std::string warm_map = warm.map_text();
  f.warm = since(start);
  if (warm_map != map) f.error = "the warm start's map differs from the cold one";

  symbols::ChangeWatcher watcher(copy);
  if (!watcher.watch(paths)) f.error = watcher.error();
  start = Clock::now();
  warm.update_files(watcher.take().touched);
  f.no_change = since(start);
  start = Clock::now();
  warm.update(paths);
  f.no_change_sweep = since(start);

  f.changed_file = edit_one(copy, paths);
  start = Clock::now();
  auto changes = watcher.take();
  warm.update_files(changes.touched);
  f.one_file = since(start);
  warm_map = warm.map_text();
  f.one_file_text = since(start);
  if (changes.sweep || changes.touched != std::vector<std::string>{f.changed_file})
    f.error = "the watcher did not report exactly the edited file";
  std::string by_events = warm_map;

  edit_one(copy, paths);  // the same file again, now found by a sweep
  start = Clock::now();
  warm.update(paths);
  f.one_file_sweep = since(start);
  warm_map = warm.map_text();
  if (by_events.find("acdc_bench_added") == std::string::npos) f.error = "the edit did not reach the map";
  fs::remove_all(copy, ec);
  return f;
}

}  // namespace acdc::bench

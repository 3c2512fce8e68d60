// tree_run.hpp -- every figure of one tree, measured in one process: the
// peer (ctags -R), the parse floor, the cold index with its map, the warm
// start from the disk cache, one changed file, and memory and map size.
// The tree is copied first (the edit must not touch /usr/include), which
// also leaves every file in the page cache for both sides.
#pragma once

#include <filesystem>
#include <string>

namespace acdc::bench {

struct TreeFigures {
  std::size_t files = 0, skipped = 0, ctags_tags = 0;
  double ctags_wall = 0, ctags_cpu = 0;
  double floor = 0;      // parse only, same files and threads
  double cold = 0;       // list, stat, read, parse, graph, render, map text
  double cold_parse = 0, cold_graph = 0, cold_render = 0;
  double save = 0;       // writing the disk cache
  double warm = 0;       // a new index: read the cache, stat, map text
  // One file edited, as a turn finds it: the watcher's events read, that
  // file parsed, the graph and the affected blocks updated (`one_file`);
  // then the whole map's text assembled from the blocks, as a prompt takes
  // it (`one_file_text`, both included). `one_file_sweep`: the same without
  // a watcher, every file stat'ed (the fallback).
  double one_file = 0, one_file_text = 0, one_file_sweep = 0;
  double no_change = 0, no_change_sweep = 0;  // what every turn pays when nothing changed
  double rss_mib_per_10k = 0;
  std::size_t map_tokens = 0;
  std::string changed_file;
  std::string error;
};

TreeFigures run_tree(const std::filesystem::path& source, const std::filesystem::path& copy, unsigned threads,
                     const std::string& ctags);

}  // namespace acdc::bench

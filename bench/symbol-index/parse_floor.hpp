// parse_floor.hpp -- the floor under a cold index: tree-sitter parsing the
// same files on the same threads, and nothing else (no extraction, graph,
// map or cache). What the index adds on top of this is ours; this much is
// the parser's.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace acdc::bench {

// Seconds to read and parse `paths` (relative to `root`) on `threads` threads.
double parse_floor(const std::filesystem::path& root, const std::vector<std::string>& paths, unsigned threads);

}  // namespace acdc::bench

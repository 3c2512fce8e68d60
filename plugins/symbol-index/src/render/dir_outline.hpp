// render/dir_outline.hpp -- the rest of the repository, for a map cut to a
// budget: the indexed files not shown in full, by directory, so the model
// can still name any file to ask for it. Every directory gets a line with
// its count; directories are merged into their parents until the lines fit
// the budget, then the most central groups also list their files' names
// while room is left.
//
//   # Other indexed files (N), by directory: ask for one by path
//   src/net/ 3: listener.cpp ws_session.cpp ws_session.hpp
//   src/rpc/ 12 files
//
// Deterministic for the same files and budget: a cache prefix.
//
//   OutlineResult o = render_outline(files, 1500);
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace acdc::symbols {

struct OutlineFile {
  std::string path;
  double weight = 0;  // the file's rank: heavier groups list their names first
};

struct OutlineResult {
  std::string text;           // "" when there are no files
  std::size_t named = 0;      // files whose names are in the text
  std::size_t counted = 0;    // files only counted
  std::vector<char> is_named;  // per input file: its name is in the text
};

// `files` in path order; `max_tokens` bounds the text (rank/token_estimate.hpp).
OutlineResult render_outline(const std::vector<OutlineFile>& files, std::size_t max_tokens);

}  // namespace acdc::symbols

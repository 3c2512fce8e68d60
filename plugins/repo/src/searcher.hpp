// searcher.hpp -- search_files: `git grep` semantics on RE2, over all cores.
//
// RE2 runs in time linear in the input, so no pattern can backtrack forever;
// on top of that a search stops at a match count and a deadline, so a query
// matching everything cannot hold a worker or flood a client. A plain ASCII
// query skips RE2 for a Boyer-Moore-Horspool scan (LiteralFinder) with the
// same matches. Each worker reads every file into one reused buffer; only
// files with hits keep a copy. Result shape: acdc-features.md §2.4.
//
//   SearchQuery q{.text = "foo(", .use_regex = false, .context_lines = 1};
//   std::string json = search_files(root, files, q);   // [{"file":..,"matches":[..]}]
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace acdc::repo {

struct SearchQuery {
  std::string text;
  bool whole_word = false;
  bool use_regex = false;
  bool ignore_case = true;
  int context_lines = 1;
};

struct SearchLimits {
  size_t max_matches = 20000;
  size_t max_file_bytes = 4u << 20;
  std::chrono::milliseconds deadline{10000};
};

// `files` are repository-relative; binary files and files over the size
// limit are skipped. Throws invalid_params for a bad pattern.
std::string search_files(const std::filesystem::path& root, const std::vector<std::string>& files,
                         const SearchQuery& query, const SearchLimits& limits);

}  // namespace acdc::repo

// review/review_state.hpp -- the review in progress (acdc-features.md §4.13):
// what Repo.checkout_review_parent reported, the branch's commits and
// changed files, kept in <state dir>/review.json so a restart resumes it
// (the repository itself is still checked out for review).
//
//   auto state = ReviewState::load(dir);          // nullopt: not reviewing
//   std::string ctx = state->context({{"a.cpp", reverse_diff(diff)}});
#pragma once

#include <acdc/sdk/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace acdc::llm {

struct ReviewState {
  std::string branch, branch_tip, base_commit, parent_commit, original_branch;
  std::string commits_json = "[]";  // Repo.get_commit_log(parent, tip): newest first
  std::string files_json = "[]";    // Repo.get_review_changed_files
  // The symbol map's blocks of the changed files as they were before the
  // branch (indexed while the parent was checked out); empty without one.
  std::string pre_change_map;

  // {active:true, branch, branch_tip, base_commit, parent_commit,
  //  original_branch, commits, changed_files, pre_change_map, stats:{commit_count, file_count, additions, deletions}}
  std::string to_json() const;
  static std::optional<ReviewState> from_json(std::string_view text);

  static std::optional<ReviewState> load(const std::filesystem::path& state_dir);
  void save(const std::filesystem::path& state_dir) const;
  static void clear(const std::filesystem::path& state_dir);

  // The changed files' paths, in Repo's order.
  std::vector<std::string> changed_paths() const;
  // The text of the "Code Review Context" block: summary, commits, and the
  // given reverse diffs (path, diff) of the selected files.
  std::string context(const std::vector<std::pair<std::string, std::string>>& reverse_diffs) const;
};

// A unified diff turned around: applying it to the new file gives the old
// one, so the model reads the pre-change code as the + lines.
std::string reverse_diff(const std::string& unified);

}  // namespace acdc::llm

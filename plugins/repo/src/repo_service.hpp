// repo_service.hpp -- the plugin class behind every `Repo.*` method.
//
// A thin facade: it checks arguments, routes each method to the part that
// does the work (FileStore, IndexOps, Refs, search, CommitHistory,
// ReviewMode) and tells every client which files changed
// (`AcApp.filesModified(paths)`) after a write. Every method is registered
// kBlocking, so disk and git work runs on host workers, never on I/O threads.
// Shapes follow acdc-features.md §2 and the seed's Repo table.
//
//   Repo.write_file("src/a.cpp", "...")  -> {"status":"ok"}
//   Repo.get_file_tree()                  -> {"tree":{...},"modified":[...],...}
//   Repo.search_files("TODO", false, false, true, 1) -> [{"file":..,"matches":[..]}]
#pragma once

#include "commit_history.hpp"
#include "file_store.hpp"
#include "git_repo.hpp"
#include "index_ops.hpp"
#include "path_guard.hpp"
#include "path_locks.hpp"
#include "refs.hpp"
#include "review_mode.hpp"
#include "status_scan.hpp"
#include "tree_builder.hpp"

#include <acdc/sdk.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace acdc::repo {

// What a write answers the browser: {"status": "ok", "path": ...} and the like.
// (acdc::Status is the error vocabulary; this is a result.)
using Outcome = std::map<std::string, std::string>;

class RepoService {
 public:
  explicit RepoService(Context& ctx);

  // Files (repo_service.cpp)
  std::string get_file_content(std::string path, std::optional<std::string> version);
  Outcome write_file(std::string path, std::string content);
  Outcome create_file(std::string path, std::optional<std::string> content);
  Outcome delete_file(std::string path);
  bool file_exists(std::string path);
  bool is_binary_file(std::string path);
  std::map<std::string, std::string> get_file_base64(std::string path);
  RawJson get_file_tree();
  std::string get_flat_file_list();
  RawJson search_files(std::string query, std::optional<bool> whole_word, std::optional<bool> use_regex,
                       std::optional<bool> ignore_case, std::optional<int> context_lines);

  // Index and working tree (repo_service.cpp)
  Outcome stage_files(std::vector<std::string> paths);
  Outcome unstage_files(std::vector<std::string> paths);
  Outcome discard_changes(std::vector<std::string> paths);
  Outcome stage_all();
  Outcome rename_file(std::string from, std::string to);
  Outcome rename_directory(std::string from, std::string to);
  std::string get_staged_diff();
  std::string get_unstaged_diff();
  // The working tree against a branch (the webapp's Copy diff, issue 29).
  std::string get_diff_to_branch(std::string branch);
  RawJson commit(std::string message);
  Outcome reset_hard();
  bool is_clean();

  // Refs, history and review (repo_history_methods.cpp)
  RawJson get_current_branch();
  RawJson list_branches();
  std::string resolve_ref(std::string ref);
  RawJson search_commits(std::string query, std::optional<std::string> branch, std::optional<int> limit);
  RawJson get_commit_graph(std::optional<int> limit, std::optional<int> offset, std::optional<bool> include_remote);
  RawJson get_commit_log(std::string base, std::optional<std::string> head, std::optional<int> limit);
  // HEAD's commits that changed a file or directory (empty path: all), newest first.
  RawJson get_path_log(std::string path, std::optional<int> limit);
  RawJson get_commit_parent(std::string commit);
  RawJson get_merge_base(std::string ref1, std::optional<std::string> ref2);
  RawJson checkout_review_parent(std::string branch, std::string base_commit, std::optional<std::string> parent_commit);
  Outcome setup_review_soft_reset(std::string branch_tip, std::string parent_commit);
  Outcome exit_review_mode(std::string branch_tip, std::string original_branch);
  RawJson get_review_changed_files();
  RawJson get_review_file_diff(std::string path);

  // Tools for a model (repo_tool_methods.cpp; tools/repo_tool_decls.hpp):
  // each takes its arguments object and answers a CallToolResult.
  RawJson read_file(std::optional<Json> args);
  RawJson search_code(std::optional<Json> args);
  RawJson list_files(std::optional<Json> args);
  RawJson git_status(std::optional<Json> args);
  RawJson git_diff(std::optional<Json> args);
  RawJson git_log(std::optional<Json> args);

 private:
  std::vector<std::string> normalize_all(const std::vector<std::string>& paths) const;
  // The tracked + untracked, not ignored, files that exist on disk.
  std::vector<std::string> existing_files();
  void notify_modified(const std::vector<std::string>& paths);
  Outcome rename(const std::string& from, const std::string& to);

  Host& host_;
  GitRepo repo_;
  StatusScanner status_;  // used under repo_.lock()
  PathGuard guard_;
  PathLocks locks_;
  FileStore files_;
  TreeBuilder tree_;
  IndexOps index_;
  Refs refs_;
  CommitHistory history_;
  ReviewMode review_;
};

// config["max_file_bytes"], or 4 MiB.
size_t max_file_bytes_from(const Json& config);
// config["host"]["state_dir"], or <root>/.acdc.
std::filesystem::path state_dir_from(const Json& config, const std::filesystem::path& root);
// config["host"]["repo_root"]; throws when the host gave none.
std::string repo_root_from(const Json& config);

}  // namespace acdc::repo

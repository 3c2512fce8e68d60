// The refs, history and review methods of RepoService (see repo_service.hpp).
#include "repo_service.hpp"

namespace acdc::repo {

RawJson RepoService::get_current_branch() { return RawJson{refs_.current_branch()}; }

RawJson RepoService::list_branches() { return RawJson{refs_.list_branches()}; }

std::string RepoService::resolve_ref(std::string ref) { return refs_.resolve(ref); }

RawJson RepoService::search_commits(std::string query, std::optional<std::string> branch, std::optional<int> limit) {
  return RawJson{history_.search(query, branch, limit.value_or(50))};
}

RawJson RepoService::get_commit_graph(std::optional<int> limit, std::optional<int> offset,
                                      std::optional<bool> include_remote) {
  return RawJson{history_.graph(limit.value_or(100), offset.value_or(0), include_remote.value_or(false))};
}

RawJson RepoService::get_commit_log(std::string base, std::optional<std::string> head, std::optional<int> limit) {
  return RawJson{history_.log(base, head, limit.value_or(100))};
}

RawJson RepoService::get_path_log(std::string path, std::optional<int> limit) {
  std::string rel = path.empty() || path == "." ? std::string() : guard_.normalize(path);
  return RawJson{history_.path_log(rel, limit.value_or(50))};
}

RawJson RepoService::get_commit_parent(std::string commit) { return RawJson{history_.parent(commit)}; }

RawJson RepoService::get_merge_base(std::string ref1, std::optional<std::string> ref2) {
  return RawJson{history_.merge_base(ref1, ref2)};
}

RawJson RepoService::checkout_review_parent(std::string branch, std::string base_commit,
                                            std::optional<std::string> parent_commit) {
  return RawJson{review_.checkout_parent(branch, base_commit, parent_commit)};
}

Outcome RepoService::setup_review_soft_reset(std::string branch_tip, std::string parent_commit) {
  review_.soft_reset(branch_tip, parent_commit);
  return Outcome{{"status", "ok"}};
}

Outcome RepoService::exit_review_mode(std::string branch_tip, std::string original_branch) {
  review_.exit(branch_tip, original_branch);
  return Outcome{{"status", "ok"}};
}

RawJson RepoService::get_review_changed_files() { return RawJson{review_.changed_files()}; }

RawJson RepoService::get_review_file_diff(std::string path) {
  return RawJson{review_.file_diff(guard_.normalize(path))};
}

}  // namespace acdc::repo

// The `repo` plugin: class Repo, every method blocking-safe on host workers.
// See repo_service.hpp for what each method does.
#include "repo_service.hpp"
#include "tools/repo_tool_decls.hpp"

namespace {

using acdc::kBlocking;
using acdc::repo::RepoService;
namespace tool_decls = acdc::repo::tool_decls;

acdc::PluginSpec<RepoService> describe() {
  return acdc::PluginSpec<RepoService>("repo", "0.1.0")
      .cls("Repo")
      .method<&RepoService::get_file_content>("get_file_content", kBlocking)
      .method<&RepoService::write_file>("write_file", kBlocking)
      .method<&RepoService::create_file>("create_file", kBlocking)
      .method<&RepoService::delete_file>("delete_file", kBlocking)
      .method<&RepoService::file_exists>("file_exists", kBlocking)
      .method<&RepoService::is_binary_file>("is_binary_file", kBlocking)
      .method<&RepoService::get_file_base64>("get_file_base64", kBlocking)
      .method<&RepoService::get_file_tree>("get_file_tree", kBlocking)
      .method<&RepoService::get_flat_file_list>("get_flat_file_list", kBlocking)
      .method<&RepoService::search_files>("search_files", kBlocking)
      .method<&RepoService::stage_files>("stage_files", kBlocking)
      .method<&RepoService::unstage_files>("unstage_files", kBlocking)
      .method<&RepoService::discard_changes>("discard_changes", kBlocking)
      .method<&RepoService::stage_all>("stage_all", kBlocking)
      .method<&RepoService::rename_file>("rename_file", kBlocking)
      .method<&RepoService::rename_directory>("rename_directory", kBlocking)
      .method<&RepoService::get_staged_diff>("get_staged_diff", kBlocking)
      .method<&RepoService::get_unstaged_diff>("get_unstaged_diff", kBlocking)
      .method<&RepoService::get_diff_to_branch>("get_diff_to_branch", kBlocking)
      .method<&RepoService::commit>("commit", kBlocking)
      .method<&RepoService::reset_hard>("reset_hard", kBlocking)
      .method<&RepoService::is_clean>("is_clean", kBlocking)
      .method<&RepoService::get_current_branch>("get_current_branch", kBlocking)
      .method<&RepoService::list_branches>("list_branches", kBlocking)
      .method<&RepoService::resolve_ref>("resolve_ref", kBlocking)
      .method<&RepoService::search_commits>("search_commits", kBlocking)
      .method<&RepoService::get_commit_graph>("get_commit_graph", kBlocking)
      .method<&RepoService::get_commit_log>("get_commit_log", kBlocking)
      .method<&RepoService::get_path_log>("get_path_log", kBlocking)
      .method<&RepoService::get_commit_parent>("get_commit_parent", kBlocking)
      .method<&RepoService::get_merge_base>("get_merge_base", kBlocking)
      .method<&RepoService::checkout_review_parent>("checkout_review_parent", kBlocking)
      .method<&RepoService::setup_review_soft_reset>("setup_review_soft_reset", kBlocking)
      .method<&RepoService::exit_review_mode>("exit_review_mode", kBlocking)
      .method<&RepoService::get_review_changed_files>("get_review_changed_files", kBlocking)
      .method<&RepoService::get_review_file_diff>("get_review_file_diff", kBlocking)
      .tool<&RepoService::search_code>("search_code", tool_decls::kSearchCode, kBlocking)
      .tool<&RepoService::read_file>("read_file", tool_decls::kReadFile, kBlocking)
      .tool<&RepoService::list_files>("list_files", tool_decls::kListFiles, kBlocking)
      .tool<&RepoService::git_status>("git_status", tool_decls::kGitStatus, kBlocking)
      .tool<&RepoService::git_diff>("git_diff", tool_decls::kGitDiff, kBlocking)
      .tool<&RepoService::git_log>("git_log", tool_decls::kGitLog, kBlocking);
}

}  // namespace

ACDC_PLUGIN(repo, describe)

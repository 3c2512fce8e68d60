// service/review_service.cpp -- see review_service.hpp.
#include "service/review_service.hpp"

#include "edit/file_access.hpp"
#include "service/forward.hpp"

namespace acdc::llm {
namespace {

std::string string_member(const acdc::Json& doc, const char* key) {
  if (!doc.IsObject()) return {};
  auto it = doc.FindMember(key);
  return it != doc.MemberEnd() && it->value.IsString() ? it->value.GetString() : std::string();
}

// Runs `work` on `worker` and answers `call` with what it returns.
template <typename Work>
void answer_on(acdc::WorkerThread& worker, acdc::Call call, Work work) {
  worker.post([call, work = std::move(work)]() mutable {
    try {
      call.ok_raw(work());
    } catch (const acdc::Error& e) {
      call.fail(e.status(), e.what());
    } catch (const FileAccessError& e) {
      call.fail(e.status(), e.what());
    } catch (const std::exception& e) {
      call.fail(ACDC_E_APPLICATION, e.what());
    }
  });
}

// The first commit reviewed when none is given: the oldest commit of the
// branch past its merge-base with the branch checked out now (main,
// master), and that merge-base as its parent.
struct ReviewBase {
  std::string commit;
  std::optional<std::string> parent;
};

ReviewBase review_base(RepoClient& repo, const std::string& branch) {
  const std::string current = string_member(repo.call("Repo.get_current_branch", "[]"), "branch");
  std::string other = current != branch ? current : "";
  const acdc::Json mb = other.empty() ? repo.call("Repo.get_merge_base", acdc::json_array(branch))
                                      : repo.call("Repo.get_merge_base", acdc::json_array(branch, other));
  const acdc::Json log = repo.call("Repo.get_commit_log", acdc::json_array(string_member(mb, "sha"), branch, 10000));
  if (!log.IsArray() || log.Empty())
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "Branch '" + branch + "' has no commits past its merge-base with " +
                                                      (other.empty() ? std::string("main") : other) +
                                                      ": pick a base commit in the graph");
  const auto& oldest = log[log.Size() - 1];
  auto sha = oldest.FindMember("sha");
  if (sha == oldest.MemberEnd() || !sha->value.IsString()) throw acdc::Error(ACDC_E_INTERNAL, "Repo.get_commit_log answered no sha");
  return {sha->value.GetString(), string_member(mb, "sha")};
}

}  // namespace

void ReviewService::resume() {
  if (auto review = ReviewState::load(state_dir_)) {
    host_.log(ACDC_LOG_INFO, "resuming the review of " + review->branch + " (" + state_dir_.string() + "/review.json)");
    work_.set_review(std::move(review));
  }
}

void ReviewService::check_ready(acdc::Call call) {
  answer_on(worker_, call, [this] {
    const bool clean = repo_.call("Repo.is_clean", "[]").IsTrue();
    return std::string("{\"clean\":") + (clean ? "true" : "false") + ",\"message\":" +
           acdc::to_json_text(clean ? std::string("Ready to review")
                                    : std::string("The working tree has uncommitted changes: commit or reset them before starting a review")) +
           "}";
  });
}

void ReviewService::commit_graph(acdc::Call call, std::optional<int> limit, std::optional<int> offset,
                                 std::optional<bool> include_remote) {
  forward(host_, call, "Repo.get_commit_graph", acdc::json_array(limit.value_or(100), offset.value_or(0), include_remote.value_or(false)));
}

acdc::RawJson ReviewService::state() const {
  const std::optional<ReviewState> review = work_.review();
  return acdc::RawJson{review ? review->to_json() : std::string("{\"active\":false}")};
}

void ReviewService::start(acdc::Call call, std::string branch, std::optional<std::string> base_commit) {
  work_.check_review_start();
  answer_on(worker_, call, [this, branch, base_commit] {
    const ReviewBase base = base_commit ? ReviewBase{*base_commit, std::nullopt} : review_base(repo_, branch);
    const acdc::Json entry = repo_.call("Repo.checkout_review_parent",
                                        base.parent ? acdc::json_array(branch, base.commit, *base.parent)
                                                    : acdc::json_array(branch, base.commit));
    ReviewState s{.branch = branch,
                  .branch_tip = string_member(entry, "branch_tip"),
                  .base_commit = string_member(entry, "base_commit"),
                  .parent_commit = string_member(entry, "parent_commit"),
                  .original_branch = string_member(entry, "original_branch")};
    // The tree is at the parent now: what the index says is the code before the branch.
    const SymbolMap before = symbols_.for_turn({});
    try {
      repo_.call("Repo.setup_review_soft_reset", acdc::json_array(s.branch_tip, s.parent_commit));
      s.commits_json = acdc::to_json_text(repo_.call("Repo.get_commit_log", acdc::json_array(s.parent_commit, s.branch_tip, 500)));
      s.files_json = acdc::to_json_text(repo_.call("Repo.get_review_changed_files", "[]"));
      const std::vector<std::string> changed = s.changed_paths();
      for (const auto& b : before.blocks)
        if (std::find(changed.begin(), changed.end(), b.path) != changed.end())
          s.pre_change_map += b.text + (b.text.ends_with('\n') ? "" : "\n");
      s.save(state_dir_);
    } catch (...) {
      // Back to where the user was, so a failed start leaves no half-review.
      try {
        repo_.call("Repo.exit_review_mode", acdc::json_array(s.branch_tip, s.original_branch));
      } catch (const std::exception&) {
      }
      throw;
    }
    const std::string state = s.to_json();
    work_.set_review(std::move(s));
    session_.set_selected({});
    host_.notify(ACDC_CLIENT_ALL, "AcApp.filesChanged", "[[]]");
    host_.notify(ACDC_CLIENT_ALL, "AcApp.reviewStarted", "[" + state + "]");
    host_.notify(ACDC_CLIENT_ALL, "AcApp.filesModified", "[[]]");
    return state;
  });
}

void ReviewService::end(acdc::Call call) {
  const ReviewState s = work_.review_to_end();
  answer_on(worker_, call, [this, s] {
    repo_.call("Repo.exit_review_mode", acdc::json_array(s.branch_tip, s.original_branch));
    ReviewState::clear(state_dir_);
    work_.set_review(std::nullopt);
    const std::string ended = "{\"active\":false,\"branch\":" + acdc::to_json_text(s.branch) +
                              ",\"original_branch\":" + acdc::to_json_text(s.original_branch) + "}";
    host_.notify(ACDC_CLIENT_ALL, "AcApp.reviewEnded", "[" + ended + "]");
    host_.notify(ACDC_CLIENT_ALL, "AcApp.filesModified", "[[]]");
    return std::string("{\"status\":\"ok\"}");
  });
}

void ReviewService::file_diff(acdc::Call call, std::string path) {
  if (!work_.reviewing()) throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "Not reviewing: start a review first");
  answer_on(worker_, call, [this, path] {
    const acdc::Json d = repo_.call("Repo.get_review_file_diff", acdc::json_array(path));
    const std::string diff = string_member(d, "diff");
    return "{\"path\":" + acdc::to_json_text(string_member(d, "path")) + ",\"diff\":" + acdc::to_json_text(diff) +
           ",\"reverse_diff\":" + acdc::to_json_text(reverse_diff(diff)) + "}";
  });
}

// On the chat worker, for each turn: the summary, the commits, and the
// reverse diffs of the selected files the branch changed.
std::string ReviewService::context_for_turn(const ReviewState& s) {
  const std::vector<std::string> changed = s.changed_paths();
  std::vector<std::pair<std::string, std::string>> diffs;
  for (const auto& path : session_.selected()) {
    if (std::find(changed.begin(), changed.end(), path) == changed.end()) continue;
    try {
      diffs.emplace_back(path, reverse_diff(string_member(repo_.call("Repo.get_review_file_diff", acdc::json_array(path)), "diff")));
    } catch (const FileAccessError& e) {
      host_.log(ACDC_LOG_WARN, "review context: no diff for " + path + ": " + e.what());
    }
  }
  return s.context(diffs);
}

}  // namespace acdc::llm

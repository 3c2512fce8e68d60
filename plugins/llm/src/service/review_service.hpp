// service/review_service.hpp -- review mode (acdc-features.md §4.13). The
// git work is the repo plugin's (checkout_review_parent,
// setup_review_soft_reset, exit_review_mode); this side picks the base,
// keeps the state in <state dir>/review.json, builds the per-turn review
// context, and tells every client (reviewStarted / reviewEnded).
//
//   ReviewService review(host, repo, symbols, session, work, state_dir);
//   review.resume();                        // a review.json left by the last run
//   review.start(call, "feature", std::nullopt);
//
// Whether a review is on is WorkState's (a commit and a turn ask it too);
// the work that waits on Repo.* runs on this class's own worker.
#pragma once

#include "clients/repo_client.hpp"
#include "clients/symbol_map_client.hpp"
#include "history/chat_session.hpp"
#include "service/work_state.hpp"

#include <acdc/sdk.hpp>
#include <acdc/sdk/worker_thread.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace acdc::llm {

class ReviewService {
 public:
  ReviewService(acdc::Host& host, RepoClient& repo, SymbolMapClient& symbols, ChatSession& session, WorkState& work,
                std::filesystem::path state_dir)
      : host_(host), repo_(repo), symbols_(symbols), session_(session), work_(work), state_dir_(std::move(state_dir)) {}

  void resume();
  void check_ready(acdc::Call call);
  void commit_graph(acdc::Call call, std::optional<int> limit, std::optional<int> offset,
                    std::optional<bool> include_remote);
  void start(acdc::Call call, std::string branch, std::optional<std::string> base_commit);
  void end(acdc::Call call);
  acdc::RawJson state() const;
  void file_diff(acdc::Call call, std::string path);
  // On the chat worker, for each turn: the summary, the commits, and the
  // reverse diffs of the selected files the branch changed.
  std::string context_for_turn(const ReviewState& s);

 private:
  acdc::Host& host_;
  RepoClient& repo_;
  SymbolMapClient& symbols_;
  ChatSession& session_;
  WorkState& work_;
  const std::filesystem::path state_dir_;
  acdc::WorkerThread worker_{"llm"};  // last: queued work ends first
};

}  // namespace acdc::llm

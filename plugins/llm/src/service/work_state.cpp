// service/work_state.cpp -- see work_state.hpp.
#include "service/work_state.hpp"

#include <acdc/sdk/error.hpp>

namespace acdc::llm {

void WorkState::begin_turn(const std::string& request_id, std::shared_ptr<CancelFlag> cancel) {
  std::lock_guard lock(mu_);
  if (stream_)
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "Another stream is active (request " + stream_->request_id +
                                                      "): wait for it or cancel it first");
  // The commit stages everything: this turn's edits would land half in it.
  if (committing_) throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "A commit is in progress: send again when its result is in");
  stream_ = Stream{request_id, std::move(cancel), nullptr};
}

void WorkState::attach(std::shared_ptr<ChatTurn> turn) {
  std::lock_guard lock(mu_);
  if (stream_) stream_->turn = std::move(turn);
}

void WorkState::end_turn() {
  std::lock_guard lock(mu_);
  stream_.reset();
}

std::optional<WorkState::Stream> WorkState::stream() const {
  std::lock_guard lock(mu_);
  return stream_;
}

void WorkState::cancel_turn(const std::string& request_id) {
  std::lock_guard lock(mu_);
  if (!stream_ || stream_->request_id != request_id)
    throw acdc::invalid_params("no active stream has request id '" + request_id + "'" +
                               (stream_ ? " (the active one is '" + stream_->request_id + "')" : " (nothing is streaming)"));
  stream_->cancel->store(true);
}

void WorkState::cancel_any() {
  std::lock_guard lock(mu_);
  if (stream_) stream_->cancel->store(true);
}

void WorkState::unless_streaming(const std::string& doing, const std::function<void()>& act) {
  std::lock_guard lock(mu_);
  if (stream_)
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "a response is streaming: wait for it or stop it before " + doing);
  act();
}

void WorkState::check_git(const std::string& what) const {
  std::lock_guard lock(mu_);
  check_git_locked(what);
}

void WorkState::begin_commit() {
  std::lock_guard lock(mu_);
  check_git_locked("commit");
  committing_ = true;
}

void WorkState::end_commit() {
  std::lock_guard lock(mu_);
  committing_ = false;
}

// A turn's edits would land half in the commit; the review's staged changes
// are not the user's.
void WorkState::check_git_locked(const std::string& what) const {
  if (committing_)
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION, what == "reset"
                                                      ? "A commit is in progress: wait for its result before resetting"
                                                      : "A commit is already in progress: wait for its result");
  if (stream_)
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "Cannot " + what + " while a response is streaming (request " +
                                                      stream_->request_id + "): wait for it or stop it first");
  if (review_) throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "Cannot " + what + " in review mode: end the review first");
}

void WorkState::check_review_start() const {
  std::lock_guard lock(mu_);
  if (review_) throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "Already reviewing " + review_->branch + ": end that review first");
  if (stream_ || committing_)
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "Cannot start a review while a response streams or a commit runs: wait for it");
}

void WorkState::set_review(std::optional<ReviewState> review) {
  std::lock_guard lock(mu_);
  review_ = std::move(review);
}

std::optional<ReviewState> WorkState::review() const {
  std::lock_guard lock(mu_);
  return review_;
}

bool WorkState::reviewing() const {
  std::lock_guard lock(mu_);
  return review_.has_value();
}

ReviewState WorkState::review_to_end() const {
  std::lock_guard lock(mu_);
  if (!review_) throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "Not reviewing: there is no review to end");
  if (stream_) throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "A response is streaming: wait for it or stop it before ending the review");
  return *review_;
}

}  // namespace acdc::llm

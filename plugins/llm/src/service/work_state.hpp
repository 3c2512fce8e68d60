// service/work_state.hpp -- what the llm plugin is doing that other work
// must wait for: the chat turn that streams, a commit under way, a review
// in progress. Each question ("may a commit start?") is answered and acted
// on under this one lock, so two calls cannot both be let through.
//
//   work.begin_turn("r1", cancel);        // throws while another streams or a commit runs
//   work.unless_streaming("switching modes", [&] { modes.switch_to(doc); });
//   work.begin_commit();  ...  work.end_commit();
//
// The other concerns of LLMService (turns, git events, review, sessions,
// modes) ask it. It is held for the check and a short act (a session
// switch, a mode switch), never across a call to another plugin or a model.
#pragma once

#include "provider/provider.hpp"
#include "review/review_state.hpp"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace acdc::llm {

class ChatTurn;

class WorkState {
 public:
  struct Stream {
    std::string request_id;
    std::shared_ptr<CancelFlag> cancel;
    std::shared_ptr<ChatTurn> turn;  // set once the turn is built
  };

  // The chat turn: refused while another streams or a commit runs.
  void begin_turn(const std::string& request_id, std::shared_ptr<CancelFlag> cancel);
  void attach(std::shared_ptr<ChatTurn> turn);
  void end_turn();
  std::optional<Stream> stream() const;
  // Cancels the stream with this id; throws invalid_params naming what streams.
  void cancel_turn(const std::string& request_id);
  void cancel_any();  // shutdown: the turn ends as a user's cancel would
  // Runs `act` while no turn streams, none able to start meanwhile; else
  // refuses: "a response is streaming: wait for it or stop it before <doing>".
  void unless_streaming(const std::string& doing, const std::function<void()>& act);

  // A commit or a reset (`what`): refused while a commit, a turn or a review runs.
  void check_git(const std::string& what) const;
  void begin_commit();
  void end_commit();

  // Review mode.
  void check_review_start() const;  // refused while reviewing, streaming or committing
  void set_review(std::optional<ReviewState> review);
  std::optional<ReviewState> review() const;
  bool reviewing() const;
  // The review to end; refused when there is none or a turn streams.
  ReviewState review_to_end() const;

 private:
  void check_git_locked(const std::string& what) const;

  mutable std::mutex mu_;
  std::optional<Stream> stream_;
  bool committing_ = false;
  std::optional<ReviewState> review_;  // also in <state dir>/review.json
};

}  // namespace acdc::llm

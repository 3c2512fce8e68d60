// service/edit_undo.hpp -- LLMService.undo_turn (issue 29): an answer whose
// edits acdc applied can be taken back. Its files return to their text
// before that turn (history/turn_snapshots.hpp), a file it created goes, and
// the conversation gets a system event the model sees, as for a reset.
//
// A file changed since that turn (by hand, another answer, a reset) is
// refused, naming it, and nothing is undone: an undo never loses work.
//
//   EditUndo undo(host, repo, session, work, snapshots);
//   undo.undo_turn(call, "turn_1764...");
//     -> {"status":"undone","turn_id":..,"files":[..],"system_event_message":".."}
//
// The work runs on this class's own worker (it waits on Repo.*); the guards
// are a commit's (WorkState::check_git): not while an answer streams, a
// commit runs, or a review is on.
#pragma once

#include "clients/repo_client.hpp"
#include "history/chat_session.hpp"
#include "history/turn_snapshots.hpp"
#include "service/work_state.hpp"

#include <acdc/sdk.hpp>
#include <acdc/sdk/worker_thread.hpp>

#include <string>

namespace acdc::llm {

class EditUndo {
 public:
  EditUndo(acdc::Host& host, RepoClient& repo, ChatSession& session, WorkState& work, const TurnSnapshots& snapshots)
      : host_(host), repo_(repo), session_(session), work_(work), snapshots_(snapshots) {}

  void undo_turn(acdc::Call call, std::string turn_id);

 private:
  // On the worker: the undo; returns the result's JSON or throws acdc::Error.
  std::string run(const std::string& session_id, const std::string& turn_id);

  acdc::Host& host_;
  RepoClient& repo_;
  ChatSession& session_;
  WorkState& work_;
  const TurnSnapshots& snapshots_;
  acdc::WorkerThread worker_{"llm"};  // last: queued undos end first
};

}  // namespace acdc::llm

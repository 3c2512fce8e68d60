// service/git_events.hpp -- commit_all, generate_commit_message and
// reset_to_head (acdc-features.md §4.10). A commit and a reset leave a
// system event in the conversation that the model sees too, so it knows its
// earlier edits were committed or thrown away.
//
//   GitEvents git(host, repo, session, count, config, work);
//   git.commit_all("");               // {"status":"started"}; AcApp.commitResult later
//   git.reset_to_head(call);
//
// Whether a commit or a reset may start depends on the turn and the review:
// WorkState answers and marks a commit as running. The work runs on this
// class's own worker.
#pragma once

#include "clients/repo_client.hpp"
#include "context/context_engine.hpp"
#include "history/chat_session.hpp"
#include "service/plugin_config.hpp"
#include "service/work_state.hpp"

#include <acdc/sdk.hpp>
#include <acdc/sdk/worker_thread.hpp>

#include <map>
#include <optional>
#include <string>

namespace acdc::llm {

class GitEvents {
 public:
  // `config` gives the commit message's model (the smaller one), prompts
  // and limits when a message is to be written.
  GitEvents(acdc::Host& host, RepoClient& repo, ChatSession& session, const TokenCounter& count,
            const PluginConfig& config, WorkState& work)
      : host_(host), repo_(repo), session_(session), count_(count), config_(config), work_(work) {}

  std::map<std::string, std::string> commit_all(std::optional<std::string> message);
  void generate_commit_message(acdc::Call call, std::optional<bool> stage_all);
  void reset_to_head(acdc::Call call);

 private:
  struct CommitMessage {
    std::string message;
    std::string error;       // set when there is no message; nothing may be committed
    std::string error_type;  // the retry-prompt vocabulary (error_type_name)
  };
  CommitMessage write_commit_message(const std::string& diff);
  // On the worker: the commit flow; returns commitResult's argument.
  std::string run_commit(const std::string& session_id, const std::string& message);

  acdc::Host& host_;
  RepoClient& repo_;
  ChatSession& session_;
  const TokenCounter& count_;
  const PluginConfig& config_;
  WorkState& work_;
  acdc::WorkerThread worker_{"llm"};  // last: queued commits end first
};

}  // namespace acdc::llm

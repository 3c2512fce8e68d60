// service/exec_service.hpp -- the plugin's class, Exec.*: commands run in
// the repository, in a terminal, bounded and (the model's) sandboxed.
//
//   Exec.run(command, options?)  -> result, when the command's tree is gone
//       options: {cwd (repository-relative), timeout_s, origin: "user"|"model", cols, rows}
//       result:  {id, command, cwd, origin, sandbox, exit_code, signal, timed_out, killed,
//                 left_running_killed, output, output_bytes, cut_bytes, duration_ms, message}
//   Exec.kill(id)                -> {id, killed}
//   Exec.input(id, text)         -> {id, written}     keys typed into its terminal
//   Exec.list()                  -> [{id, command, cwd, origin, sandbox}]   running now
//   Exec.status()                -> {sandbox, sandbox_available, sandbox_problem}
//   Exec.stop_tool_calls()       -> {killed}          the model's commands (the user pressed Stop)
//   tool run_command {command, cwd?, timeout_s?}      a model's command, as Exec.run with origin "model"
//
// Every client hears each command: AcApp.commandStarted(info),
// AcApp.commandOutput(id, text) as it comes, AcApp.commandExited(result
// without output). The user's commands run as in their shell; the model's
// in the sandbox app.yaml's exec.sandbox names, when bwrap can make one
// here (status() says when not, and the llm plugin then asks the user
// before each of them). Permission is the caller's business: the llm
// plugin asks before it calls run_command.
//
// Threads: a command's output is read on a thread of its own; the methods
// only start and signal it. Unloading the plugin kills what still runs.
#pragma once

#include "run/command_run.hpp"
#include "service/exec_settings.hpp"

#include <acdc/sdk.hpp>

#include <atomic>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace acdc::exec {

class ExecService {
 public:
  explicit ExecService(acdc::Context& ctx);
  ~ExecService();

  void start();  // probes the sandbox (runs bwrap once)
  void on_event(std::string_view topic, std::string_view json);

  void run(acdc::Call call, std::string command, std::optional<acdc::Json> options);
  acdc::RawJson kill(std::string id);
  acdc::RawJson input(std::string id, std::string text);
  acdc::RawJson list();
  acdc::RawJson status();
  acdc::RawJson stop_tool_calls();
  void run_command(acdc::Call call, std::optional<acdc::Json> args);

 private:
  struct Request {
    std::string command;
    std::string cwd = ".";  // repository-relative
    std::optional<long> timeout_s;
    bool by_model = false;
    unsigned short cols = 120, rows = 30;
  };
  // A command from its start until its thread is joined.
  struct Running {
    std::string id, command, cwd;
    bool by_model = false;
    SandboxMode sandbox = SandboxMode::off;
    std::unique_ptr<CommandRun> run;
    std::atomic<bool> ended{false};  // its thread has finished with it
  };
  // Completes the caller's call, once the command has ended.
  using Done = std::function<void(const RunResult&, const Running&)>;

  // Checks the request and starts it; throws acdc::Error saying what is wrong.
  std::shared_ptr<Running> launch(const Request& r, Done done);
  void finish(const std::shared_ptr<Running>& job, const RunResult& result, const Done& done);
  std::shared_ptr<Running> find(const std::string& id);
  std::shared_ptr<const ExecSettings> settings() const;
  // bwrap's probe, run on first need (start() asks at once).
  std::shared_ptr<const Sandbox> sandbox();
  // Joins the threads of commands that have ended. Holds mu_.
  void reap_locked();

  acdc::Host& host_;
  mutable std::mutex mu_;
  std::shared_ptr<const ExecSettings> settings_;  // guarded by mu_; replaced on a config reload
  std::once_flag probed_;
  std::shared_ptr<const Sandbox> sandbox_;         // guarded by mu_; set once probed
  std::map<std::string, std::shared_ptr<Running>> running_;  // guarded by mu_
  std::list<std::pair<std::shared_ptr<Running>, std::thread>> threads_;  // guarded by mu_
  long next_id_ = 1;                                                   // guarded by mu_
};

}  // namespace acdc::exec

// service/exec_service.cpp -- see exec_service.hpp. The JSON each method
// answers is written in exec_json.cpp; the tool in exec_tool.cpp.
#include "service/exec_service.hpp"
#include "run/command_env.hpp"
#include "service/exec_json.hpp"

#include <acdc/util/path_rules.hpp>

#include <filesystem>
#include <unistd.h>

extern char** environ;

namespace acdc::exec {
namespace {

namespace fs = std::filesystem;

constexpr size_t kMaxCommandBytes = 8192;

std::string shell_for(bool by_model) {
  // The user's commands run as in their shell; the model's in bash, the
  // shell it writes for, when there is one.
  if (!by_model)
    if (const char* shell = std::getenv("SHELL"); shell && shell[0] == '/' && access(shell, X_OK) == 0) return shell;
  return access("/bin/bash", X_OK) == 0 ? "/bin/bash" : "/bin/sh";
}

// The command's directory, absolute; throws when it is not one inside the repository.
std::string directory_of(const fs::path& root, const std::string& cwd) {
  const std::string clean = fs::path(cwd).lexically_normal().generic_string();
  if (clean != "." && clean != "./")
    if (auto fault = util::relative_path_fault(clean))
      throw acdc::invalid_params("cwd: " + util::fault_message(*fault, cwd));
  std::error_code ec;
  const fs::path real_root = fs::canonical(root, ec);
  const fs::path dir = fs::weakly_canonical(root / clean, ec);
  if (!util::is_within(real_root, dir))
    throw acdc::invalid_params("cwd: '" + cwd + "' leads outside the repository: commands run inside it");
  if (!fs::is_directory(dir, ec))
    throw acdc::invalid_params("cwd: '" + cwd + "' is not a directory of the repository");
  return dir.string();
}

}  // namespace

ExecService::ExecService(acdc::Context& ctx)
    : host_(ctx.host),
      settings_(std::make_shared<ExecSettings>(ExecSettings::from(ctx.config))) {}

ExecService::~ExecService() {
  std::list<std::pair<std::shared_ptr<Running>, std::thread>> threads;
  {
    std::lock_guard lock(mu_);
    for (auto& [id, job] : running_) job->run->kill();
    threads.swap(threads_);
  }
  for (auto& [job, thread] : threads) thread.join();
}

void ExecService::start() { sandbox(); }

std::shared_ptr<const Sandbox> ExecService::sandbox() {
  // Once, and before any command: a command that came before the probe
  // ended must not run unsandboxed for want of an answer.
  std::call_once(probed_, [this] {
    auto box = std::make_shared<Sandbox>(Sandbox::probe());
    if (!box->available())
      host_.log(ACDC_LOG_WARN, "exec: " + box->problem() +
                                   ". The model's commands will run without a sandbox, each one only after you allow it.");
    std::lock_guard lock(mu_);
    sandbox_ = std::move(box);
  });
  std::lock_guard lock(mu_);
  return sandbox_;
}

void ExecService::on_event(std::string_view topic, std::string_view) {
  if (topic != "host.config.changed") return;
  try {
    auto fresh = std::make_shared<ExecSettings>(ExecSettings::from(host_.config()));
    std::lock_guard lock(mu_);
    settings_ = std::move(fresh);
  } catch (const std::exception& e) {
    host_.log(ACDC_LOG_WARN, std::string("exec: the new settings are not used: ") + e.what());
  }
}

std::shared_ptr<const ExecSettings> ExecService::settings() const {
  std::lock_guard lock(mu_);
  return settings_;
}

void ExecService::reap_locked() {
  for (auto it = threads_.begin(); it != threads_.end();) {
    if (!it->first->ended.load()) {
      ++it;
      continue;
    }
    it->second.join();
    it = threads_.erase(it);
  }
}

std::shared_ptr<ExecService::Running> ExecService::launch(const Request& r, Done done) {
  const std::string_view command(r.command);
  if (command.find_first_not_of(" \t\r\n") == std::string_view::npos)
    throw acdc::invalid_params("the command is empty: say what to run");
  if (command.size() > kMaxCommandBytes)
    throw acdc::invalid_params("the command is " + std::to_string(command.size()) + " bytes, over the " +
                               std::to_string(kMaxCommandBytes) + " acdc runs: put a long script in a file and run that");
  if (command.find('\0') != std::string_view::npos) throw acdc::invalid_params("the command holds a NUL byte");
  auto s = settings();
  std::shared_ptr<const Sandbox> box = sandbox();
  auto job = std::make_shared<Running>();
  job->command = r.command;
  job->cwd = r.cwd;
  job->by_model = r.by_model;
  job->sandbox = r.by_model && box->available() ? s->sandbox : SandboxMode::off;
  const long limit = r.by_model ? s->model_timeout.count() : s->user_timeout.count();
  RunSpec spec;
  spec.plan.argv = box->available() ? box->wrap(job->sandbox, s->root.string(), {shell_for(r.by_model), "-c", r.command})
                                    : std::vector<std::string>{shell_for(r.by_model), "-c", r.command};
  spec.plan.env = command_env(environ, s->key_vars, job->sandbox != SandboxMode::off);
  spec.plan.cwd = directory_of(s->root, r.cwd);
  spec.plan.timeout = std::chrono::seconds(std::min(r.timeout_s.value_or(limit), limit));
  spec.plan.cols = r.cols, spec.plan.rows = r.rows;
  spec.head_bytes = s->head_bytes, spec.tail_bytes = s->tail_bytes, spec.stream_limit = s->stream_limit;

  std::lock_guard lock(mu_);
  reap_locked();
  if (static_cast<int>(running_.size()) >= s->max_running)
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION, std::to_string(running_.size()) +
                                                     " commands are running, app.yaml's exec.max_running: wait for one to end or kill one");
  job->id = "c" + std::to_string(next_id_++);
  job->run = std::make_unique<CommandRun>(std::move(spec));  // throws when it cannot start
  running_[job->id] = job;
  host_.notify(ACDC_CLIENT_ALL, "AcApp.commandStarted", "[" + info_json(job->id, job->command, job->cwd, job->by_model, job->sandbox) + "]");
  threads_.emplace_back(job, std::thread([this, job, done = std::move(done)] {
    const std::string args_prefix = "[" + acdc::to_json_text(job->id) + ",";
    RunResult result = job->run->wait([&](std::string_view text) {
      host_.notify(ACDC_CLIENT_ALL, "AcApp.commandOutput", args_prefix + acdc::to_json_text(text) + "]");
    });
    finish(job, result, done);
  }));
  return job;
}

void ExecService::finish(const std::shared_ptr<Running>& job, const RunResult& result, const Done& done) {
  const std::string info = info_json(job->id, job->command, job->cwd, job->by_model, job->sandbox);
  {
    // Out of Exec.list before anyone hears it ended: a client that reads the
    // list on commandExited must not find it there.
    std::lock_guard lock(mu_);
    running_.erase(job->id);
  }
  host_.notify(ACDC_CLIENT_ALL, "AcApp.commandExited", "[" + result_json(info, result, false) + "]");
  done(result, *job);
  std::lock_guard lock(mu_);
  job->ended = true;
}

std::shared_ptr<ExecService::Running> ExecService::find(const std::string& id) {
  std::lock_guard lock(mu_);
  auto it = running_.find(id);
  return it == running_.end() ? nullptr : it->second;
}

void ExecService::run(acdc::Call call, std::string command, std::optional<acdc::Json> options) {
  Request r{.command = std::move(command)};
  read_options(options, r.cwd, r.timeout_s, r.by_model, r.cols, r.rows);
  launch(r, [call](const RunResult& result, const Running& job) mutable {
    call.ok(acdc::RawJson{result_json(info_json(job.id, job.command, job.cwd, job.by_model, job.sandbox), result, true)});
  });
}

acdc::RawJson ExecService::kill(std::string id) {
  auto job = find(id);
  if (job) job->run->kill();
  return acdc::RawJson{"{\"id\":" + acdc::to_json_text(id) + ",\"killed\":" + (job ? "true" : "false") + "}"};
}

acdc::RawJson ExecService::input(std::string id, std::string text) {
  auto job = find(id);
  if (!job) throw acdc::Error(ACDC_E_NOT_FOUND, "no command '" + id + "' is running");
  const size_t n = job->run->input(text);
  return acdc::RawJson{"{\"id\":" + acdc::to_json_text(id) + ",\"written\":" + std::to_string(n) + "}"};
}

acdc::RawJson ExecService::list() {
  std::lock_guard lock(mu_);
  std::string out = "[";
  for (const auto& [id, job] : running_)
    out += (out.size() > 1 ? "," : "") + info_json(job->id, job->command, job->cwd, job->by_model, job->sandbox);
  return acdc::RawJson{out + "]"};
}

acdc::RawJson ExecService::status() {
  auto s = settings();
  return acdc::RawJson{status_json(s->sandbox, *sandbox())};
}

acdc::RawJson ExecService::stop_tool_calls() {
  std::lock_guard lock(mu_);
  int n = 0;
  for (auto& [id, job] : running_)
    if (job->by_model) job->run->kill(), ++n;
  return acdc::RawJson{"{\"killed\":" + std::to_string(n) + "}"};
}

}  // namespace acdc::exec

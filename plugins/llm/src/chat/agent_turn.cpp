// chat/agent_turn.cpp -- the parts of ChatTurn that only an Agent turn has
// (chat_turn.hpp): the steps' loop (agent/agent_loop.hpp) streaming into
// the turn's one answer, each step's edits applied as the step ends, and a
// history record for each request whose tool calls have run, so a crash
// mid-turn loses no finished step.
#include "chat/chat_turn.hpp"
#include "edit/edit_applier.hpp"
#include "edit/edit_parser.hpp"

#include <future>

namespace acdc::llm {
namespace {

// How long a permission question waits for the user before the call is refused.
constexpr auto kAskTimeout = std::chrono::minutes(10);

void merge(ApplyOutcome& into, const ApplyOutcome& step) {
  into.results.insert(into.results.end(), step.results.begin(), step.results.end());
  auto add_new = [](std::vector<std::string>& to, const std::vector<std::string>& from) {
    for (const auto& f : from)
      if (std::find(to.begin(), to.end(), f) == to.end()) to.push_back(f);
  };
  add_new(into.files_modified, step.files_modified);
  add_new(into.files_created, step.files_created);
  add_new(into.files_auto_added, step.files_auto_added);
  into.passed += step.passed;
  into.already_applied += step.already_applied;
  into.failed += step.failed;
  into.skipped += step.skipped;
  into.not_in_context += step.not_in_context;
}

}  // namespace

ChatResult ChatTurn::run_agent(const ChatRequest& first, const StreamCallbacks& callbacks) {
  out_.agent = true;
  const std::string args_prefix = "[" + acdc::to_json_text(req_.request_id) + ",";
  AgentLoop::Hooks hooks;
  hooks.stream = [this, &callbacks](const ChatRequest& request) {
    // One answer for the whole turn: a later step's text starts a paragraph of its own.
    const std::string so_far = coalescer_->text();
    if (!so_far.empty() && !so_far.ends_with("\n\n")) coalescer_->append(so_far.ends_with('\n') ? "\n" : "\n\n");
    ChatResult r = d_.provider.stream(request, callbacks, d_.cancel);
    note_truncation(request, r);
    price_usage(r.usage, d_.prices);
    last_request_text_ = r.text;
    return r;
  };
  hooks.apply_edits = [this](const std::string& text) { return apply_step_edits(text); };
  hooks.on_step = [this, args_prefix](const AgentStep& step) {
    d_.host.notify(ACDC_CLIENT_ALL, "AcApp.agentStep", args_prefix + step.to_json() + "]");
  };
  hooks.on_read_whole = [this](const std::string& path) {
    in_context_.insert(path);
    if (std::find(read_whole_.begin(), read_whole_.end(), path) == read_whole_.end()) read_whole_.push_back(path);
  };
  hooks.on_request_done = [this](const ChatResult& r, const std::vector<AgentStep>& steps) {
    persist_request(r, steps);
  };
  ToolGrants no_grants;
  ToolConsent consent(d_.agent_permissions, d_.tool_grants ? *d_.tool_grants : no_grants,
                      {.sandboxed = d_.commands_sandboxed, .ask_always = d_.commands_ask_always},
                      [this](const std::string& ask) { return ask_caller(ask); });
  hooks.check = [this](int step, std::vector<AgentStep>& steps) {
    std::string failure = run_checks(step, steps);
    if (failure.empty() || fix_rounds_ >= d_.checks.max_fix_rounds) return std::string();  // the failing step shows it
    ++fix_rounds_;
    return failure;
  };
  if (req_.options.caller_runs && req_.caller != ACDC_CLIENT_NONE)
    hooks.run_elsewhere = [this](const AgentTool& tool, const std::string& call_id, const std::string& arguments,
                                 std::function<void(acdc::Result)> done) {
      if (tool.name != "run_command") return false;
      d_.host.call_client(req_.caller, "AcApp.runCommand",
                          "[" + acdc::to_json_text(req_.request_id) + "," + acdc::to_json_text(call_id) + "," + arguments + "]",
                          std::move(done));
      return true;
    };
  hooks.consent = [&consent](const AgentTool& tool, const acdc::JsonValue& args, const std::string& call_id) {
    return consent.refusal(tool, args, call_id);
  };
  AgentLoop loop(d_.host, *d_.agent_tools, d_.agent_permissions, d_.agent_limits, d_.cancel, std::move(hooks),
                 d_.limits.sees_images);
  AgentLoop::Outcome o = loop.run(first);
  out_.steps = std::move(o.steps);
  out_.stopped_by = o.stopped_by;
  ChatResult r = std::move(o.last);
  r.usage = o.usage;
  return r;
}

// The client that started the turn answers AcApp.askPermission(request_id,
// ask): {"outcome": ...} or the outcome's bare string. A client that does not
// serve it, or no answer before the user stops the turn, asks no one.
std::string ChatTurn::ask_caller(const std::string& ask) {
  if (req_.caller == ACDC_CLIENT_NONE) return "";
  auto promise = std::make_shared<std::promise<acdc::Result>>();
  auto future = promise->get_future();
  d_.host.call_client(req_.caller, "AcApp.askPermission", "[" + acdc::to_json_text(req_.request_id) + "," + ask + "]",
                      [promise](acdc::Result r) { promise->set_value(std::move(r)); });
  const auto deadline = std::chrono::steady_clock::now() + kAskTimeout;
  while (future.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready)
    if (d_.cancel.load() || std::chrono::steady_clock::now() >= deadline) return "";
  acdc::Result r = future.get();
  if (!r.ok()) {
    d_.host.log(ACDC_LOG_INFO, "request " + req_.request_id + ": the client did not answer AcApp.askPermission: " + r.payload);
    return "";
  }
  acdc::Json answer;
  answer.Parse(r.payload.c_str());
  if (answer.IsString()) return answer.GetString();
  if (answer.IsObject() && answer.HasMember("outcome") && answer["outcome"].IsString()) return answer["outcome"].GetString();
  return "";
}

std::string ChatTurn::run_checks(int step, std::vector<AgentStep>& steps) {
  const int edits = out_.applied.passed + static_cast<int>(out_.applied.files_created.size());
  if (!d_.checks.enabled() || edits == checked_edits_ || d_.cancel.load()) return {};
  checked_edits_ = edits;
  const std::string args_prefix = "[" + acdc::to_json_text(req_.request_id) + ",";
  Checks checks(d_.host, d_.checks, d_.cancel, [this, args_prefix](const AgentStep& s) {
    d_.host.notify(ACDC_CLIENT_ALL, "AcApp.agentStep", args_prefix + s.to_json() + "]");
  });
  const std::size_t before = steps.size();
  std::string failure = checks.run(step, steps);
  unrecorded_checks_.insert(unrecorded_checks_.end(), steps.begin() + static_cast<long>(before), steps.end());
  return failure;
}

// An edit block for a file the agent has not read is no failure: the file
// is read, and the block applies when its text matches; when it does not,
// the model is told in the next step and can read the file and try again.
std::string ChatTurn::apply_step_edits(const std::string& step_text) {
  std::vector<EditBlock> blocks = EditParser::parse(step_text);
  if (blocks.empty() || d_.cancel.load()) return {};
  out_.blocks.insert(out_.blocks.end(), blocks.begin(), blocks.end());
  if (!d_.review_context.empty()) {
    out_.edits_not_applied = "Review mode: edits are not applied. End the review to make changes.";
    return {};
  }
  if (!recording_) {
    caller_files_ = std::make_unique<CallerFiles>(
        d_.host, req_.caller, d_.repo,
        CallerFiles::Through{.reads = req_.options.caller_reads, .writes = req_.options.caller_writes});
    const bool by_caller = req_.options.caller_reads || req_.options.caller_writes;
    recording_ = std::make_unique<RecordingFiles>(by_caller ? static_cast<FileAccess&>(*caller_files_) : d_.repo);
  }
  for (const auto& b : blocks) in_context_.insert(b.file_path);
  const ApplyOutcome step = EditApplier(*recording_).apply(blocks, in_context_);
  merge(out_.applied, step);
  d_.repo.stage(step.files_modified);
  save_undo();
  if (!step.files_modified.empty())
    d_.host.notify(ACDC_CLIENT_ALL, "AcApp.filesModified", acdc::json_array(step.files_modified));
  std::string problems;
  for (const auto& r : step.results)
    if (r.status == "failed") problems += "the edit block for " + r.file + " was not applied: " + r.message + "\n";
  if (!problems.empty()) problems += "Read the file as it is now, then write that edit block again.";
  return problems;
}

// The turn stays one undoable unit: each step re-saves every file any step changed.
void ChatTurn::save_undo() {
  if (!d_.snapshots || !recording_ || recording_->changes().empty()) return;
  try {
    d_.snapshots->save(out_.turn_id, recording_->changes());
    out_.undoable = true;
  } catch (const std::exception& e) {
    d_.host.log(ACDC_LOG_WARN, "this answer's edits cannot be undone: keeping their files' earlier text failed: " +
                                   std::string(e.what()));
  }
}

void ChatTurn::persist_request(const ChatResult& r, const std::vector<AgentStep>& steps) {
  std::vector<AgentStep> recorded = std::exchange(unrecorded_checks_, {});
  recorded.insert(recorded.end(), steps.begin(), steps.end());
  d_.session.add("assistant", r.text,
                 {.turn_id = out_.turn_id, .reasoning = r.reasoning, .steps_json = steps_json(recorded)});
  last_request_text_.clear();  // recorded: the closing record must not repeat it
}

}  // namespace acdc::llm

// service/chat_turns.cpp -- see chat_turns.hpp.
#include "service/chat_turns.hpp"

#include "chat/terminal_hud.hpp"
#include "edit/file_access.hpp"
#include "service/local_model.hpp"
#include "service/window_fits.hpp"

#include <acdc/sdk/call_and_wait.hpp>

#include <algorithm>

namespace acdc::llm {

void ChatTurns::start(acdc::Call call, std::string request_id, std::string message, std::vector<std::string> images,
                      std::vector<std::string> excluded_urls, std::string reasoning_effort, TurnOptions options) {
  if (!ready_) throw acdc::Error(ACDC_E_UNAVAILABLE, "Server is still initializing — please wait a moment");
  // Said before anything is sent, not after a round of retries. A config
  // that does not parse is reported by the turn itself, as before.
  std::string missing;
  try {
    missing = p_.config.provider().missing_key();
  } catch (const acdc::Error&) {
  }
  if (!missing.empty()) {
    const std::string offer = LocalModel::offer_note();  // a sentence of its own
    if (!offer.empty() && !missing.ends_with('.')) missing += '.';
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION, missing + offer);
  }
  p_.warmer.cancel("a new message");
  auto cancel = std::make_shared<CancelFlag>(false);
  p_.work.begin_turn(request_id, cancel);
  TurnRequest request{request_id, std::move(message), std::move(images), std::move(excluded_urls)};
  request.reasoning_effort = std::move(reasoning_effort);
  request.options = std::move(options);
  request.caller = call.client();
  // The turn outlives this call: a hot swap meanwhile must not unload the
  // code that streams it (the hold goes when the chat task is destroyed).
  auto keep = std::make_shared<acdc::KeepLoaded>(p_.host);
  call.ok(std::map<std::string, std::string>{{"status", "started"}});
  // Through the selection worker first: a file checked just before Send is
  // in the turn's context, because its set_selected_files was queued there
  // before this call arrived.
  selection_worker_.post([this, request = std::move(request), cancel, keep]() mutable {
    chat_worker_.post([this, request = std::move(request), cancel, keep]() mutable {
      run(std::move(request), cancel);
    });
  });
}

std::map<std::string, std::string> ChatTurns::cancel(const std::string& request_id) {
  p_.work.cancel_turn(request_id);
  return {{"status", "cancelling"}};
}

// `pc` is the configuration `provider` was made from: parsed once, so a
// reload in between can neither mix two configurations nor throw here.
TurnDeps ChatTurns::deps(Provider& provider, const ProviderConfig& pc, const CancelFlag& cancel) {
  ModelLimits limits = p_.config.served_limits(pc);
  if (!limits.known) p_.host.log(ACDC_LOG_WARN, limits.note);
  const ChatModes::Now now = p_.modes.now();
  ContextEngine& engine = p_.modes.engine(now.mode);
  engine.set_cache_target(limits.min_cacheable_tokens);
  return TurnDeps{.host = p_.host,
                  .repo = p_.repo,
                  .symbols = p_.symbols,
                  .session = p_.session,
                  .engine = engine,
                  .repo_root = p_.config.repo_root(),
                  .prompts = p_.config.prompts(),
                  .provider = provider,
                  .provider_name = kind_name(pc.kind),
                  .model = pc.model,
                  // A small local window keeps half for the prompt.
                  .max_tokens = std::min({pc.max_output_tokens, limits.output_ceiling,
                                          static_cast<int>(std::min(limits.context_window / 2, 1L << 30))}),
                  .limits = limits,
                  .prices = p_.config.prices(pc),
                  .snapshots = &p_.snapshots,
                  .map_budget_tokens = p_.config.map_budget(limits),
                  .count_tokens = p_.count,
                  .cancel = cancel,
                  .mode = now.mode,
                  .cross_reference = now.cross_ref,
                  .url_context = [this](const std::string& id, const std::string& message,
                                        const std::vector<std::string>& excluded) {
                    return p_.urls.for_turn(id, message, excluded);
                  }};
}

void ChatTurns::run(TurnRequest request, std::shared_ptr<CancelFlag> cancel) {
  auto clear = [this] { p_.work.end_turn(); };
  // A turn that cannot start ends with why, the user's message kept for Retry.
  auto refuse = [&](ProviderError error) {
    TurnOutcome failed;
    failed.user_message = request.message;
    failed.error = std::move(error);
    clear();  // before streamComplete, as a turn that ran does (chat_turn.cpp)
    p_.host.notify(ACDC_CLIENT_ALL, "AcApp.streamComplete",
                   "[" + acdc::to_json_text(request.request_id) + "," + failed.to_json() + "]");
    p_.host.notify(ACDC_CLIENT_ALL, "AcApp.postResponseComplete", acdc::json_array(request.request_id));
  };
  std::unique_ptr<Provider> provider;
  ProviderConfig pc;
  try {
    pc = p_.config.provider();
  } catch (const std::exception& e) {
    return refuse(ProviderError{ErrorKind::bad_request, std::string("llm.yaml: ") + e.what()});
  }
  // What the Agent switch showed: a model the server has just said calls no
  // tools was shown as able to (choose_mode).
  const bool switch_knew = agent_unavailable(pc, p_.config.known_limits(pc)).has_value();
  // Ollama not running, or without the model: said now, not after the retries.
  if (std::string why = p_.config.served_refusal(pc); !why.empty())
    return refuse(ProviderError{ErrorKind::api_connection, why});
  try {
    pc = p_.config.served(std::move(pc));
    provider = make_provider(pc);
  } catch (const std::exception& e) {
    return refuse(ProviderError{ErrorKind::bad_request, std::string("llm.yaml: ") + e.what()});
  }
  const std::string request_id = request.request_id;
  TurnDeps turn_deps = deps(*provider, pc, *cancel);
  turn_deps.tool_grants = &grants_;  // an Agent turn's tools, an Ask turn's files added for its edits
  if (std::optional<ReviewState> review = p_.work.review()) turn_deps.review_context = p_.review.context_for_turn(*review);
  AgentTools tools;
  if (std::optional<std::string> why = choose_mode(request, pc, turn_deps, tools, switch_knew)) {
    p_.host.notify(ACDC_CLIENT_ALL, "AcApp.agentModeChanged", "[" + agent_mode_json(false, why) + "]");
    return refuse(ProviderError{ErrorKind::bad_request,
                                "Agent mode cannot run: " + *why + ". Nothing was sent. The switch is now on Ask: send "
                                "again to ask without tools, or name a model that calls tools in llm.yaml."});
  }
  fit_to_window(request.request_id, turn_deps, tools);
  try {
    turn_deps.checks = p_.config.check_settings();
  } catch (const acdc::Error& e) {
    p_.host.log(ACDC_LOG_WARN, "request " + request.request_id + " runs no checks: " + e.what());
  }
  say_if_loading(pc, request_id);
  auto turn = std::make_shared<ChatTurn>(std::move(turn_deps), std::move(request));
  p_.work.attach(turn);
  turn->run(clear);
  const TurnOutcome& out = turn->outcome();
  if (!out.error && !out.cancelled) {
    compact_if_needed(request_id);
    p_.warmer.arm(pc, turn->sent_messages(), turn->sent_tools(), p_.config.prices(pc), p_.config.warmup(pc));
  }
  // A generation that replaced this one during the turn learns of what the
  // turn wrote (other plugins ignore the topic).
  p_.host.publish(kHistoryChanged, "{\"session_id\":" + acdc::to_json_text(p_.session.session_id()) + "}");
  p_.host.notify(ACDC_CLIENT_ALL, "AcApp.postResponseComplete", acdc::json_array(request_id));
}

std::optional<std::string> ChatTurns::choose_mode(const TurnRequest& request, const ProviderConfig& pc, TurnDeps& deps,
                                                  AgentTools& tools, bool switch_knew) {
  const bool agent = request.options.agent.value_or(p_.agent.on(p_.session.session_id()));
  if (!agent) return {};
  if (std::optional<std::string> why = agent_unavailable(pc, deps.limits)) {
    // The user sent in Agent mode, as the switch showed: nothing is sent in Ask mode instead.
    if (!switch_knew && !request.options.agent) return why;
    p_.host.log(ACDC_LOG_WARN, "request " + request.request_id + " runs in Ask mode: " + *why);
    return {};
  }
  try {
    deps.agent_limits = p_.config.agent_limits();
  } catch (const acdc::Error& e) {
    p_.host.log(ACDC_LOG_WARN, std::string(e.what()) + ": the default Agent limits apply");
  }
  try {
    deps.agent_permissions = p_.config.tool_permissions();
  } catch (const acdc::Error& e) {
    // Fail closed: a rule that cannot be read might have denied something.
    p_.host.log(ACDC_LOG_WARN, "request " + request.request_id + " runs in Ask mode: " + e.what());
    return {};
  }
  tools = AgentTools::from_host(p_.host, deps.agent_permissions);
  if (tools.empty()) p_.host.log(ACDC_LOG_WARN, "request " + request.request_id + " runs in Ask mode: no plugin offers a tool");
  deps.agent_tools = &tools;
  if (const AgentTool* run = tools.find("run_command")) read_command_sandbox(*run, deps);
  return {};
}

void ChatTurns::fit_to_window(const std::string& request_id, TurnDeps& deps, AgentTools& tools) const {
  const WindowFit fit = fit_window(p_.config, p_.count, deps.limits, deps.mode, !deps.review_context.empty(), deps.agent_tools);
  deps.map_budget_tokens = fit.map_budget;
  deps.compact_system = fit.compact_system;
  if (deps.agent_tools && (fit.brief_tools || fit.tools_kept < tools.all().size())) {
    tools = tools.shrunk(fit.brief_tools, fit.tools_kept);
    if (tools.empty()) {
      p_.host.log(ACDC_LOG_WARN, "request " + request_id + " runs in Ask mode: the " +
                                     with_thousands(deps.limits.context_window) + "-token window has no room for a tool");
      deps.agent_tools = nullptr;
    }
  }
  for (const auto& line : fit.shrunk)
    p_.host.log(ACDC_LOG_INFO, "request " + request_id + ": shrunk to fit the " +
                                   with_thousands(deps.limits.context_window) + "-token window: " + line);
}

void ChatTurns::say_if_loading(const ProviderConfig& pc, const std::string& request_id) const {
  if (ServedWindows::loaded(pc, pc.model) != false) return;
  p_.host.notify(ACDC_CLIENT_ALL, "AcApp.compactionEvent",
                 "[" + acdc::to_json_text(request_id) + ",{\"stage\":\"loading_model\",\"model\":" +
                     acdc::to_json_text(pc.model) + ",\"message\":" +
                     acdc::to_json_text("Ollama is loading " + pc.model +
                                        " into memory: the first answer after a cold start waits for it") +
                     "}]");
}

void ChatTurns::read_command_sandbox(const AgentTool& run_command, TurnDeps& deps) const {
  acdc::Result r = acdc::call_and_wait(p_.host, run_command.plugin_class() + ".status", "[]", std::chrono::seconds(10));
  acdc::Json status;
  if (r.ok()) status.Parse(r.payload.c_str());
  if (!status.IsObject() || !status.HasMember("sandbox_available") || !status.HasMember("sandbox") ||
      !status["sandbox"].IsString()) {
    deps.commands_sandboxed = false, deps.commands_ask_always = true;  // cannot tell: ask
    return;
  }
  const bool wanted = std::string_view(status["sandbox"].GetString()) != "off";
  const bool available = status["sandbox_available"].IsTrue();
  deps.commands_sandboxed = wanted && available;
  deps.commands_ask_always = wanted && !available;
}

void ChatTurns::set_selected_files(acdc::Call call, std::vector<std::string> files) {
  selection_worker_.post([this, call, files = std::move(files)]() mutable {
    std::vector<std::string> kept;
    for (const auto& f : files) {
      try {
        if (std::find(kept.begin(), kept.end(), f) == kept.end() && p_.repo.exists(f)) kept.push_back(f);
      } catch (const FileAccessError&) {
        // A path the repo refuses (outside the root, in .git/) is dropped like a missing one.
      }
    }
    p_.session.set_selected(kept);
    p_.host.notify(ACDC_CLIENT_ALL, "AcApp.filesChanged", acdc::json_array(kept));
    call.ok(kept);
  });
}

void ChatTurns::add_to_context(acdc::Call call, std::vector<std::string> paths) {
  // On the selection worker, through the repo plugin's path guard, as set_selected_files.
  selection_worker_.post([this, call, paths = std::move(paths)]() mutable {
    std::vector<std::string> added, refused;
    for (const auto& p : paths) {
      try {
        if (p_.repo.exists(p)) added.push_back(p);
        else refused.push_back("'" + p + "' is not a file of the repository");
      } catch (const FileAccessError& e) {
        refused.push_back("'" + p + "': " + e.what());
      }
    }
    if (!added.empty() && p_.session.add_selected(added))
      p_.host.notify(ACDC_CLIENT_ALL, "AcApp.filesChanged", acdc::json_array(p_.session.selected()));
    std::string text = added.empty() ? std::string("nothing added") : "in context from the next message on:";
    for (const auto& p : added) text += " " + p;
    for (const auto& why : refused) text += "\n" + why;
    if (added.empty()) return call.ok_raw(acdc::tool_error(text).text);
    acdc::ToolOut o;
    o.w.StartObject();
    o.key("added"), o.strings(added);
    o.key("refused"), o.strings(refused);
    o.w.EndObject();
    call.ok_raw(acdc::tool_result(text, o.text()).text);
  });
}

}  // namespace acdc::llm

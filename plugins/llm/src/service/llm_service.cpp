#include "service/llm_service.hpp"

#include "context/map_budget.hpp"
#include "provider/provider_config.hpp"
#include "context/model_limits.hpp"
#include "chat/reasoning_choice.hpp"
#include "tokenizer/tokenizer.hpp"

#include <filesystem>

namespace acdc::llm {
namespace {

// cl100k_base when its rank file is installed, else the §4.5 fallback len/4.
TokenCounter make_counter(acdc::Host& host) {
  try {
    const Tokenizer& tok = Tokenizer::cl100k();
    return [&tok](std::string_view s) { return tok.count(s); };
  } catch (const std::exception& e) {
    host.log(ACDC_LOG_WARN, std::string("token counts are estimated (4 characters per token): ") + e.what());
    return [](std::string_view s) { return s.size() / 4; };
  }
}

}  // namespace

LLMService::LLMService(acdc::Context& ctx)
    : host_(ctx.host),
      config_(ctx.config),
      repo_(ctx.host),
      symbols_(ctx.host),
      symbol_methods_(ctx.host),
      state_dir_(config_.state_dir()),
      store_(state_dir_ / "history.jsonl"),
      images_(state_dir_ / "images"),
      session_(store_, images_),
      history_(store_, images_),
      count_tokens_(make_counter(ctx.host)),
      modes_(count_tokens_),
      url_methods_(ctx.host, [this] { return config_.provider(); }, count_tokens_),
      converse_(ctx.host, [this] { return config_.provider(); }, session_, count_tokens_),
      git_(ctx.host, repo_, session_, count_tokens_, [this] { return commit_message_settings(); }, git_gate()) {}

LLMService::~LLMService() {
  if (auto a = active()) a->cancel->store(true);
}

void LLMService::start() {
  host_.progress("session_restore", "Restoring the last session...", 30);
  LoadReport report = store_.load();
  if (!report.skipped_lines.empty()) {
    std::string lines;
    for (size_t n : report.skipped_lines) lines += (lines.empty() ? "" : ", ") + std::to_string(n);
    host_.log(ACDC_LOG_WARN, "history " + store_.file().string() + ": skipped unreadable line(s) " + lines +
                                 " (a write cut short by a crash); every other record was loaded");
  }
  if (session_.restore_latest()) {
    const std::string restored = "Restored session " + session_.session_id() + " (" +
                                 std::to_string(session_.message_count()) + " messages)";
    host_.log(ACDC_LOG_INFO, restored);
    host_.progress("session_restore", restored, 100);
  } else {
    host_.progress("session_restore", "No earlier session: starting a new one", 100);
  }
  symbol_methods_.start();
  if (auto review = ReviewState::load(state_dir_)) {
    host_.log(ACDC_LOG_INFO, "resuming the review of " + review->branch + " (" + state_dir_.string() + "/review.json)");
    std::lock_guard lock(mu_);
    review_ = std::move(review);
  }
  init_complete_ = true;
}

void LLMService::on_event(std::string_view topic, std::string_view json) {
  if (topic == kHistoryChanged) return reload_history(json);
  // A running turn holds this generation and with it the host's shutdown:
  // end it the way a user's cancel does, keeping the partial answer.
  if (topic == "host.shutdown") {
    if (auto a = active()) a->cancel->store(true);
    return;
  }
  if (topic != "host.config.changed") return;
  config_.replace(acdc::parse_json(json));
}

// Another generation of this plugin (the one a hot swap replaced, finishing
// its turn) appended to history.jsonl: this one's copy in memory is behind.
// Re-read in full, so the order against start()'s restore does not matter.
void LLMService::reload_history(std::string_view json) {
  std::string session_id;
  acdc::Json event = acdc::parse_json(json);
  if (event.IsObject())
    if (auto it = event.FindMember("session_id"); it != event.MemberEnd() && it->value.IsString())
      session_id = it->value.GetString();
  store_.load();
  if (session_id.empty() || session_.session_id() != session_id) return;
  try {
    session_.load(session_id);
  } catch (const acdc::Error& e) {
    host_.log(ACDC_LOG_WARN, std::string("could not take over the history another generation wrote: ") + e.what());
  }
}


// A turn's edits would land half in the commit; the review's staged changes
// are not the user's.
std::string LLMService::git_idle_locked(const char* what) const {
  const std::string doing = what;
  if (committing_)
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION, doing == "reset"
                                                      ? "A commit is in progress: wait for its result before resetting"
                                                      : "A commit is already in progress: wait for its result");
  if (active_)
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "Cannot " + doing + " while a response is streaming (request " +
                                                      active_->request_id + "): wait for it or stop it first");
  if (review_) throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "Cannot " + doing + " in review mode: end the review first");
  return session_.session_id();
}

GitEvents::Gate LLMService::git_gate() {
  return {.check_idle = [this](const char* what) {
            std::lock_guard lock(mu_);
            return git_idle_locked(what);
          },
          .begin_commit = [this] {
            std::lock_guard lock(mu_);
            std::string session_id = git_idle_locked("commit");
            committing_ = true;
            return session_id;
          },
          .end_commit = [this] {
            std::lock_guard lock(mu_);
            committing_ = false;
          }};
}

GitEvents::MessageSettings LLMService::commit_message_settings() const {
  ProviderConfig pc = config_.provider().for_aux();
  ModelLimits limits = config_.limits(pc.model);
  return {std::move(pc), config_.prompts(), std::move(limits)};
}

void LLMService::rebuild_cache(acdc::Call call) {
  modes_.rebuild();
  symbol_methods_.rebuild(call);
}

std::optional<LLMService::ActiveStream> LLMService::active() const {
  std::lock_guard lock(mu_);
  return active_;
}

void LLMService::chat_streaming(acdc::Call call, std::string request_id, std::string message,
                                std::optional<acdc::Json>, std::optional<std::vector<std::string>> images,
                                std::optional<std::vector<std::string>> excluded_urls, std::optional<std::string>,
                                std::optional<acdc::Json> reasoning, std::optional<std::string> effort) {
  // `files` is ignored: the selection set through set_selected_files rules (§4.1).
  if (!init_complete_) throw acdc::Error(ACDC_E_UNAVAILABLE, "Server is still initializing — please wait a moment");
  auto cancel = std::make_shared<CancelFlag>(false);
  {
    std::lock_guard lock(mu_);
    // Said before anything is sent, not after a round of retries. A config
    // that does not parse is reported by the turn itself, as before.
    std::string missing;
    try {
      missing = config_.provider().missing_key();
    } catch (const acdc::Error&) {
    }
    if (!missing.empty()) throw acdc::Error(ACDC_E_FAILED_PRECONDITION, missing);
    if (active_)
      throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "Another stream is active (request " + active_->request_id +
                                                        "): wait for it or cancel it first");
    // The commit stages everything: this turn's edits would land half in it.
    if (committing_)
      throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "A commit is in progress: send again when its result is in");
    active_ = ActiveStream{request_id, cancel, nullptr};
  }
  TurnRequest request{request_id, std::move(message), images.value_or(std::vector<std::string>{}),
                      excluded_urls.value_or(std::vector<std::string>{})};
  request.reasoning_effort = reasoning_effort_of(reasoning, effort);
  // The turn outlives this call: a hot swap meanwhile must not unload the
  // code that streams it (the hold goes when the chat task is destroyed).
  auto keep = std::make_shared<acdc::KeepLoaded>(host_);
  call.ok(std::map<std::string, std::string>{{"status", "started"}});
  // Through the selection worker first: a file checked just before Send is
  // in the turn's context, because its set_selected_files was queued there
  // before this call arrived.
  selection_worker_.post([this, request = std::move(request), cancel, keep]() mutable {
    chat_worker_.post([this, request = std::move(request), cancel, keep]() mutable {
      run_turn(std::move(request), cancel);
    });
  });
}

std::map<std::string, std::string> LLMService::cancel_streaming(std::string request_id) {
  std::lock_guard lock(mu_);
  if (!active_ || active_->request_id != request_id)
    throw acdc::invalid_params("no active stream has request id '" + request_id + "'" +
                               (active_ ? " (the active one is '" + active_->request_id + "')" : " (nothing is streaming)"));
  active_->cancel->store(true);
  return {{"status", "cancelling"}};
}

// `pc` is the configuration `provider` was made from: parsed once, so a
// reload in between can neither mix two configurations nor throw here.
TurnDeps LLMService::turn_deps(Provider& provider, const ProviderConfig& pc, const CancelFlag& cancel) {
  ModelLimits limits = config_.limits(pc.model);
  if (!limits.known) host_.log(ACDC_LOG_WARN, limits.note);
  const ChatModes::Now now = modes_.now();
  ContextEngine& engine = modes_.engine(now.mode);
  engine.set_cache_target(limits.min_cacheable_tokens);
  return TurnDeps{.host = host_,
                  .repo = repo_,
                  .symbols = symbols_,
                  .session = session_,
                  .engine = engine,
                  .repo_root = config_.repo_root(),
                  .prompts = config_.prompts(),
                  .provider = provider,
                  .provider_name = kind_name(pc.kind),
                  .model = pc.model,
                  .max_tokens = std::min(pc.max_output_tokens, limits.output_ceiling),
                  .limits = limits,
                  .map_budget_tokens = config_.map_budget(limits),
                  .count_tokens = count_tokens_,
                  .cancel = cancel,
                  .mode = now.mode,
                  .cross_reference = now.cross_ref,
                  .url_context = [this](const std::string& id, const std::string& message,
                                        const std::vector<std::string>& excluded) {
                    return url_methods_.for_turn(id, message, excluded);
                  }};
}

void LLMService::run_turn(TurnRequest request, std::shared_ptr<CancelFlag> cancel) {
  auto clear = [this] {
    std::lock_guard lock(mu_);
    active_.reset();
  };
  std::unique_ptr<Provider> provider;
  ProviderConfig pc;
  try {
    pc = config_.provider();
    provider = make_provider(pc);
  } catch (const std::exception& e) {
    TurnOutcome failed;
    failed.user_message = request.message;
    failed.error = ProviderError{ErrorKind::bad_request, std::string("llm.yaml: ") + e.what()};
    host_.notify(ACDC_CLIENT_ALL, "AcApp.streamComplete",
                 "[" + acdc::to_json_text(request.request_id) + "," + failed.to_json() + "]");
    clear();
    host_.notify(ACDC_CLIENT_ALL, "AcApp.postResponseComplete", acdc::json_array(request.request_id));
    return;
  }
  const std::string request_id = request.request_id;
  TurnDeps deps = turn_deps(*provider, pc, *cancel);
  std::optional<ReviewState> review;
  {
    std::lock_guard lock(mu_);
    review = review_;
  }
  if (review) deps.review_context = review_context(*review);
  auto turn = std::make_shared<ChatTurn>(std::move(deps), std::move(request));
  {
    std::lock_guard lock(mu_);
    if (active_) active_->turn = turn;
  }
  turn->run(clear);
  const TurnOutcome& out = turn->outcome();
  if (!out.error && !out.cancelled) compact_if_needed(request_id);
  // A generation that replaced this one during the turn learns of what the
  // turn wrote (other plugins ignore the topic).
  host_.publish(kHistoryChanged, "{\"session_id\":" + acdc::to_json_text(session_.session_id()) + "}");
  host_.notify(ACDC_CLIENT_ALL, "AcApp.postResponseComplete", acdc::json_array(request_id));
}

std::vector<std::string> LLMService::get_selected_files() { return session_.selected(); }

void LLMService::set_selected_files(acdc::Call call, std::vector<std::string> files) {
  selection_worker_.post([this, call, files = std::move(files)]() mutable {
    std::vector<std::string> kept;
    for (const auto& f : files) {
      try {
        if (std::find(kept.begin(), kept.end(), f) == kept.end() && repo_.exists(f)) kept.push_back(f);
      } catch (const FileAccessError&) {
        // A path the repo refuses (outside the root, in .git/) is dropped like a missing one.
      }
    }
    session_.set_selected(kept);
    host_.notify(ACDC_CLIENT_ALL, "AcApp.filesChanged", acdc::json_array(kept));
    call.ok(kept);
  });
}

}  // namespace acdc::llm

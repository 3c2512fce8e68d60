// service/llm_service.cpp -- the facade's life: the concerns built and
// wired, start-up, events from the host; chat_streaming's arguments.
#include "service/llm_service.hpp"

#include "chat/reasoning_choice.hpp"
#include "tokenizer/tokenizer.hpp"

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
      snapshots_(state_dir_ / "undo"),
      agent_modes_(state_dir_ / "agent-mode.json"),
      warmer_(ctx.host, session_),
      history_(store_, images_),
      count_tokens_(make_counter(ctx.host)),
      modes_(count_tokens_),
      url_methods_(ctx.host, config_, count_tokens_),
      converse_(ctx.host, config_, session_, count_tokens_),
      git_(ctx.host, repo_, session_, count_tokens_, config_, work_),
      undo_(ctx.host, repo_, session_, work_, snapshots_),
      edits_(ctx.host, repo_),
      local_(ctx.host),
      review_(ctx.host, repo_, symbols_, session_, work_, state_dir_),
      turns_({.host = ctx.host,
              .config = config_,
              .work = work_,
              .repo = repo_,
              .symbols = symbols_,
              .session = session_,
              .modes = modes_,
              .count = count_tokens_,
              .urls = url_methods_,
              .review = review_,
              .snapshots = snapshots_,
              .warmer = warmer_,
              .agent = agent_modes_}) {}

LLMService::~LLMService() { work_.cancel_any(); }

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
  review_.resume();
  turns_.set_ready();
}

void LLMService::on_event(std::string_view topic, std::string_view json) {
  if (topic == ChatTurns::kHistoryChanged) return reload_history(json);
  // A running turn holds this generation and with it the host's shutdown:
  // end it the way a user's cancel does, keeping the partial answer.
  if (topic == "host.shutdown") {
    work_.cancel_any();
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


void LLMService::chat_streaming(acdc::Call call, std::string request_id, std::string message,
                                std::optional<acdc::Json>, std::optional<std::vector<std::string>> images,
                                std::optional<std::vector<std::string>> excluded_urls, std::optional<std::string>,
                                std::optional<acdc::Json> reasoning, std::optional<std::string> effort,
                                std::optional<acdc::Json> options) {
  turns_.start(call, std::move(request_id), std::move(message), images.value_or(std::vector<std::string>{}),
               excluded_urls.value_or(std::vector<std::string>{}), reasoning_effort_of(reasoning, effort),
               parse_turn_options(options));
}

void LLMService::rebuild_cache(acdc::Call call) {
  modes_.rebuild();
  symbol_methods_.rebuild(call);
}
}  // namespace acdc::llm

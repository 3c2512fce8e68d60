// service/git_events.cpp -- see git_events.hpp.
#include "service/git_events.hpp"

#include "chat/terminal_hud.hpp"
#include "chat/turn_outcome.hpp"
#include "edit/edit_parser.hpp"
#include "edit/file_access.hpp"
#include "provider/provider.hpp"

namespace acdc::llm {
namespace {

std::string commit_request(const std::string& system, const std::string& diff) {
  return "[{\"role\":\"system\",\"content\":" + acdc::to_json_text(system) +
         "},{\"role\":\"user\",\"content\":" + acdc::to_json_text(diff) + "}]";
}

std::string error_result(const std::string& error, const std::string& error_type = "") {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  w.Key("error");
  acdc::to_json(w, error);
  if (!error_type.empty()) {
    w.Key("error_info");
    w.StartObject();
    w.Key("error_type");
    acdc::to_json(w, error_type);
    w.EndObject();
  }
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

std::string too_large(const std::string& model, long tokens, long window) {
  return "The staged diff is about " + with_thousands(tokens) + " tokens, too large for " + model + " (" +
         with_thousands(window) + "-token context window) to write a commit message: commit fewer files at a "
         "time (stage some, commit them from a terminal), or set a smaller model with a larger window. Nothing was committed.";
}

}  // namespace

std::map<std::string, std::string> GitEvents::commit_all(std::optional<std::string> message) {
  work_.begin_commit();
  // Captured now: the event belongs to the conversation the user committed from.
  const std::string session_id = session_.session_id();
  worker_.post([this, session_id, message = std::string(trim(message.value_or("")))] {
    std::string result;
    try {
      result = run_commit(session_id, message);
    } catch (const std::exception& e) {
      result = error_result(std::string("Commit failed: ") + e.what());
    }
    work_.end_commit();
    // The tree first: a client that reads the commit's result sees the files as they are now.
    host_.notify(ACDC_CLIENT_ALL, "AcApp.filesModified", "[[]]");
    host_.notify(ACDC_CLIENT_ALL, "AcApp.commitResult", "[" + result + "]");
  });
  return {{"status", "started"}};
}

GitEvents::CommitMessage GitEvents::write_commit_message(const std::string& diff) {
  const ProviderConfig pc = config_.served(config_.provider().for_aux());  // a broken llm.yaml is this commit's error
  const PromptStore prompts = config_.prompts();
  const ModelLimits limits = config_.served_limits(pc);
  const std::string system = prompts.commit_prompt();
  const int max_tokens = output_ceiling(pc.model);
  const long tokens = static_cast<long>(count_(system) + count_(diff));
  if (limits.known && tokens + max_tokens > limits.context_window)
    return {{}, too_large(pc.model, tokens, limits.context_window), "context_window_exceeded"};
  CancelFlag never(false);
  ChatResult r = make_provider(pc)->complete(ChatRequest{pc.model, commit_request(system, diff), max_tokens}, never);
  if (r.error) {
    // Reported as it is: a commit with a made-up message is worse than none.
    if (r.error->kind == ErrorKind::context_window_exceeded)
      return {{}, too_large(pc.model, tokens, limits.context_window), error_type_name(r.error->kind)};
    return {{},
            "The commit message could not be generated (" + pc.model + "): " + r.error->message + ". Nothing was committed.",
            error_type_name(r.error->kind)};
  }
  std::string message(trim(r.text));
  return {message.empty() ? "chore: update files" : message, {}, {}};
}

// `message`: the user's, or empty for the smaller model's.
std::string GitEvents::run_commit(const std::string& session_id, const std::string& given) {
  repo_.call("Repo.stage_all", "[]");
  acdc::Json diff = repo_.call("Repo.get_staged_diff", "[]");
  const std::string text = diff.IsString() ? diff.GetString() : "";
  if (trim(text).empty()) return error_result("No staged changes to commit");
  std::string message = given;
  if (message.empty()) {
    CommitMessage written = write_commit_message(text);
    if (!written.error.empty()) return error_result(written.error, written.error_type);
    message = std::move(written.message);
  }
  acdc::Json committed = repo_.call("Repo.commit", acdc::json_array(message));
  auto sha_it = committed.FindMember("sha");
  const std::string sha = sha_it != committed.MemberEnd() && sha_it->value.IsString() ? sha_it->value.GetString() : "";
  const std::string short_sha = sha.substr(0, 7);
  const std::string event = "**Committed " + short_sha + "**: " + message;
  session_.add_to(session_id, "user", event, {.system_event = true, .for_model = true});
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  for (auto [key, value] : {std::pair{"sha", &sha}, {"short_sha", &short_sha}, {"message", &message},
                            {"system_event_message", &event}, {"session_id", &session_id}}) {
    w.Key(key);
    acdc::to_json(w, *value);
  }
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

void GitEvents::generate_commit_message(acdc::Call call, std::optional<bool> stage_all) {
  const bool stage = stage_all.value_or(false);
  if (stage) work_.check_git("commit");  // staging is half a commit: the same guards
  worker_.post([this, call, stage]() mutable {
    try {
      if (stage) repo_.call("Repo.stage_all", "[]");
      acdc::Json diff = repo_.call("Repo.get_staged_diff", "[]");
      std::string text = diff.IsString() ? diff.GetString() : "";
      if (trim(text).empty())
        return call.fail(ACDC_E_FAILED_PRECONDITION,
                         stage ? "No changes to commit" : "No staged changes to commit: stage files first");
      CommitMessage written = write_commit_message(text);
      if (!written.error.empty()) return call.fail(ACDC_E_UNAVAILABLE, written.error);
      call.ok(written.message);
    } catch (const acdc::Error& e) {
      call.fail(e.status(), e.what());
    } catch (const std::exception& e) {
      call.fail(ACDC_E_APPLICATION, e.what());
    }
  });
}

void GitEvents::reset_to_head(acdc::Call call) {
  work_.check_git("reset");
  const std::string session_id = session_.session_id();
  worker_.post([this, call, session_id]() mutable {
    try {
      // Repo.reset_hard sends filesModified with the files it touched.
      repo_.call("Repo.reset_hard", "[]");
      const std::string event = "**Reset to HEAD** — all uncommitted changes have been discarded.";
      session_.add_to(session_id, "user", event, {.system_event = true, .for_model = true});
      host_.notify(ACDC_CLIENT_ALL, "AcApp.filesModified", "[[]]");
      call.ok(std::map<std::string, std::string>{{"status", "ok"}, {"system_event_message", event}});
    } catch (const FileAccessError& e) {
      call.fail(e.status(), std::string("Reset failed: ") + e.what());
    } catch (const std::exception& e) {
      call.fail(ACDC_E_APPLICATION, std::string("Reset failed: ") + e.what());
    }
  });
}

}  // namespace acdc::llm

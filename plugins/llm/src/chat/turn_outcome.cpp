#include "chat/turn_outcome.hpp"

#include "edit/edit_applier.hpp"
#include "edit/edit_results_json.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/util/json_writer.hpp>

namespace acdc::llm {
namespace {

void write_usage(JsonWriter& w, const Usage& u) {
  w.Key("token_usage");
  w.StartObject();
  util::write_member(w, "prompt_tokens", u.prompt_tokens());
  util::write_member(w, "completion_tokens", u.output_tokens);
  util::write_member(w, "reasoning_tokens", u.reasoning_tokens);
  util::write_member(w, "cache_read_tokens", u.cache_read_tokens);
  util::write_member(w, "cache_write_tokens", u.cache_write_tokens);
  util::write_member(w, "prompt_cached_tokens", u.cache_read_tokens);
  util::write_member(w, "cost_usd", u.cost_usd);  // null: the model's price is unknown
  util::write_member(w, "cache_saved_usd", u.cache_saved_usd);
  w.EndObject();
}

// edit_blocks lists the finished blocks (§4.2); `incomplete` those the
// stream cut off, which are never applied.
void write_blocks(JsonWriter& w, const char* key, const std::vector<EditBlock>& blocks, bool completed) {
  w.Key(key);
  w.StartArray();
  for (const auto& b : blocks) {
    if (b.completed != completed) continue;
    w.StartObject();
    util::write_member(w, "file", b.file_path);
    w.Key("is_create");
    w.Bool(b.is_create);
    util::write_member(w, "preview", EditApplier::preview(b.new_text));
    w.EndObject();
  }
  w.EndArray();
}

void write_error(JsonWriter& w, const ProviderError& e, const std::string& provider, const std::string& model) {
  util::write_member(w, "error", e.message);
  w.Key("error_info");
  w.StartObject();
  util::write_member(w, "error_type", error_type_name(e.kind));
  util::write_member(w, "message", e.message);
  w.Key("retry_after");
  if (e.retry_after_s) w.Double(*e.retry_after_s);
  else w.Null();
  util::write_member(w, "status_code", e.status_code);
  util::write_member(w, "provider", provider);
  util::write_member(w, "model", model);
  util::write_member(w, "original_type", e.provider_type);
  w.EndObject();
}

}  // namespace

const char* error_type_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::context_window_exceeded: return "context_window_exceeded";
    case ErrorKind::rate_limit: return "rate_limit";
    case ErrorKind::authentication: return "authentication";
    case ErrorKind::insufficient_quota: return "insufficient_quota";
    case ErrorKind::not_found: return "not_found";
    case ErrorKind::bad_request: return "bad_request";
    case ErrorKind::api_connection: return "api_connection";
    case ErrorKind::service_unavailable: return "service_unavailable";
    case ErrorKind::timeout: return "timeout";
    case ErrorKind::cancelled: return "cancelled";
    case ErrorKind::llm_error: return "llm_error";
  }
  return "llm_error";
}

std::string TurnOutcome::to_json() const {
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartObject();
  util::write_member(w, "response", response);
  if (!reasoning.empty()) util::write_member(w, "reasoning", reasoning);
  write_usage(w, usage);
  write_blocks(w, "edit_blocks", blocks, true);
  write_blocks(w, "incomplete", blocks, false);
  w.Key("agent_blocks");
  w.StartArray();
  w.EndArray();
  util::write_member(w, "shell_commands", shell_commands);
  if (undoable) util::write_member(w, "undoable", true);
  util::write_member(w, "passed", applied.passed);
  util::write_member(w, "already_applied", applied.already_applied);
  util::write_member(w, "failed", applied.failed);
  util::write_member(w, "skipped", applied.skipped);
  util::write_member(w, "not_in_context", applied.not_in_context);
  util::write_member(w, "files_modified", applied.files_modified);
  write_edit_results(w, applied.results);
  util::write_member(w, "files_auto_added", applied.files_auto_added);
  util::write_member(w, "files_created", applied.files_created);
  util::write_member(w, "binary_files", binary_files);
  util::write_member(w, "invalid_files", invalid_files);
  if (!refused_images.empty()) util::write_member(w, "refused_images", refused_images);
  if (!edits_not_applied.empty()) util::write_member(w, "edits_not_applied", edits_not_applied);
  if (!prompt_truncated.empty()) util::write_member(w, "prompt_truncated", prompt_truncated);
  util::write_member(w, "user_message", user_message);
  util::write_member(w, "finish_reason", finish_reason);
  util::write_member(w, "turn_id", turn_id);
  if (cancelled) {
    w.Key("cancelled");
    w.Bool(true);
  }
  if (error) write_error(w, *error, provider, model);
  if (cut_off) {
    w.Key("cut_off");
    w.Bool(true);
  }
  if (agent) {
    w.Key("agent");
    w.Bool(true);
  }
  if (agent || !steps.empty()) {  // an Ask turn's steps are its checks (agent/checks.hpp)
    const std::string steps_text = steps_json(steps);
    w.Key("steps");
    w.RawValue(steps_text.data(), steps_text.size(), rapidjson::kArrayType);
    if (!stopped_by.empty()) util::write_member(w, "stopped_by", stopped_by);
  }
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::llm

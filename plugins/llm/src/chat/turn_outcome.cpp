#include "chat/turn_outcome.hpp"

#include "edit/edit_applier.hpp"

#include <acdc/sdk/json.hpp>

namespace acdc::llm {
namespace {

void key_int(JsonWriter& w, const char* key, long v) {
  w.Key(key);
  w.Int64(v);
}

void key_str(JsonWriter& w, const char* key, const std::string& v) {
  w.Key(key);
  acdc::to_json(w, v);
}

void key_list(JsonWriter& w, const char* key, const std::vector<std::string>& v) {
  w.Key(key);
  acdc::to_json(w, v);
}

void write_usage(JsonWriter& w, const Usage& u) {
  w.Key("token_usage");
  w.StartObject();
  key_int(w, "prompt_tokens", u.prompt_tokens());
  key_int(w, "completion_tokens", u.output_tokens);
  key_int(w, "reasoning_tokens", u.reasoning_tokens);
  key_int(w, "cache_read_tokens", u.cache_read_tokens);
  key_int(w, "cache_write_tokens", u.cache_write_tokens);
  key_int(w, "prompt_cached_tokens", u.cache_read_tokens);
  w.Key("cost_usd");
  if (u.cost_usd) w.Double(*u.cost_usd);
  else w.Null();
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
    key_str(w, "file", b.file_path);
    w.Key("is_create");
    w.Bool(b.is_create);
    key_str(w, "preview", EditApplier::preview(b.new_text));
    w.EndObject();
  }
  w.EndArray();
}

void write_results(JsonWriter& w, const std::vector<EditResult>& results) {
  w.Key("edit_results");
  w.StartArray();
  for (const auto& r : results) {
    w.StartObject();
    key_str(w, "file", r.file);
    key_str(w, "status", r.status);
    key_str(w, "message", r.message);
    key_str(w, "error_type", r.error_type);
    key_str(w, "old_preview", r.old_preview);
    key_str(w, "new_preview", r.new_preview);
    w.EndObject();
  }
  w.EndArray();
}

void write_error(JsonWriter& w, const ProviderError& e, const std::string& provider, const std::string& model) {
  key_str(w, "error", e.message);
  w.Key("error_info");
  w.StartObject();
  key_str(w, "error_type", error_type_name(e.kind));
  key_str(w, "message", e.message);
  w.Key("retry_after");
  if (e.retry_after_s) w.Double(*e.retry_after_s);
  else w.Null();
  key_int(w, "status_code", e.status_code);
  key_str(w, "provider", provider);
  key_str(w, "model", model);
  key_str(w, "original_type", e.provider_type);
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
  key_str(w, "response", response);
  write_usage(w, usage);
  write_blocks(w, "edit_blocks", blocks, true);
  write_blocks(w, "incomplete", blocks, false);
  w.Key("agent_blocks");
  w.StartArray();
  w.EndArray();
  key_list(w, "shell_commands", shell_commands);
  key_int(w, "passed", applied.passed);
  key_int(w, "already_applied", applied.already_applied);
  key_int(w, "failed", applied.failed);
  key_int(w, "skipped", applied.skipped);
  key_int(w, "not_in_context", applied.not_in_context);
  key_list(w, "files_modified", applied.files_modified);
  write_results(w, applied.results);
  key_list(w, "files_auto_added", applied.files_auto_added);
  key_list(w, "files_created", applied.files_created);
  key_list(w, "binary_files", binary_files);
  key_list(w, "invalid_files", invalid_files);
  if (!refused_images.empty()) key_list(w, "refused_images", refused_images);
  if (!edits_not_applied.empty()) key_str(w, "edits_not_applied", edits_not_applied);
  key_str(w, "user_message", user_message);
  key_str(w, "finish_reason", finish_reason);
  key_str(w, "turn_id", turn_id);
  if (cancelled) {
    w.Key("cancelled");
    w.Bool(true);
  }
  if (error) write_error(w, *error, provider, model);
  if (cut_off) {
    w.Key("cut_off");
    w.Bool(true);
  }
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::llm

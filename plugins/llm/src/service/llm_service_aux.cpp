// LLMService: work that waits on Repo.* or the smaller model, run on the
// aux worker thread: the context breakdown, snippets, commit messages.
#include "service/llm_service.hpp"

#include "edit/edit_parser.hpp"
#include "prompt/prompt_assembler.hpp"
#include "prompt/prompt_store.hpp"
#include "provider/provider_config.hpp"
#include "service/model_limits.hpp"

#include <yaml-cpp/yaml.h>

namespace acdc::llm {
namespace {

void key_int(acdc::JsonWriter& w, const char* key, long v) {
  w.Key(key);
  w.Int64(v);
}

std::string commit_request(const std::string& system, const std::string& diff) {
  return "[{\"role\":\"system\",\"content\":" + acdc::to_json_text(system) +
         "},{\"role\":\"user\",\"content\":" + acdc::to_json_text(diff) + "}]";
}

}  // namespace

void LLMService::get_context_breakdown(acdc::Call call) {
  aux_worker_.post([this, call]() mutable {
    try {
      call.ok_raw(context_breakdown());
    } catch (const acdc::Error& e) {
      call.fail(e.status(), e.what());
    } catch (const std::exception& e) {
      call.fail(ACDC_E_APPLICATION, e.what());
    }
  });
}

// Reads every selected file and counts its tokens: on the aux worker only.
std::string LLMService::context_breakdown() {
  std::string model;
  PromptStore prompts;
  {
    std::lock_guard lock(mu_);
    model = ProviderConfig::from_json(config_["llm"]).model;
    prompts = PromptStore(config_["host"]);
  }
  const long system = static_cast<long>(count_tokens_(prompts.system_prompt()));
  rapidjson::StringBuffer details;
  acdc::JsonWriter d(details);
  long files = 0, file_count = 0;
  d.StartArray();
  for (const auto& path : session_.selected()) {
    long tokens = 0;
    try {
      tokens = static_cast<long>(count_tokens_(PromptAssembler::format_files({{path, repo_.read_for_prompt(path)}})));
    } catch (const FileAccessError&) {
      continue;  // binary or gone: not in the prompt either
    }
    files += tokens;
    ++file_count;
    d.StartObject();
    d.Key("path");
    acdc::to_json(d, path);
    key_int(d, "tokens", tokens);
    d.EndObject();
  }
  d.EndArray();
  long history = static_cast<long>(history_tokens());
  SymbolMap map = symbols_.current(session_.selected());
  const long legend = map.available() ? static_cast<long>(count_tokens_(map.header_and_legend())) : 0;
  const long symbol_map = map.available() ? static_cast<long>(count_tokens_(map.blocks_text())) : 0;
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  w.Key("scope"); w.String("main");
  w.Key("model"); acdc::to_json(w, model);
  w.Key("mode"); w.String("code");
  w.Key("cross_ref_enabled"); w.Bool(false);
  key_int(w, "total_tokens", system + legend + symbol_map + files + history);
  key_int(w, "max_input_tokens", kMaxInputTokens);
  w.Key("breakdown");
  w.StartObject();
  key_int(w, "system", system);
  key_int(w, "legend", legend);
  key_int(w, "symbol_map", symbol_map);
  key_int(w, "symbol_map_files", static_cast<long>(map.blocks.size()));
  if (!map.available()) {
    w.Key("symbol_map_unavailable");
    acdc::to_json(w, map.unavailable);
  }
  key_int(w, "files", files);
  key_int(w, "file_count", file_count);
  w.Key("file_details"); w.RawValue(details.GetString(), details.GetSize(), rapidjson::kArrayType);
  write_url_breakdown(w);
  key_int(w, "history", history);
  key_int(w, "history_messages", static_cast<long>(session_.message_count()));
  w.EndObject();
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

acdc::RawJson LLMService::get_snippets() {
  std::optional<std::filesystem::path> file = state_dir_ / "snippets.yaml";
  if (!std::filesystem::is_regular_file(*file)) {
    std::lock_guard lock(mu_);
    file = PromptStore(config_["host"]).find("snippets.yaml");
  }
  if (!file) return acdc::RawJson{"[]"};
  YAML::Node root;
  try {
    root = YAML::LoadFile(file->string());
  } catch (const YAML::Exception& e) {
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION, file->string() + " does not parse (" + e.what() + "): fix or delete it");
  }
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartArray();
  for (const auto& s : root["code"]) {
    w.StartObject();
    for (const char* key : {"icon", "tooltip", "message"}) {
      w.Key(key);
      acdc::to_json(w, s[key] ? s[key].as<std::string>() : std::string());
    }
    w.EndObject();
  }
  w.EndArray();
  return acdc::RawJson{std::string(buf.GetString(), buf.GetSize())};
}

void LLMService::generate_commit_message(acdc::Call call) {
  aux_worker_.post([this, call]() mutable {
    try {
      acdc::Json diff = repo_.call("Repo.get_staged_diff", "[]");
      std::string text = diff.IsString() ? diff.GetString() : "";
      if (trim(text).empty())
        return call.fail(ACDC_E_FAILED_PRECONDITION, "No staged changes to commit: stage files first");
      ProviderConfig pc;
      PromptStore prompts;
      {
        std::lock_guard lock(mu_);
        pc = ProviderConfig::from_json(config_["llm"]).for_aux();
        prompts = PromptStore(config_["host"]);
      }
      CancelFlag never(false);
      ChatRequest request{pc.model, commit_request(prompts.commit_prompt(), text), output_ceiling(pc.model)};
      ChatResult r = make_provider(pc)->complete(request, never);
      if (r.error) return call.fail(ACDC_E_UNAVAILABLE, "commit message generation failed: " + r.error->message);
      std::string message(trim(r.text));
      call.ok(message.empty() ? std::string("chore: update files") : message);
    } catch (const acdc::Error& e) {
      call.fail(e.status(), e.what());
    } catch (const std::exception& e) {
      call.fail(ACDC_E_APPLICATION, e.what());
    }
  });
}

}  // namespace acdc::llm

// service/served_windows.cpp -- see served_windows.hpp.
#include "service/served_windows.hpp"

#include "context/model_prices.hpp"
#include "provider/http_fetch.hpp"

#include <acdc/sdk/json.hpp>

namespace acdc::llm {
namespace {

constexpr double kTimeout = 2, kConnectTimeout = 1;

std::string answer_problem(const HttpFetch& f) {
  if (!f.error.empty()) return f.error;
  std::string body = f.body.substr(0, 200);
  return "HTTP " + std::to_string(f.status) + (body.empty() ? "" : ": " + body);
}

}  // namespace

ServedWindow ServedWindows::ollama_show(const std::string& base_url, const std::string& model) {
  ServedWindow s{.source = "Ollama's /api/show"};
  const HttpFetch f = http_fetch({.url = base_url + "/api/show",
                                  .headers = {"Content-Type: application/json", "Accept: application/json"},
                                  .post_body = "{\"model\":" + acdc::to_json_text(model) + "}",
                                  .timeout_s = kTimeout,
                                  .connect_timeout_s = kConnectTimeout});
  if (f.error.empty() && f.status == 200) {
    s.tokens = show_context_length(f.body);
    s.capabilities = show_capabilities(f.body);
  }
  if (s.tokens == 0) s.problem = f.error.empty() && f.status == 200 ? "no context_length in its answer" : answer_problem(f);
  if (f.status == 0)
    s.refusal = "No Ollama server answers at " + base_url + " (" + f.error +
                "): start it (ollama serve, or the Ollama app) and send again. Nothing was sent.";
  else if (f.status == 404)
    s.refusal = "Ollama at " + base_url + " has no model '" + model + "': pull it (ollama pull " + model +
                "), or name one that `ollama list` shows in llm.yaml. Nothing was sent.";
  return s;
}

ServedWindow ServedWindows::ask(const ProviderConfig& pc, const std::string& model) {
  if (pc.kind == ProviderKind::ollama) return ollama_show(pc.base_url, model);
  // llama.cpp's server answers /props beside its OpenAI-compatible /v1.
  if (pc.kind != ProviderKind::openai || !is_local_endpoint(pc.base_url)) return {};
  std::string root = pc.base_url;
  if (root.ends_with("/v1")) root.resize(root.size() - 3);
  ServedWindow s{.source = "llama.cpp's /props"};
  const HttpFetch f = http_fetch(
      {.url = root + "/props", .headers = {"Accept: application/json"}, .timeout_s = kTimeout, .connect_timeout_s = kConnectTimeout});
  if (f.error.empty() && f.status == 200) s.tokens = props_n_ctx(f.body);
  if (s.tokens == 0) s.problem = answer_problem(f);
  return s;
}

ServedWindow ServedWindows::get(const ProviderConfig& pc, const std::string& model) {
  const std::string key = pc.base_url + " " + model;
  {
    std::lock_guard lock(mu_);
    auto it = known_.find(key);
    if (it != known_.end() &&
        (it->second.window.tokens > 0 || std::chrono::steady_clock::now() - it->second.at < kRetry))
      return it->second.window;
  }
  // Asked without the lock: a second turn meanwhile asks too, and both keep the same answer.
  ServedWindow s = ask(pc, model);
  // A refusal is not kept: the user starts the server or pulls the model, and sends again.
  if (!s.refusal.empty()) return s;
  std::lock_guard lock(mu_);
  known_[key] = Known{s, std::chrono::steady_clock::now()};
  return s;
}

std::optional<ServedWindow> ServedWindows::known(const ProviderConfig& pc, const std::string& model) const {
  std::lock_guard lock(mu_);
  auto it = known_.find(pc.base_url + " " + model);
  if (it == known_.end()) return std::nullopt;
  return it->second.window;
}

std::optional<bool> ServedWindows::loaded(const ProviderConfig& pc, const std::string& model) {
  if (pc.kind != ProviderKind::ollama) return std::nullopt;
  const HttpFetch f = http_fetch({.url = pc.base_url + "/api/ps",
                                  .headers = {"Accept: application/json"},
                                  .timeout_s = kTimeout,
                                  .connect_timeout_s = kConnectTimeout});
  if (!f.error.empty() || f.status != 200) return std::nullopt;
  acdc::Json doc;
  doc.Parse(f.body.c_str());
  if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("models") || !doc["models"].IsArray()) return std::nullopt;
  // "qwen2.5-coder" in llm.yaml is "qwen2.5-coder:latest" to Ollama.
  const std::string tagged = model.find(':') == std::string::npos ? model + ":latest" : model;
  for (const auto& m : doc["models"].GetArray())
    for (const char* key : {"name", "model"})
      if (m.IsObject() && m.HasMember(key) && m[key].IsString() && (m[key].GetString() == model || m[key].GetString() == tagged))
        return true;
  return false;
}

void ServedWindows::forget() {
  std::lock_guard lock(mu_);
  known_.clear();
}

}  // namespace acdc::llm

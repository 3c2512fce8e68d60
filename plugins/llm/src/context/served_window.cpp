// context/served_window.cpp -- see served_window.hpp.
#include "context/served_window.hpp"

#include "chat/terminal_hud.hpp"

#include <acdc/sdk/json.hpp>

#include <algorithm>

namespace acdc::llm {
namespace {

long positive(const acdc::JsonValue& o, const char* key) {
  auto m = o.FindMember(key);
  if (m == o.MemberEnd() || !m->value.IsNumber()) return 0;
  const double d = m->value.GetDouble();
  return d >= 1 && d <= 1e9 ? static_cast<long>(d) : 0;
}

}  // namespace

long show_context_length(std::string_view body) {
  acdc::Json doc;
  doc.Parse(body.data(), body.size());
  if (doc.HasParseError() || !doc.IsObject()) return 0;
  auto info = doc.FindMember("model_info");
  if (info == doc.MemberEnd() || !info->value.IsObject()) return 0;
  // The key is named after the architecture: "llama.context_length", "qwen2.context_length".
  for (const auto& m : info->value.GetObject()) {
    const std::string_view key(m.name.GetString(), m.name.GetStringLength());
    if (key.ends_with(".context_length") && m.value.IsNumber() && m.value.GetDouble() >= 1)
      return static_cast<long>(std::min(m.value.GetDouble(), 1e9));
  }
  return 0;
}

long props_n_ctx(std::string_view body) {
  acdc::Json doc;
  doc.Parse(body.data(), body.size());
  if (doc.HasParseError() || !doc.IsObject()) return 0;
  if (auto slot = doc.FindMember("default_generation_settings"); slot != doc.MemberEnd() && slot->value.IsObject())
    if (long n = positive(slot->value, "n_ctx")) return n;
  return positive(doc, "n_ctx");
}

void fit_to_served(ModelLimits& m, const ServedWindow& served, bool ollama, bool user_window, long num_ctx_max) {
  if (user_window) return;  // llm.yaml's models: said it
  if (!ollama) {
    if (served.tokens <= 0) return;
    m.context_window = served.tokens;
    m.window_source = served.source + " (the n_ctx the server runs with)";
    m.known = true;
    m.note.clear();
    return;
  }
  const long length = served.tokens > 0 ? served.tokens : m.context_window;
  std::string source = served.tokens > 0 ? served.source + ": the model's " + with_thousands(length) : m.window_source;
  if (served.tokens > 0) {
    m.known = true;
    m.note.clear();
  } else if (!served.problem.empty()) {
    source += " (" + served.source + " did not say: " + served.problem + ")";
  }
  const long asked = num_ctx_max > 0 ? std::min(length, num_ctx_max) : length;
  if (!m.known)
    m.note = served.source + " did not say the model's context length (" + served.problem + "): acdc asks Ollama for " +
             with_thousands(asked) + " tokens; state the real window under models: in llm.yaml (models: {<model>: "
             "{context_window: N}})";
  if (num_ctx_max > 0 && length > num_ctx_max) {
    m.context_window = num_ctx_max;
    source += ", capped at ollama.num_ctx_max " + with_thousands(num_ctx_max);
  } else {
    m.context_window = length;
  }
  m.window_source = source;
}

}  // namespace acdc::llm

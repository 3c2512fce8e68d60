// context/served_window.cpp -- see served_window.hpp.
#include "context/served_window.hpp"

#include "chat/terminal_hud.hpp"

#include <acdc/sdk/json.hpp>

#include <algorithm>

namespace acdc::llm {
namespace {

constexpr long kTruncationFloor = 1024;  // tokens sent, below which no cut is reported

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

std::optional<std::vector<std::string>> show_capabilities(std::string_view body) {
  acdc::Json doc;
  doc.Parse(body.data(), body.size());
  if (doc.HasParseError() || !doc.IsObject()) return std::nullopt;
  auto caps = doc.FindMember("capabilities");
  if (caps == doc.MemberEnd() || !caps->value.IsArray()) return std::nullopt;
  std::vector<std::string> out;
  for (const auto& c : caps->value.GetArray())
    if (c.IsString()) out.emplace_back(c.GetString(), c.GetStringLength());
  return out;
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

std::string truncation_note(long evaluated, std::size_t sent) {
  // acdc's count and the model's tokenizer differ by a fifth or so: under
  // 0.6 of it is a cut, not another count. A short prompt says little.
  const auto sent_l = static_cast<long>(sent);
  if (evaluated <= 0 || sent_l < kTruncationFloor || static_cast<double>(evaluated) >= 0.6 * static_cast<double>(sent_l))
    return {};
  return "Ollama read " + with_thousands(evaluated) + " tokens of this prompt where acdc sent about " +
         with_thousands(sent_l) + ": it cut the front of the prompt (the system prompt and the map first) to fit the "
         "window it serves the model with, so this answer may have missed them. Drop a file from the context, or "
         "check the model's window (ollama ps shows it; models: in llm.yaml sets the one acdc asks for).";
}

void fit_tools_to_served(ModelLimits& m, const ServedWindow& served, bool user_tools) {
  if (user_tools || !served.capabilities) return;
  const auto& caps = *served.capabilities;
  if (std::find(caps.begin(), caps.end(), "tools") != caps.end()) return;
  std::string listed;
  for (const auto& c : caps) listed += (listed.empty() ? "" : ", ") + c;
  m.calls_tools = false;
  m.no_tools_why = served.source + " lists its capabilities as " + (listed.empty() ? "none" : listed) + ", without tools";
}

}  // namespace acdc::llm

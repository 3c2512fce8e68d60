#include "context/model_limits.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>

namespace acdc::llm {
namespace {

struct Window {
  const char* id_part;
  long tokens;
};

// Context windows as the providers publish them, most specific first: the
// first entry whose text occurs in the (lower-cased) model id wins.
constexpr std::array kWindows{
    Window{"gpt-4o", 128000},     Window{"gpt-4.1", 1047576},  Window{"gpt-4-turbo", 128000},
    Window{"gpt-4-32k", 32768},   Window{"gpt-4", 8192},       Window{"gpt-5", 400000},
    Window{"gpt-3.5", 16385},     Window{"o1-mini", 128000},   Window{"o1", 200000},
    Window{"o3", 200000},         Window{"o4-mini", 200000},   Window{"claude", 200000},
    Window{"gemini", 1048576},    Window{"deepseek", 128000},  Window{"llama-3", 128000},
    Window{"llama3", 128000},     Window{"qwen", 32768},       Window{"mistral", 32000},
    Window{"codestral", 256000},  Window{"grok", 131072},
};

struct Vision {
  const char* id_part;
  bool sees;
};

// Which models take images, as their providers publish it: the first entry
// whose text occurs in the model id wins (the text-only members of a
// family first); a model in none is taken not to (its images are described
// in words, never sent to a model that would refuse the request).
constexpr std::array kVision{
    Vision{"o1-mini", false},  Vision{"o3-mini", false},   Vision{"gpt-3.5", false},   Vision{"claude-2", false},
    Vision{"claude-instant", false}, Vision{"nova-micro", false},
    Vision{"gpt-4o", true},    Vision{"gpt-4.1", true},    Vision{"gpt-4-turbo", true}, Vision{"gpt-4", false},
    Vision{"gpt-5", true},     Vision{"o1", true},         Vision{"o3", true},          Vision{"o4-mini", true},
    Vision{"claude", true},    Vision{"gemini", true},     Vision{"grok-4", true},      Vision{"vision", true},
    Vision{"llava", true},     Vision{"-vl", true},        Vision{"pixtral", true},     Vision{"gemma3", true},
    Vision{"gemma-3", true},   Vision{"nova-pro", true},   Vision{"nova-lite", true},   Vision{"llama-4", true},
    Vision{"llama4", true},    Vision{"minicpm-v", true},  Vision{"moondream", true},
};

bool sees_images(const std::string& id) {
  for (const auto& v : kVision)
    if (id.find(v.id_part) != std::string::npos) return v.sees;
  return false;
}

}  // namespace

std::string lower_id(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Versions are written with a dash or a dot ("opus-4-5", "opus-4.5").
bool model_has_version(const std::string& id, const char* family, std::initializer_list<const char*> versions) {
  for (const char* v : versions) {
    std::string dashed = std::string(family) + "-" + v;
    std::string dotted = dashed;
    std::replace(dotted.begin() + static_cast<long>(std::string(family).size()) + 1, dotted.end(), '-', '.');
    if (id.find(dashed) != std::string::npos || id.find(dotted) != std::string::npos) return true;
  }
  return false;
}

int output_ceiling(const std::string& model) {
  std::string id = lower_id(model);
  if (model_has_version(id, "opus", {"4-5", "4-6", "4-7", "4-8"})) return 128000;
  if (model_has_version(id, "sonnet", {"4-5", "4-6", "4-7"})) return 64000;
  if (model_has_version(id, "haiku", {"4-5", "4-6"})) return 64000;
  if (id.find("gpt-4") != std::string::npos) return 16384;
  if (id.find("claude") != std::string::npos || id.find("anthropic") != std::string::npos) return 8192;
  return 4096;
}

std::size_t min_cacheable_tokens(const std::string& model) {
  std::string id = lower_id(model);
  if (model_has_version(id, "opus", {"4-5", "4-6", "4-7", "4-8"}) || model_has_version(id, "haiku", {"4-5"})) return 4096;
  return 1024;
}

ModelLimits model_limits(const std::string& model, const UserModels& user) {
  std::string id = lower_id(model);
  ModelLimits m{0, output_ceiling(model), min_cacheable_tokens(model)};
  m.sees_images = sees_images(id);
  for (const auto& w : kWindows)
    if (id.find(w.id_part) != std::string::npos) {
      m.context_window = w.tokens;
      m.window_source = "acdc's model table";
      break;
    }
  // The user's entries win.
  if (const UserModel* mine = user_model(model, user)) {
    if (mine->context_window > 0) {
      m.context_window = mine->context_window;
      m.window_source = "llm.yaml models:";
    }
    if (mine->max_output_tokens > 0) m.output_ceiling = mine->max_output_tokens;
    if (mine->cache_min_tokens > 0) m.min_cacheable_tokens = mine->cache_min_tokens;
    m.calls_tools = mine->tools.value_or(true);
    if (!m.calls_tools) m.no_tools_why = "llm.yaml models: says tools: false";
    m.sees_images = mine->images.value_or(m.sees_images);
  }
  if (m.context_window == 0) {
    m.context_window = kDefaultContextWindow;
    m.window_source = "assumed: the model is not in acdc's model table";
    m.known = false;
    m.note = "model '" + model + "' is not in the model table: assuming a " + std::to_string(kDefaultContextWindow) +
             "-token context window; state the real one under models: in llm.yaml (models: {" + model +
             ": {context_window: N}})";
  }
  return m;
}

const UserModel* user_model(const std::string& model, const UserModels& user) {
  // The longest matching name is the most specific.
  const std::string id = lower_id(model);
  const UserModel* mine = nullptr;
  std::size_t best = 0;
  for (const auto& [name, entry] : user) {
    std::string n = lower_id(name);
    if (!n.empty() && id.find(n) != std::string::npos && n.size() > best) {
      mine = &entry;
      best = n.size();
    }
  }
  return mine;
}

UserModels user_models(const rapidjson::Value& llm) {
  UserModels out;
  if (!llm.IsObject()) return out;
  auto models = llm.FindMember("models");
  if (models == llm.MemberEnd() || !models->value.IsObject()) return out;
  // 0 (not given) for a value no model limit can be: negative, or beyond an
  // int, whose cast would be undefined.
  auto number = [](const rapidjson::Value& v, const char* key) -> long {
    auto it = v.FindMember(key);
    if (it == v.MemberEnd() || !it->value.IsNumber()) return 0;
    const double d = it->value.GetDouble();
    return d >= 0 && d <= 2147483647.0 ? static_cast<long>(d) : 0;
  };
  auto price = [](const rapidjson::Value& v, const char* key) -> std::optional<double> {
    auto it = v.FindMember(key);
    if (it == v.MemberEnd() || !it->value.IsNumber() || it->value.GetDouble() < 0) return std::nullopt;
    return it->value.GetDouble();
  };
  auto flag = [](const rapidjson::Value& v, const char* key) -> std::optional<bool> {
    auto it = v.FindMember(key);
    return it != v.MemberEnd() && it->value.IsBool() ? std::optional(it->value.GetBool()) : std::nullopt;
  };
  for (const auto& m : models->value.GetObject()) {
    if (!m.value.IsObject()) continue;
    out[std::string(m.name.GetString(), m.name.GetStringLength())] =
        UserModel{number(m.value, "context_window"), static_cast<int>(number(m.value, "max_output_tokens")),
                  static_cast<std::size_t>(number(m.value, "cache_min_tokens")), price(m.value, "price_input"),
                  price(m.value, "price_output"), price(m.value, "price_cache_read"), price(m.value, "price_cache_write"),
                  flag(m.value, "tools"), flag(m.value, "images")};
  }
  return out;
}

}  // namespace acdc::llm

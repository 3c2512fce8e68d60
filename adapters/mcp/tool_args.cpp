#include "mcp/tool_args.hpp"


namespace acdc::adapters::mcp {

Args::Args(const rapidjson::Value* arguments, const std::vector<std::string>& known) : args_(arguments) {
  if (!args_) return;
  if (!args_->IsObject()) {
    fail("arguments must be an object");
    return;
  }
  for (const auto& m : args_->GetObject()) {
    bool listed = false;
    for (const auto& k : known) listed = listed || k == m.name.GetString();
    if (!listed) {
      std::string names;
      for (const auto& k : known) names += (names.empty() ? "" : ", ") + k;
      fail("unknown argument '" + std::string(m.name.GetString()) + "'" +
           (names.empty() ? ": this tool takes none" : ": this tool takes " + names));
      return;
    }
  }
}

void Args::fail(std::string problem) {
  if (problem_.empty()) problem_ = std::move(problem);
}

const rapidjson::Value* Args::find(const char* key) const {
  if (!args_ || !args_->IsObject()) return nullptr;
  auto it = args_->FindMember(key);
  return it == args_->MemberEnd() || it->value.IsNull() ? nullptr : &it->value;
}

const rapidjson::Value* Args::raw(const char* key) const { return find(key); }

std::optional<std::string> Args::text(const char* key, bool required) {
  const rapidjson::Value* v = find(key);
  if (!v) {
    if (required) fail(std::string(key) + ": required, a string");
    return std::nullopt;
  }
  if (!v->IsString()) {
    fail(std::string(key) + ": expected a string");
    return std::nullopt;
  }
  std::string s(v->GetString(), v->GetStringLength());
  if (required && s.empty()) {
    fail(std::string(key) + ": must not be empty");
    return std::nullopt;
  }
  return s;
}

std::optional<long> Args::integer(const char* key, long min, long max) {
  const rapidjson::Value* v = find(key);
  if (!v) return std::nullopt;
  if (!v->IsInt64() || v->GetInt64() < min || v->GetInt64() > max) {
    fail(std::string(key) + ": expected an integer from " + std::to_string(min) + " to " + std::to_string(max));
    return std::nullopt;
  }
  return static_cast<long>(v->GetInt64());
}

std::optional<bool> Args::flag(const char* key) {
  const rapidjson::Value* v = find(key);
  if (!v) return std::nullopt;
  if (!v->IsBool()) {
    fail(std::string(key) + ": expected true or false");
    return std::nullopt;
  }
  return v->GetBool();
}

std::optional<std::vector<std::string>> Args::texts(const char* key) {
  const rapidjson::Value* v = find(key);
  if (!v) return std::nullopt;
  if (!v->IsArray()) {
    fail(std::string(key) + ": expected an array of strings");
    return std::nullopt;
  }
  std::vector<std::string> out;
  for (const auto& e : v->GetArray()) {
    if (!e.IsString()) {
      fail(std::string(key) + ": expected an array of strings");
      return std::nullopt;
    }
    out.emplace_back(e.GetString(), e.GetStringLength());
  }
  return out;
}

}  // namespace acdc::adapters::mcp

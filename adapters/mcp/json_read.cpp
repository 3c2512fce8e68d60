#include "mcp/json_read.hpp"

#include <acdc/host/json.hpp>

namespace acdc::adapters::mcp {

bool parse(std::string_view json, rapidjson::Document& doc) {
  return rpc::parse_limited(json, doc, rpc::kMaxDepth) == rpc::ParseOutcome::ok;
}

std::string str(const rapidjson::Value& o, const char* key) {
  if (!o.IsObject()) return {};
  auto it = o.FindMember(key);
  return it != o.MemberEnd() && it->value.IsString() ? std::string(it->value.GetString(), it->value.GetStringLength())
                                                     : std::string();
}

long num(const rapidjson::Value& o, const char* key) {
  if (!o.IsObject()) return 0;
  auto it = o.FindMember(key);
  return it != o.MemberEnd() && it->value.IsInt64() ? static_cast<long>(it->value.GetInt64()) : 0;
}

bool flag(const rapidjson::Value& o, const char* key) {
  if (!o.IsObject()) return false;
  auto it = o.FindMember(key);
  return it != o.MemberEnd() && it->value.IsBool() && it->value.GetBool();
}

std::vector<std::string> strs(const rapidjson::Value& o, const char* key) {
  std::vector<std::string> out;
  if (!o.IsObject()) return out;
  auto it = o.FindMember(key);
  if (it == o.MemberEnd() || !it->value.IsArray()) return out;
  for (const auto& e : it->value.GetArray())
    if (e.IsString()) out.emplace_back(e.GetString(), e.GetStringLength());
  return out;
}

std::string json_string(std::string_view s) {
  std::string out;
  rpc::append_quoted(out, s);
  return out;
}

std::string as_text(std::string_view json_string) {
  rapidjson::Document doc;
  if (!parse(json_string, doc) || !doc.IsString()) return {};
  return std::string(doc.GetString(), doc.GetStringLength());
}

void JsonOut::strings(const std::vector<std::string>& v) {
  w.StartArray();
  for (const auto& s : v) string(s);
  w.EndArray();
}

}  // namespace acdc::adapters::mcp

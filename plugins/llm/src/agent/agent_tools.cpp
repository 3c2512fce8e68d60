#include "agent/agent_tools.hpp"

#include <acdc/sdk/call_and_wait.hpp>

#include <algorithm>

namespace acdc::llm {
namespace {

bool read_only(const acdc::JsonValue& tool) {
  auto a = tool.FindMember("annotations");
  if (a == tool.MemberEnd() || !a->value.IsObject()) return false;
  auto ro = a->value.FindMember("readOnlyHint");
  return ro != a->value.MemberEnd() && ro->value.IsBool() && ro->value.GetBool();
}

bool is_true(const acdc::JsonValue& o, const char* key) {
  auto m = o.FindMember(key);
  return m != o.MemberEnd() && m->value.IsTrue();
}

bool is_string(const acdc::JsonValue& o, const char* key) {
  auto m = o.FindMember(key);
  return m != o.MemberEnd() && m->value.IsString();
}

// A schema without its words (description, title, examples), for a
// window too small for them; property names stay, whatever they are called.
void write_schema(const acdc::JsonValue& s, acdc::JsonWriter& w, bool brief) {
  if (!s.IsObject()) return static_cast<void>(s.Accept(w));
  w.StartObject();
  for (const auto& m : s.GetObject()) {
    const std::string_view key(m.name.GetString(), m.name.GetStringLength());
    if (brief && (key == "description" || key == "title" || key == "examples" || key == "$comment")) continue;
    w.Key(m.name.GetString(), m.name.GetStringLength());
    if (key == "properties" && m.value.IsObject()) {
      w.StartObject();
      for (const auto& p : m.value.GetObject()) {
        w.Key(p.name.GetString(), p.name.GetStringLength());
        write_schema(p.value, w, brief);
      }
      w.EndObject();
    } else if ((key == "anyOf" || key == "oneOf" || key == "allOf") && m.value.IsArray()) {
      w.StartArray();
      for (const auto& v : m.value.GetArray()) write_schema(v, w, brief);
      w.EndArray();
    } else if (key == "items" || key == "additionalProperties" || key == "not") {
      write_schema(m.value, w, brief);
    } else {
      m.value.Accept(w);
    }
  }
  w.EndObject();
}

// The first sentence of a description: up to its first full stop or line end.
std::string_view first_sentence(std::string_view d) {
  std::size_t end = std::min(d.find('\n'), d.size());
  if (std::size_t stop = d.find(". "); stop < end) end = stop + 1;
  return d.substr(0, end);
}

// {"type":"function","function":{"name","description","parameters"}}.
std::string function_json(const acdc::JsonValue& t, bool brief) {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  const std::string_view description(t["description"].GetString(), t["description"].GetStringLength());
  w.StartObject();
  w.Key("type"), w.String("function");
  w.Key("function");
  w.StartObject();
  w.Key("name"), w.String(t["name"].GetString());
  w.Key("description"), acdc::to_json(w, std::string(brief ? first_sentence(description) : description));
  w.Key("parameters"), write_schema(t["inputSchema"], w, brief);
  w.EndObject();
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

std::string joined(const std::vector<std::string>& entries, std::size_t n) {
  if (n == 0) return {};
  std::string out = "[";
  for (std::size_t i = 0; i < n; ++i) out += (i ? "," : "") + entries[i];
  return out + "]";
}

}  // namespace

AgentTools AgentTools::from_host(const acdc::Host& host, const ToolPermissions& permissions) {
  acdc::Result r = acdc::call_and_wait(host, "Host.list_tools", "[]", std::chrono::seconds(10));
  if (!r.ok()) {
    host.log(ACDC_LOG_WARN, "Agent mode has no tools: Host.list_tools failed: " + r.payload);
    return {};
  }
  return from_list(r.payload, permissions);
}

AgentTools AgentTools::from_list(std::string_view list_json, const ToolPermissions& permissions) {
  AgentTools out;
  acdc::Json list;
  list.Parse(list_json.data(), list_json.size());
  if (list.HasParseError() || !list.IsArray()) return out;
  for (const auto& t : list.GetArray()) {
    if (!t.IsObject() || !is_string(t, "name") || !is_string(t, "method") || !is_string(t, "description") ||
        !t.HasMember("inputSchema") || !permissions.offered(t["name"].GetString()))
      continue;
    // A tool declared at run time (an MCP server's, through mcp-client)
    // says what its server claims: it asks like any tool that changes things.
    const bool by_name = is_true(t, "by_name");
    out.tools_.push_back(AgentTool{t["name"].GetString(), t["method"].GetString(), !by_name && read_only(t), by_name});
    out.full_.push_back(function_json(t, false));
    out.brief_.push_back(function_json(t, true));
  }
  out.provider_json_ = joined(out.full_, out.full_.size());
  return out;
}

AgentTools AgentTools::shrunk(bool brief, std::size_t keep) const {
  AgentTools out = *this;
  keep = std::min(keep, tools_.size());
  out.tools_.resize(keep);
  out.full_.resize(keep);
  out.brief_.resize(keep);
  out.provider_json_ = joined(brief ? out.brief_ : out.full_, keep);
  return out;
}

std::string AgentTool::args_json(std::string_view arguments) const {
  std::string out = "[" + std::string(arguments);
  if (by_name) out += "," + acdc::to_json_text(name);
  return out + "]";
}

const AgentTool* AgentTools::find(std::string_view name) const {
  for (const auto& t : tools_)
    if (t.name == name) return &t;
  return nullptr;
}

}  // namespace acdc::llm

#include "agent/agent_tools.hpp"

#include <acdc/sdk/call_and_wait.hpp>

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
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartArray();
  for (const auto& t : list.GetArray()) {
    if (!t.IsObject() || !is_string(t, "name") || !is_string(t, "method") || !is_string(t, "description") ||
        !t.HasMember("inputSchema") || !permissions.offered(t["name"].GetString()))
      continue;
    // A tool declared at run time (an MCP server's, through mcp-client)
    // says what its server claims: it asks like any tool that changes things.
    const bool by_name = is_true(t, "by_name");
    out.tools_.push_back(AgentTool{t["name"].GetString(), t["method"].GetString(), !by_name && read_only(t), by_name});
    w.StartObject();
    w.Key("type"), w.String("function");
    w.Key("function");
    w.StartObject();
    w.Key("name"), w.String(t["name"].GetString());
    w.Key("description"), w.String(t["description"].GetString());
    w.Key("parameters"), t["inputSchema"].Accept(w);
    w.EndObject();
    w.EndObject();
  }
  w.EndArray();
  if (!out.tools_.empty()) out.provider_json_.assign(buf.GetString(), buf.GetSize());
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

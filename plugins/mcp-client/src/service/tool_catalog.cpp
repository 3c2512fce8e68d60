// service/tool_catalog.cpp -- see tool_catalog.hpp.
#include "service/tool_catalog.hpp"

#include <acdc/sdk/json.hpp>

#include <algorithm>
#include <cctype>

namespace acdc::mcp_client {
namespace {

std::string text_member(const acdc::JsonValue& o, const char* key) {
  auto m = o.FindMember(key);
  return m != o.MemberEnd() && m->value.IsString() ? m->value.GetString() : "";
}

}  // namespace

std::string qualified_name(std::string_view server, std::string_view tool) {
  std::string out = std::string(server) + "__" + std::string(tool);
  for (char& c : out)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') c = '_';
  return out.size() <= 64 ? out : "";
}

ToolCatalog ToolCatalog::build(const std::vector<ServerLink::Snapshot>& servers, const Switches& switches,
                               std::string_view method) {
  ToolCatalog out;
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartArray();
  for (const auto& s : servers) {
    if (s.status != "connected") continue;
    acdc::Json list;
    list.Parse(s.tools_json.c_str());
    auto tools = list.IsObject() ? list.FindMember("tools") : list.MemberEnd();
    if (!list.IsObject() || tools == list.MemberEnd() || !tools->value.IsArray()) continue;
    std::vector<const acdc::JsonValue*> sorted;
    for (const auto& t : tools->value.GetArray())
      if (t.IsObject() && !text_member(t, "name").empty()) sorted.push_back(&t);
    std::sort(sorted.begin(), sorted.end(),
              [](auto* a, auto* b) { return text_member(*a, "name") < text_member(*b, "name"); });
    for (const acdc::JsonValue* t : sorted) {
      const std::string tool = text_member(*t, "name");
      const std::string name = qualified_name(s.config.name, tool);
      if (name.empty() || !switches.tool_on(name) || out.entries_.contains(name)) continue;
      out.entries_.emplace(name, CatalogEntry{s.config.name, tool});
      std::string description = text_member(*t, "description");
      w.StartObject();
      w.Key("name"), acdc::to_json(w, name);
      // Which server a tool comes from tells the model whose data it reaches.
      w.Key("description"),
          acdc::to_json(w, "(MCP server '" + s.config.name + "') " +
                               (description.empty() ? "The tool " + tool + "." : description));
      w.Key("inputSchema");
      auto schema = t->FindMember("inputSchema");
      if (schema != t->MemberEnd() && schema->value.IsObject()) schema->value.Accept(w);
      else w.StartObject(), w.Key("type"), w.String("object"), w.EndObject();
      if (auto title = text_member(*t, "title"); !title.empty()) w.Key("title"), acdc::to_json(w, title);
      w.Key("method"), acdc::to_json(w, std::string(method));
      w.EndObject();
    }
  }
  w.EndArray();
  out.declarations_.assign(buf.GetString(), buf.GetSize());
  return out;
}

const CatalogEntry* ToolCatalog::find(std::string_view qualified) const {
  auto it = entries_.find(qualified);
  return it == entries_.end() ? nullptr : &it->second;
}

}  // namespace acdc::mcp_client

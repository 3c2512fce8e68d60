#include "plugins/tool_decl.hpp"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <cctype>

namespace acdc::plugins {
namespace {

// MCP's tool-name guidance, which every provider's function names accept.
bool valid_tool_name(std::string_view name) {
  return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

}  // namespace

ToolDecl read_tool_decl(const char* text) {
  ToolDecl out;
  if (!text) return out;
  rapidjson::Document doc;
  doc.Parse(text);
  auto fail = [&out](std::string why) {
    out.problem = std::move(why) + ": fix the method's tool declaration and rebuild the plugin";
    return out;
  };
  if (doc.HasParseError() || !doc.IsObject()) return fail("its tool declaration is not a JSON object");
  auto name = doc.FindMember("name");
  if (name == doc.MemberEnd() || !name->value.IsString() ||
      !valid_tool_name({name->value.GetString(), name->value.GetStringLength()}))
    return fail("its tool has no name of 1-64 letters, digits, '_' or '-'");
  auto description = doc.FindMember("description");
  if (description == doc.MemberEnd() || !description->value.IsString() || !description->value.GetStringLength())
    return fail("its tool has no description");
  auto schema = doc.FindMember("inputSchema");
  if (schema == doc.MemberEnd() || !schema->value.IsObject()) return fail("its tool has no inputSchema object");
  for (const char* optional_object : {"outputSchema", "annotations"}) {
    auto m = doc.FindMember(optional_object);
    if (m != doc.MemberEnd() && !m->value.IsObject())
      return fail(std::string("its tool's ") + optional_object + " is not an object");
  }
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  doc.Accept(w);
  out.name.assign(name->value.GetString(), name->value.GetStringLength());
  out.json.assign(buf.GetString(), buf.GetSize());
  return out;
}

RuntimeTools read_runtime_tools(std::string_view text, const std::function<bool(std::string_view method)>& serves) {
  RuntimeTools out;
  rapidjson::Document doc;
  doc.Parse(text.data(), text.size());
  if (doc.HasParseError() || !doc.IsArray()) {
    out.problem = "set_tools expects a JSON array of tool declarations";
    return out;
  }
  for (auto& t : doc.GetArray()) {
    auto method = t.IsObject() ? t.FindMember("method") : rapidjson::Value::MemberIterator();
    if (!t.IsObject() || method == t.MemberEnd() || !method->value.IsString()) {
      out = RuntimeTools{{}, "each tool given to set_tools needs \"method\": the Class.method that serves it"};
      return out;
    }
    const std::string served(method->value.GetString(), method->value.GetStringLength());
    if (!serves(served)) {
      out = RuntimeTools{{}, "set_tools names " + served + ", which this plugin does not serve"};
      return out;
    }
    t.RemoveMember("method");
    rapidjson::StringBuffer buf;
    rapidjson::Writer<rapidjson::StringBuffer> w(buf);
    t.Accept(w);
    ToolDecl decl = read_tool_decl(std::string(buf.GetString(), buf.GetSize()).c_str());
    if (!decl.problem.empty()) {
      out = RuntimeTools{{}, "a tool given to set_tools: " + decl.problem};
      return out;
    }
    decl.json.pop_back();  // the closing '}': the method and by_name go in before it
    rapidjson::StringBuffer quoted;
    rapidjson::Writer<rapidjson::StringBuffer> q(quoted);
    q.String(served.data(), static_cast<rapidjson::SizeType>(served.size()));
    decl.json += ",\"method\":" + std::string(quoted.GetString(), quoted.GetSize()) + ",\"by_name\":true}";
    out.tools.emplace_back(std::move(decl.name), std::move(decl.json));
  }
  return out;
}

}  // namespace acdc::plugins

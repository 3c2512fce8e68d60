// session/tool_result.cpp -- see tool_result.hpp.
#include "session/tool_result.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/sdk/tool.hpp>

namespace acdc::mcp_client {
namespace {

std::string member(const acdc::JsonValue& o, const char* key) {
  auto m = o.FindMember(key);
  return m != o.MemberEnd() && m->value.IsString() ? std::string(m->value.GetString(), m->value.GetStringLength()) : "";
}

// base64 text of n characters holds about 3n/4 bytes.
std::string size_of_base64(const acdc::JsonValue& o, const char* key) {
  const std::size_t bytes = member(o, key).size() * 3 / 4;
  return bytes >= 1024 ? std::to_string(bytes / 1024) + " KiB" : std::to_string(bytes) + " bytes";
}

std::string describe(const acdc::JsonValue& block) {
  const std::string type = member(block, "type");
  if (type == "text") return member(block, "text");
  if (type == "image" || type == "audio")
    return "[" + std::string(type == "image" ? "an image" : "an audio clip") + " (" + member(block, "mimeType") + ", " +
           size_of_base64(block, "data") + ") the tool returned; it is not shown to you]";
  if (type == "resource_link") {
    std::string out = "[resource link: " + member(block, "name") + " " + member(block, "uri");
    if (auto mime = member(block, "mimeType"); !mime.empty()) out += " (" + mime + ")";
    if (auto d = member(block, "description"); !d.empty()) out += ": " + d;
    return out + "]";
  }
  if (type == "resource") {
    auto r = block.FindMember("resource");
    if (r == block.MemberEnd() || !r->value.IsObject()) return "[a resource with no content]";
    const std::string uri = member(r->value, "uri");
    if (r->value.HasMember("text")) return "[resource " + uri + "]\n" + member(r->value, "text");
    return "[resource " + uri + " (" + member(r->value, "mimeType") + ", " + size_of_base64(r->value, "blob") +
           ", binary: not shown to you)]";
  }
  return "[content of type '" + type + "', which acdc does not read]";
}

}  // namespace

std::string error_result(std::string_view why) { return acdc::tool_error(why).text; }

std::string to_agent_result(std::string_view call_tool_result_json) {
  acdc::Json in;
  in.Parse(call_tool_result_json.data(), call_tool_result_json.size());
  if (in.HasParseError() || !in.IsObject()) return error_result("the server's tool result is not a JSON object");
  std::string text;
  bool had_text = false;
  if (auto c = in.FindMember("content"); c != in.MemberEnd() && c->value.IsArray())
    for (const auto& block : c->value.GetArray()) {
      if (!block.IsObject()) continue;
      had_text = had_text || member(block, "type") == "text";
      if (!text.empty()) text += "\n";
      text += describe(block);
    }
  auto structured = in.FindMember("structuredContent");
  const bool has_structured = structured != in.MemberEnd() && !structured->value.IsNull();
  if (!had_text && has_structured) text += (text.empty() ? "" : "\n") + acdc::to_json_text(structured->value);
  auto err = in.FindMember("isError");
  const bool is_error = err != in.MemberEnd() && err->value.IsBool() && err->value.GetBool();
  return is_error ? acdc::tool_error(text).text : acdc::tool_result(text).text;
}

}  // namespace acdc::mcp_client

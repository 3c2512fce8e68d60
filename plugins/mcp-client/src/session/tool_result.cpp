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
std::size_t bytes_of_base64(std::size_t chars) { return chars * 3 / 4; }

std::string size_text(std::size_t bytes) {
  return bytes >= 1024 ? std::to_string(bytes / 1024) + " KiB" : std::to_string(bytes) + " bytes";
}

std::string size_of_base64(const acdc::JsonValue& o, const char* key) {
  return size_text(bytes_of_base64(member(o, key).size()));
}

bool is_base64(std::string_view s) {
  return !s.empty() && s.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") ==
                           std::string_view::npos;
}

// Why an image block is not passed on as an image ("" when it is).
std::string unsendable_image(const acdc::JsonValue& block) {
  const std::string mime = member(block, "mimeType");
  if (mime != "image/png" && mime != "image/jpeg" && mime != "image/gif" && mime != "image/webp")
    return "a format models do not take";
  const std::string data = member(block, "data");
  if (!is_base64(data)) return "its data is not base64";
  if (bytes_of_base64(data.size()) > kMaxImageBytes) return "over the " + size_text(kMaxImageBytes) + " a model takes";
  return {};
}

std::string describe(const acdc::JsonValue& block) {
  const std::string type = member(block, "type");
  if (type == "text") return member(block, "text");
  if (type == "image")
    return "[an image (" + member(block, "mimeType") + ", " + size_of_base64(block, "data") +
           ") the tool returned; not shown to you: " + unsendable_image(block) + "]";
  if (type == "audio")
    return "[an audio clip (" + member(block, "mimeType") + ", " + size_of_base64(block, "data") +
           ") the tool returned; it is not given to you]";
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
  // Text runs between images are joined, so the model reads one text per run.
  acdc::Json out(rapidjson::kObjectType);
  auto& a = out.GetAllocator();
  acdc::JsonValue blocks(rapidjson::kArrayType);
  std::string text;
  bool had_text = false;
  auto flush = [&] {
    if (text.empty()) return;
    acdc::JsonValue b(rapidjson::kObjectType);
    b.AddMember("type", "text", a);
    b.AddMember("text", acdc::JsonValue(text.c_str(), static_cast<rapidjson::SizeType>(text.size()), a), a);
    blocks.PushBack(b, a);
    text.clear();
  };
  if (auto c = in.FindMember("content"); c != in.MemberEnd() && c->value.IsArray())
    for (const auto& block : c->value.GetArray()) {
      if (!block.IsObject()) continue;
      had_text = had_text || member(block, "type") == "text";
      if (member(block, "type") == "image" && unsendable_image(block).empty()) {
        flush();
        acdc::JsonValue image(rapidjson::kObjectType);
        image.AddMember("type", "image", a);
        image.AddMember("data", acdc::JsonValue(block["data"], a), a);
        image.AddMember("mimeType", acdc::JsonValue(block["mimeType"], a), a);
        blocks.PushBack(image, a);
        continue;
      }
      if (!text.empty()) text += "\n";
      text += describe(block);
    }
  auto structured = in.FindMember("structuredContent");
  const bool has_structured = structured != in.MemberEnd() && !structured->value.IsNull();
  if (!had_text && has_structured) text += (text.empty() ? "" : "\n") + acdc::to_json_text(structured->value);
  flush();
  auto err = in.FindMember("isError");
  const bool is_error = err != in.MemberEnd() && err->value.IsBool() && err->value.GetBool();
  out.AddMember("content", blocks, a);
  out.AddMember("isError", is_error, a);
  return acdc::to_json_text(out);
}

}  // namespace acdc::mcp_client

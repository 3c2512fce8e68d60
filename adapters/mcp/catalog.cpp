#include "mcp/catalog.hpp"

#include <acdc/host/json.hpp>

#include <rapidjson/document.h>

#include <array>

namespace acdc::adapters::mcp {
namespace {

constexpr std::array<ToolSpec, 2> kTools{{
    {"apply_edits", "Apply edits",
     "Changes files with acdc's edit engine: each edit names a file, the exact existing text to replace (enough "
     "lines to be unique) and its replacement; an empty search creates the file. Give search/replace pairs, or "
     "text in acdc's edit-block form (path line, then 🟧🟧🟧 EDIT, old lines, 🟨🟨🟨 REPL, new lines, 🟩🟩🟩 END). "
     "Edits apply in order; each answers applied, already_applied (the text is there already) or failed with "
     "the reason. Paths outside the repository are refused.",
     R"({"type":"object","properties":{"replacements":{"type":"array","minItems":1,"items":{"type":"object","properties":{)"
     R"("path":{"type":"string","minLength":1},"search":{"type":"string"},"replace":{"type":"string"}},"required":["path","search","replace"],"additionalProperties":false}},)"
     R"("edit_blocks":{"type":"string","minLength":1},"dry_run":{"type":"boolean","default":false,"description":"check every edit would apply, write nothing"}},"additionalProperties":false})",
     R"({"type":"object","properties":{"results":{"type":"array","items":{"type":"object","properties":{"file":{"type":"string"},)"
     R"("status":{"type":"string"},"message":{"type":"string"},"error_type":{"type":"string"}},"required":["file","status","message"]}},)"
     R"("applied":{"type":"integer"},"already_applied":{"type":"integer"},"failed":{"type":"integer"},)"
     R"("files_modified":{"type":"array","items":{"type":"string"}},"dry_run":{"type":"boolean"}},"required":["results","applied","already_applied","failed","files_modified","dry_run"]})",
     false, true, false, false, "LLMService.apply_edits"},
    {"ask_acdc", "Ask acdc's model",
     "Runs one chat turn of acdc's own assistant (its configured model, with acdc's ranked map, the given files "
     "and the session's history, shared with acdc's browser UI). Its answer streams as progress notifications; "
     "edits it writes are applied to the files and reported.",
     R"({"type":"object","properties":{"question":{"type":"string","minLength":1},"files":{"type":"array","items":{"type":"string"},)"
     R"("description":"repository-relative paths to put in the model's context in full"}},"required":["question"],"additionalProperties":false})",
     R"({"type":"object","properties":{"answer":{"type":"string"},"edit_results":{"type":"array","items":{"type":"object"}},)"
     R"("files_modified":{"type":"array","items":{"type":"string"}},"cancelled":{"type":"boolean"}},"required":["answer","edit_results","files_modified","cancelled"]})",
     false, true, false, true, "LLMService.chat_streaming"},
}};

void append_tool(std::string& out, const ToolSpec& t) {
  out += R"({"name":)";
  rpc::append_quoted(out, t.name);
  out += R"(,"title":)";
  rpc::append_quoted(out, t.title);
  out += R"(,"description":)";
  rpc::append_quoted(out, t.description);
  out += R"(,"inputSchema":)";
  out += t.input_schema;
  out += R"(,"outputSchema":)";
  out += t.output_schema;
  out += R"(,"annotations":{"title":)";
  rpc::append_quoted(out, t.title);
  auto flag = [&](const char* key, bool v) { out += std::string(",\"") + key + "\":" + (v ? "true" : "false"); };
  flag("readOnlyHint", t.read_only);
  flag("destructiveHint", t.destructive);
  flag("idempotentHint", t.idempotent);
  flag("openWorldHint", t.open_world);
  out += "}}";
}

}  // namespace

std::span<const ToolSpec> tool_specs() { return kTools; }

const ToolSpec* find_tool(std::string_view name) {
  for (const ToolSpec& t : kTools)
    if (name == t.name) return &t;
  return nullptr;
}

const std::vector<std::string>& schema_properties(const ToolSpec& tool) {
  // Read once per tool from the schema text (kTools is constant).
  static const std::vector<std::vector<std::string>> kByTool = [] {
    std::vector<std::vector<std::string>> all;
    for (const ToolSpec& t : kTools) {
      rapidjson::Document schema;
      schema.Parse(t.input_schema);
      std::vector<std::string> names;
      for (const auto& p : schema["properties"].GetObject()) names.emplace_back(p.name.GetString());
      all.push_back(std::move(names));
    }
    return all;
  }();
  return kByTool[static_cast<std::size_t>(&tool - kTools.data())];
}

void list_tools(Engine& engine, std::function<void(std::string result_json)> done) {
  engine.call("Host.list_tools", "[]", [&engine, done = std::move(done)](acdc_status status, std::string_view text) {
    std::string out = R"({"tools":[)";
    rapidjson::Document plugin_tools;
    if (status == ACDC_OK) plugin_tools.Parse(text.data(), text.size());
    if (plugin_tools.IsArray())
      for (auto& t : plugin_tools.GetArray()) {
        // A tool of the user's own MCP servers (mcp-client, "by_name") is
        // not passed on: the agent has its own MCP client for those, and a
        // server list naming acdc would run acdc inside itself.
        if (!t.IsObject() || t.HasMember("by_name")) continue;
        t.RemoveMember("method");  // the host's routing, not the agent's business
        if (out.back() != '[') out += ',';
        out += rpc::to_text(t);
      }
    for (const ToolSpec& t : kTools) {
      if (!engine.serves(t.needs)) continue;
      if (out.back() != '[') out += ',';
      append_tool(out, t);
    }
    done(out + "]}");
  });
}

std::string tool_method(std::string_view list_json, std::string_view name) {
  rapidjson::Document list;
  list.Parse(list_json.data(), list_json.size());
  if (!list.IsArray()) return {};
  for (const auto& t : list.GetArray()) {
    if (!t.IsObject() || !t.HasMember("name") || !t["name"].IsString() || !t.HasMember("method") ||
        !t["method"].IsString() || t.HasMember("by_name"))
      continue;
    if (name == t["name"].GetString()) return t["method"].GetString();
  }
  return {};
}

}  // namespace acdc::adapters::mcp

// mcp/catalog.hpp -- the tools acdc offers an agent, in a fixed order: the
// list is part of the agent's prompt, so the same build lists the same bytes
// every time and the agent's prompt cache stays warm. First the tools the
// plugins declare (Host.list_tools: each plugin serves its own, and acdc's
// own agent offers the same list to its model), then the ones this adapter
// still runs itself over several plugins, each naming the plugin method it
// needs; a build without that plugin does not list it.
//
//   for (const ToolSpec& t : tool_specs()) if (engine.serves(t.needs)) ...
//   list_tools(engine, [](std::string json) { reply(json); });   // {"tools":[...]}
#pragma once

#include "mcp/engine.hpp"

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::adapters::mcp {

struct ToolSpec {
  const char* name;
  const char* title;
  const char* description;
  const char* input_schema;   // JSON Schema text
  const char* output_schema;  // JSON Schema text of structuredContent
  bool read_only;
  bool destructive;
  bool idempotent;
  bool open_world;            // reaches past the repository (a model)
  const char* needs;          // the plugin method it calls first
};

std::span<const ToolSpec> tool_specs();
const ToolSpec* find_tool(std::string_view name);
// The names of the input schema's properties of `tool` (one of tool_specs()), in schema order.
const std::vector<std::string>& schema_properties(const ToolSpec& tool);
// The result of tools/list: every tool this build serves, in that order.
void list_tools(Engine& engine, std::function<void(std::string result_json)> done);
// The method that serves the plugin tool `name` in a Host.list_tools
// answer, or "" when no plugin declares it (or it is an MCP server's, from
// mcp-client: those are not served here).
std::string tool_method(std::string_view list_json, std::string_view name);

}  // namespace acdc::adapters::mcp

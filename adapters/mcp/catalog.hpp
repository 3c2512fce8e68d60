// mcp/catalog.hpp -- the tools acdc offers an agent, in a fixed order: the
// list is part of the agent's prompt, so the same build lists the same bytes
// every time and the agent's prompt cache stays warm. Each tool names the
// plugin method it needs; a build without that plugin does not list it.
//
//   for (const ToolSpec& t : tool_specs()) if (engine.serves(t.needs)) ...
//   std::string json = tools_list_json(engine);   // {"tools":[...]}
#pragma once

#include "mcp/engine.hpp"

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
// The result of tools/list: every tool this build serves, in catalog order.
std::string tools_list_json(Engine& engine);

}  // namespace acdc::adapters::mcp

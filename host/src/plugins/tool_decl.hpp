// plugins/tool_decl.hpp -- a method's tool declaration (plugin_api.h, since
// 1.2: acdc_method_desc::tool), checked once at load and kept in one
// canonical compact form, so Host.list_tools writes the same bytes for the
// same build every time (the list is part of a model's prompt: a byte that
// moves empties the provider's cache).
//
//   ToolDecl t = read_tool_decl(md.tool);
//   if (!t.problem.empty()) refuse("Repo.read_file: " + t.problem);
//   list += t.json;    // {"name":"read_file",...}
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace acdc::plugins {

struct ToolDecl {
  std::string name;     // the tool's name ("read_file")
  std::string json;     // the declaration, compact; empty when the method is no tool
  std::string problem;  // non-empty: what is wrong with the declaration
};

// `text` may be null (the method is no tool). A declaration must be a JSON
// object with a name of [a-zA-Z0-9_-]{1,64}, a non-empty description and an
// object inputSchema; title, outputSchema and annotations are optional.
ToolDecl read_tool_decl(const char* text);

// The tools a plugin declares at run time (plugin_api.h, since 1.3:
// set_tools): a JSON array of declarations, each with the "method" that
// serves it, which `serves` must accept. Each comes out as (name, compact
// declaration with "method" and "by_name": true), in the given order.
struct RuntimeTools {
  std::vector<std::pair<std::string, std::string>> tools;
  std::string problem;  // non-empty: what is wrong, and nothing was read
};
RuntimeTools read_runtime_tools(std::string_view text, const std::function<bool(std::string_view method)>& serves);

}  // namespace acdc::plugins

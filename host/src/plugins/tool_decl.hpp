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

#include <string>
#include <string_view>

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

}  // namespace acdc::plugins

// agent/tool_answer.hpp -- what one tool call of an Agent turn gave: the text
// the model reads, whether it failed, the one line the user's step card
// shows, and the file it read whole (a result that names a path and its
// lines from the first to the last, as read_file's does), which joins the selection.
// Read from the plugin's CallToolResult (plugin_api.h 1.2), or its failure.
//
//   ToolAnswer a = read_tool_answer("read_file", host_result);
//   if (!a.whole_file.empty()) select(a.whole_file);
#pragma once

#include <acdc/sdk.hpp>

#include <string>
#include <string_view>

namespace acdc::llm {

struct ToolAnswer {
  bool failed = false;
  std::string text;        // what the model reads ("(no output)" rather than nothing)
  std::string summary;     // one line for the user
  std::string whole_file;  // the call read this file from its first line to its last
};

ToolAnswer read_tool_answer(const std::string& tool, const acdc::Result& r);

// The first line of `text`, cut at `max` bytes with an ellipsis.
std::string first_line(std::string_view text, std::size_t max);

}  // namespace acdc::llm

// agent/tool_answer.hpp -- what one tool call of an Agent turn gave: the text
// the model reads, whether it failed, the one line the user's step card
// shows, and the file it read whole (a result that names a path and its
// lines from the first to the last, as read_file's does), which joins the selection.
// Read from the plugin's CallToolResult (plugin_api.h 1.2), or its failure.
// Its images (MCP image blocks: an MCP server's screenshot, say) go to a
// model that takes images, as data URLs beside the text, which marks where
// each was; to one that does not, the text says what they were.
//
//   ToolAnswer a = read_tool_answer("read_file", host_result, /*sees_images=*/false);
//   if (!a.whole_file.empty()) select(a.whole_file);
#pragma once

#include <acdc/sdk.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

struct ToolAnswer {
  bool failed = false;
  std::string text;        // what the model reads ("(no output)" rather than nothing)
  std::string summary;     // one line for the user
  std::string whole_file;  // the call read this file from its first line to its last
  std::vector<std::string> images;  // data URLs ("data:image/png;base64,..."), for a model that takes them
};

// Images past this many in one result are described, not sent.
inline constexpr std::size_t kMaxImagesPerResult = 8;

ToolAnswer read_tool_answer(const std::string& tool, const acdc::Result& r, bool sees_images);

// The first line of `text`, cut at `max` bytes with an ellipsis.
std::string first_line(std::string_view text, std::size_t max);

}  // namespace acdc::llm

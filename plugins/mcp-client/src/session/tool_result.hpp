// session/tool_result.hpp -- an MCP server's CallToolResult as acdc's agent
// reads a tool's answer (plugin_api.h's tool contract): text blocks, and
// image blocks in MCP's own shape, so every kind of content the server
// sends reaches the model, as itself or in words.
//
//   std::string result = to_agent_result(server_result_json);
//
// text stays text; structuredContent is given as JSON text when the server
// sent no text beside it (and not passed on as acdc's own structured
// fields, which mean something to the agent); an image in a format every
// provider takes (PNG, JPEG, GIF, WebP) and of at most kMaxImageBytes stays
// an image (the agent sends it to a model that takes images, and describes
// it to one that does not); any other image, and an audio clip, is described
// (its type and size); a resource link is its name, URI and description; an
// embedded resource its text, or described when binary. isError is kept.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace acdc::mcp_client {

// The largest image passed on (decoded): the most Anthropic's API takes for one.
inline constexpr std::size_t kMaxImageBytes = 5u << 20;

std::string to_agent_result(std::string_view call_tool_result_json);

// An error result the model reads ({"content":[{"type":"text","text":why}],"isError":true}).
std::string error_result(std::string_view why);

}  // namespace acdc::mcp_client

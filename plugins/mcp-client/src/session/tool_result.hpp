// session/tool_result.hpp -- an MCP server's CallToolResult as acdc's agent
// reads a tool's answer: text blocks (plugin_api.h's tool contract), so
// every kind of content the server sends reaches the model as words.
//
//   std::string result = to_agent_result(server_result_json);
//
// text stays text; structuredContent is given as JSON text when the server
// sent no text beside it (and not passed on as acdc's own structured
// fields, which mean something to the agent); an image or audio clip is described
// (its type and size: the model is not sent it); a resource link is its
// name, URI and description; an embedded resource its text, or described
// when binary. isError is kept.
#pragma once

#include <string>
#include <string_view>

namespace acdc::mcp_client {

std::string to_agent_result(std::string_view call_tool_result_json);

// An error result the model reads ({"content":[{"type":"text","text":why}],"isError":true}).
std::string error_result(std::string_view why);

}  // namespace acdc::mcp_client

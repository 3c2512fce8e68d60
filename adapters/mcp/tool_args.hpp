// mcp/tool_args.hpp -- a tool call's arguments, read against its schema
// (the SDK's ToolArgs, which the plugins' own tools read theirs with).
#pragma once

#include <acdc/sdk/tool.hpp>

namespace acdc::adapters::mcp {

using Args = acdc::ToolArgs;

}  // namespace acdc::adapters::mcp

// mcp/tool_args.hpp -- a tool call's arguments, read against its schema by
// hand: the first problem becomes the tool's error message ("line: expected
// an integer of at least 1"), so the agent can correct itself (MCP reports
// bad arguments as a tool result with isError, not a protocol error).
//
//   Args a(arguments, schema_properties(tool));        // or {"path", "start_line", "end_line"}
//   auto path = a.text("path", true);
//   auto from = a.integer("start_line", 1, 1'000'000'000);
//   if (!a.ok()) return fail(a.problem());
#pragma once

#include <rapidjson/document.h>

#include <optional>
#include <string>
#include <vector>

namespace acdc::adapters::mcp {

class Args {
 public:
  // `known`: the properties of the schema; any other is a problem.
  Args(const rapidjson::Value* arguments, const std::vector<std::string>& known);

  std::optional<std::string> text(const char* key, bool required = false);
  std::optional<long> integer(const char* key, long min, long max);
  std::optional<bool> flag(const char* key);
  std::optional<std::vector<std::string>> texts(const char* key);
  // The value itself, for a caller that reads an array of objects.
  const rapidjson::Value* raw(const char* key) const;

  bool ok() const { return problem_.empty(); }
  const std::string& problem() const { return problem_; }
  void fail(std::string problem);

 private:
  const rapidjson::Value* find(const char* key) const;
  const rapidjson::Value* args_;
  std::string problem_;
};

}  // namespace acdc::adapters::mcp

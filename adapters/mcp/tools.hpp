// mcp/tools.hpp -- runs the catalog's tools (catalog.hpp) on acdc's plugins
// through an Engine, as a browser calls them, and the plugins' own tools. Each tool reads its arguments
// at once, then makes one or two plugin calls; its answer is an MCP
// CallToolResult: text for the model, structuredContent matching the
// tool's output schema, or isError with a message that says what to do.
//
//   Tools tools(engine, executor);
//   auto cancel = tools.call(*find_tool("read_file"), &arguments, {}, [](std::string result) { send(result); });
//   cancel();   // the agent gave up: ask_acdc stops the model; the others' answers are dropped
//
// Calls wait while acdc is still starting (the plugins index and restore
// the session in the background), up to kStartWait.
#pragma once

#include "mcp/catalog.hpp"
#include "mcp/engine.hpp"
#include "mcp/tool_args.hpp"

#include <boost/asio/any_io_executor.hpp>

#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace acdc::adapters::mcp {

inline constexpr auto kStartWait = std::chrono::seconds(120);

// A CallToolResult: the text, and the structured content (a JSON object) or none.
std::string tool_result(std::string_view text, std::string_view structured_json);
std::string tool_error(std::string_view message);

class Tools {
 public:
  using Done = std::function<void(std::string result_json)>;
  using Progress = std::function<void(std::string_view message)>;  // empty: the caller asked for none

  Tools(Engine& engine, boost::asio::any_io_executor executor) : engine_(engine), executor_(std::move(executor)) {}

  // Starts `tool` with its `arguments` (read before this returns); `done`
  // runs once, on any thread, unless the call is cancelled first.
  std::function<void()> call(const ToolSpec& tool, const rapidjson::Value* arguments, Progress progress, Done done);
  // A plugin's tool: `method` with the `arguments` object's text; its
  // CallToolResult goes to `done` as the plugin wrote it.
  std::function<void()> call_plugin_tool(std::string method, std::string arguments_json, Done done);

 private:
  // One plugin call; while acdc is still starting it is tried again.
  // `on_ok` gets the result's JSON; a failure ends the tool with its message.
  using OnOk = std::function<void(std::string result_json)>;
  void plugin(std::string method, std::string args_json, Done done, OnOk on_ok);
  void retry(std::string method, std::string args_json, Done done, OnOk on_ok,
             std::chrono::steady_clock::time_point deadline);

  // tools_edit.cpp
  void apply_edits(Args& a, Done done);
  std::function<void()> ask_acdc(Args& a, Progress progress, Done done);

  // acdc's chat runs one turn at a time: this agent's next ask_acdc (say,
  // right after a cancel, while the cancelled turn still winds down) starts
  // when its previous turn has ended, instead of failing as "busy".
  void begin_turn(std::function<void()> start);
  void turn_ended();

  Engine& engine_;
  boost::asio::any_io_executor executor_;
  std::atomic<unsigned long> next_turn_{1};
  std::mutex turn_mu_;
  bool turn_running_ = false;
  std::deque<std::function<void()>> waiting_turns_;
};

}  // namespace acdc::adapters::mcp

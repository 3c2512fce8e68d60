// mcp/engine.hpp -- what the MCP tools need from acdc: plugin methods, as a
// browser calls them, and the chat's per-call stream. EngineClient
// (engine_client.hpp) is the real one over a LocalClient; tests may stand
// in a fake for the pure parts.
//
//   engine.call("SymbolIndex.find_symbol", R"(["parse",20])", [](acdc_status s, std::string_view r) {...});
//   if (engine.serves("LLMService.chat_streaming")) ...      // a trimmed build may lack it
//   engine.watch_stream("mcp-7", {.chunk = ..., .complete = ...});   // AcApp.streamChunk/Complete of mcp-7
#pragma once

#include <acdc/host/reply.hpp>

#include <functional>
#include <string>
#include <string_view>

namespace acdc::adapters::mcp {

// A chat turn's notifications for one request id, each on any thread, in order.
struct ChatStream {
  std::function<void(std::string_view accumulated_text)> chunk;
  // An Agent turn's tool call, started or ended (AcApp.agentStep's step); may be empty.
  std::function<void(std::string_view step_json)> step;
  std::function<void(std::string_view result_json)> complete;
};

class Engine {
 public:
  virtual ~Engine() = default;
  // `done` runs once, on any thread, with the result's JSON or an error.
  virtual void call(std::string_view method, std::string args_json, rpc::ReplyHandler done) = 0;
  // Waits until the plugins have loaded (not indexed) the first time.
  virtual bool serves(std::string_view method) = 0;
  // Routes AcApp.streamChunk / streamComplete for `request_id` to `stream`
  // until the completion (or forget_stream).
  virtual void watch_stream(const std::string& request_id, ChatStream stream) = 0;
  virtual void forget_stream(const std::string& request_id) = 0;
};

}  // namespace acdc::adapters::mcp

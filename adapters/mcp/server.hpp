// mcp/server.hpp -- one MCP session: the lifecycle (initialize, version
// negotiation), tools/list and tools/call (tools.hpp), resources
// (resources.hpp), prompts (prompts.hpp), logging/setLevel, ping, cancellation and progress,
// and requests of the stateless revision 2026-07-28 (stateless.hpp). It
// knows no transport: stdio (stdio.hpp) feeds it lines, the /mcp endpoint
// HTTP bodies.
//
//   Server server({.engine = engine, .executor = io.get_executor(), .root = repo});
//   server.handle(text, [](std::string frame, bool last) { write(frame); });
//
// Every frame a message causes goes to its sink, on any thread: progress
// notifications first, then the response with last = true. A request that
// is cancelled ends with an empty frame and last = true (no response, as
// MCP asks). A notification or a response from the client causes nothing:
// handle() then returns false.
#pragma once

#include "mcp/engine.hpp"
#include "mcp/prompts.hpp"
#include "mcp/resources.hpp"
#include "mcp/tools.hpp"

#include <boost/asio/any_io_executor.hpp>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace acdc::adapters::mcp {

// The session era's versions, newest first (every one the official TypeScript
// SDK 1.x speaks), negotiated by initialize; the stateless revision's
// requests name theirs in _meta (stateless.hpp).
inline constexpr const char* kProtocolVersions[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05",
                                                    "2024-10-07"};

// Why `method` is not served, naming those that are (in the revision or the session era).
std::string not_served(std::string_view method, bool stateless);

class Server {
 public:
  using Sink = std::function<void(std::string frame, bool last)>;
  struct Options {
    Engine& engine;
    boost::asio::any_io_executor executor;
    std::filesystem::path root;
  };

  explicit Server(Options options);
  ~Server();  // cancels what is still running
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  bool handle(std::string_view text, Sink sink);
  // The version initialize settled on ("" before it).
  std::string protocol_version() const;

 private:
  // `stateless`: a request of MCP 2026-07-28 (stateless.hpp).
  void dispatch(const std::string& method, const rapidjson::Value* params, const std::string& id, Sink sink,
                bool stateless);
  static std::string discover_json();
  void initialize(const rapidjson::Value* params, const std::string& id, Sink& sink);
  void call_tool(const rapidjson::Value* params, const std::string& id, Sink sink);
  void cancel(const rapidjson::Value* params);
  // Registers the call `id` as running (for notifications/cancelled) and
  // starts it: `start` gets the answer's sink and returns the call's stop.
  void run_tool(const std::string& id, const Sink& sink,
                const std::function<std::function<void()>(Tools::Done)>& start);

  // A tools/call in flight.
  struct Running {
    std::mutex mu;
    bool ended = false;      // answered or cancelled
    bool cancelled = false;
    std::function<void()> stop;
    Sink sink;
  };
  // Ends `running` once; false when it had ended already.
  bool end(const std::string& id, const std::shared_ptr<Running>& running);

  Engine& engine_;
  std::filesystem::path root_;
  Tools tools_;
  Resources resources_;
  Prompts prompts_;
  mutable std::mutex mu_;
  std::string version_;
  std::string log_level_ = "info";
  std::map<std::string, std::shared_ptr<Running>> in_flight_;  // by request id
};

}  // namespace acdc::adapters::mcp

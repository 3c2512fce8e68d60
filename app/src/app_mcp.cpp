// app/app_mcp.cpp -- `acdc mcp`: an MCP server on stdin/stdout for a coding
// agent (adapters/mcp/). The agent launches it in a repository (or with
// --repo); `initialize` is answered at once while the plugins load on a
// thread of their own and the index builds in the background (tools that
// need it wait for it). As with --stdio, the protocol owns fd 1: it is
// duplicated for the protocol lines and then pointed at stderr, so no stray
// print can corrupt the stream.
#include "app.hpp"

#include "mcp/engine_client.hpp"
#include "mcp/server.hpp"
#include "mcp/stdio.hpp"

#include <chrono>
#include <thread>

namespace acdc::app {

int App::run_mcp() {
  const int protocol_fd = take_stdout();
  if (protocol_fd < 0 || !load_config()) return 2;
  // The agent that runs `acdc mcp` has its own MCP client, and this server
  // does not pass the user's servers' tools on: starting them would only
  // cost processes (and a list naming acdc would start acdc inside acdc).
  std::erase_if(config_.plugins, [](const config::PluginEntry& p) { return p.name == "mcp-client"; });
  control_thread_ = std::thread([this] { control_.run(); });
  io_threads_.emplace_back([this] { io_.run(); });

  util::FdLineWriter out(protocol_fd);
  adapters::mcp::EngineClient engine;
  std::thread loader([this, &engine] {
    load_plugins_for(repo_root_);
    engine.attach(hub_, io_.get_executor());
  });
  adapters::mcp::Server server({.engine = engine, .executor = io_.get_executor(), .root = repo_root_});
  const int code = adapters::mcp::serve_stdio(server, 0, out);
  // The agent closed stdin; the server stays for the answers shutdown fails.
  stop_within(std::chrono::seconds(3), "mcp", code, [&loader] { loader.join(); });
  return code;
}

}  // namespace acdc::app

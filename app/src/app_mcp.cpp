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

#include <acdc/host/log.hpp>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <future>

namespace acdc::app {

int App::run_mcp() {
  std::signal(SIGPIPE, SIG_IGN);
  const int protocol_fd = ::dup(1);
  ::dup2(2, 1);
  if (protocol_fd < 0 || !load_config()) return 2;
  control_thread_ = std::thread([this] { control_.run(); });
  io_threads_.emplace_back([this] { io_.run(); });

  adapters::mcp::Lines out(protocol_fd);
  adapters::mcp::EngineClient engine;
  std::thread loader([this, &engine] {
    load_plugins_for(repo_root_);
    engine.attach(hub_, io_.get_executor());
  });
  int code = 0;
  {
    adapters::mcp::Server server({.engine = engine, .executor = io_.get_executor(), .root = repo_root_});
    code = adapters::mcp::serve_lines(server, out, 0);
    // The agent closed stdin: stop as --stdio does, in bounded time, while
    // the server is still there for the answers that shutdown fails.
    std::promise<void> stopped;
    std::thread stopper([&] {
      loader.join();
      shutdown();
      stopped.set_value();
    });
    if (stopped.get_future().wait_for(std::chrono::seconds(3)) != std::future_status::ready) {
      log::warn("mcp: plugins did not stop within 3 s; exiting without them");
      std::_Exit(code);
    }
    stopper.join();
  }
  return code;
}

}  // namespace acdc::app

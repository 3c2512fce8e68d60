// app/app.hpp -- the acdc process: start-up in two phases, serving, shutdown.
//
//   App app(options, linked_plugins());
//   return app.run();      // returns when SIGINT or SIGTERM arrives
//
// (The example is compiled by tests/host/header_examples_test.cpp.)
//
// Phase one is fast: read the config, bind the port, load and activate the
// plugins (activation must be quick), start accepting, print the URL, open
// the browser; with --dev (or dev.watch) watch the plugin files and swap
// rebuilt plugins in (plugins/plugin_watcher.hpp). Phase two runs each plugin's start() hook on the start-up
// thread (indexing, session restore), reported to clients as
// AcApp.startupProgress, and ends with the "ready" stage. Shutdown answers
// or fails every in-flight call, closes the connections, deactivates the
// plugins in reverse order and exits 0.
#pragma once

#include "cli.hpp"
#include "paths.hpp"
#include "net/http_session.hpp"
#include "net/listener.hpp"
#include "plugins/host_context.hpp"
#include "plugins/plugin_manager.hpp"
#include "plugins/plugin_watcher.hpp"
#include "rpc/hub.hpp"
#include "rpc/router.hpp"

#include <acdc/host/host_config.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/thread_pool.hpp>

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace acdc::app {

class App {
 public:
  // `linked`: the plugins linked into this binary (plugins/linked_plugins.hpp).
  App(CliOptions options, std::map<std::string, acdc_entry_fn> linked);
  ~App();

  // Exit code: 0 after a clean shutdown, 2 when start-up failed (the reason
  // has been printed).
  int run();
  // `acdc --stdio` (app_stdio.cpp): a BB-7 backend on stdin/stdout; the
  // plugins load for the project root the client's init names.
  int run_stdio();
  // `acdc mcp` (app_mcp.cpp): an MCP server on stdin/stdout for the
  // repository of --repo; the plugins load in the background.
  int run_mcp();
  // `acdc acp` (app_acp.cpp): an ACP agent on stdin/stdout; the plugins
  // load for the first session's cwd.
  int run_acp();

 private:
  bool load_config();
  // app.yaml's interactive: block into interactive_; false (logged) when it
  // does not parse, and interactive_ is left as it was.
  bool read_interactive_config();
  void load_plugins_for(const std::filesystem::path& root);
  // The stdio modes (--stdio, mcp, acp; app_stdio.cpp). The protocol owns
  // stdout: returns a duplicate of fd 1 for its lines, with fd 1 pointed at
  // stderr so a stray print cannot corrupt the stream; -1 on failure.
  int take_stdout();
  // After the client left: `before` (a loader's join), then an orderly
  // shutdown; past `limit` the process exits with `code` regardless, since
  // plugins still starting can make a stop wait on calls that never come.
  void stop_within(std::chrono::seconds limit, const char* mode, int code, const std::function<void()>& before = {});
  bool bind();
  bool load_plugins();
  void add_builtins();
  void serve();
  void watch_plugins();
  void reload_plugin(std::string_view args_json, std::unique_ptr<rpc::CallOrigin> origin);
  void wait_for_signal();
  void shutdown();
  void run_on_control(std::function<void()> work);
  std::string host_json() const;
  std::string url() const;

  CliOptions options_;
  std::map<std::string, acdc_entry_fn> linked_;
  Paths paths_;
  config::HostConfig config_;
  // app.yaml's interactive: block; Host.reload_config reads it again, and
  // each new /ws connection takes the values of the moment.
  mutable std::mutex interactive_mu_;
  config::InteractiveConfig interactive_;
  std::filesystem::path repo_root_;
  std::filesystem::path runtime_dir_;
  std::string token_;

  boost::asio::io_context io_;
  boost::asio::io_context control_;
  boost::asio::thread_pool workers_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> io_guard_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> control_guard_;
  std::vector<std::thread> io_threads_;
  std::thread control_thread_;
  std::thread startup_thread_;

  rpc::Router router_;
  rpc::Hub hub_;
  plugins::HostContext host_;
  std::unique_ptr<plugins::PluginManager> manager_;
  std::unique_ptr<plugins::PluginWatcher> watcher_;
  std::shared_ptr<net::Listener> listener_;
  std::unique_ptr<net::ServerContext> server_;
  // The /ws connections, which the hub does not know: shutdown closes them
  // with 1001 as it does the hub's peers.
  std::mutex endpoints_mu_;
  std::vector<std::weak_ptr<rpc::Transport>> endpoints_;
  // Until every connection closed at shutdown is gone, or `limit` passed.
  void wait_for_closes(std::chrono::milliseconds limit);
  std::unique_ptr<boost::asio::signal_set> signals_;
};

}  // namespace acdc::app

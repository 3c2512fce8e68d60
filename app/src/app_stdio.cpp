// app/app_stdio.cpp -- `acdc --stdio`: a bb7.nvim backend (adapters/bb7/),
// and what the three stdio modes (--stdio, mcp, acp) share.
//
// No port, no browser. The protocol owns stdout: fd 1 is duplicated for the
// protocol lines and then pointed at stderr, so a stray print from a plugin
// or a library can never corrupt the stream. The plugins load the way the
// web host loads them, once the client's init names the project root, on a
// thread of their own so that init is answered at once.
#include "app.hpp"

#include "bb7/config.hpp"
#include "bb7/engine_client.hpp"
#include "bb7/session.hpp"
#include "bb7/stdio_loop.hpp"

#include <acdc/host/log.hpp>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <future>

namespace acdc::app {

namespace fs = std::filesystem;

void App::load_plugins_for(const fs::path& root) {
  std::error_code ec;
  repo_root_ = root.empty() ? fs::current_path(ec) : root;
  if (!load_plugins())
    log::warn("some plugins did not start; the requests that need them answer with an error");
  startup_thread_ = std::thread([this] { manager_->start_all(); });
}

int App::take_stdout() {
  std::signal(SIGPIPE, SIG_IGN);
  const int protocol_fd = ::dup(1);
  ::dup2(2, 1);
  return protocol_fd;
}

void App::stop_within(std::chrono::seconds limit, const char* mode, int code, const std::function<void()>& before) {
  std::promise<void> stopped;
  std::thread stopper([&] {
    if (before) before();
    shutdown();
    stopped.set_value();
  });
  if (stopped.get_future().wait_for(limit) != std::future_status::ready) {
    log::warn(std::string(mode) + ": plugins did not stop within " + std::to_string(limit.count()) +
              " s; exiting without them");
    std::_Exit(code);
  }
  stopper.join();
}

int App::run_stdio() {
  const int protocol_fd = take_stdout();
  if (protocol_fd < 0 || !load_config()) return 2;
  control_thread_ = std::thread([this] { control_.run(); });
  io_threads_.emplace_back([this] { io_.run(); });

  util::FdLineWriter out(protocol_fd);
  adapters::bb7::EngineClient engine;
  std::thread loader;
  adapters::bb7::Session session({
      .home = adapters::bb7::home_dir(),
      .emit = [&out](const std::string& line) { out.write(line); },
      .engine = &engine,
      .on_init = [this, &loader, &engine](const fs::path& root) {
        if (loader.joinable()) return;  // one project per process: the first init's
        loader = std::thread([this, root, &engine] {
          load_plugins_for(root);
          engine.attach(hub_, io_.get_executor());
        });
      },
  });
  const int code = adapters::bb7::read_stdin_lines(session, out);
  session.close();  // the chat lock is released and every .bb7 write is done
  // The reference exits at once on EOF.
  stop_within(std::chrono::seconds(3), "bb7", code, [&loader] {
    if (loader.joinable()) loader.join();
  });
  return code;
}

}  // namespace acdc::app

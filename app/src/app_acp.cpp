// app/app_acp.cpp -- `acdc acp`: an ACP agent on stdin/stdout for an editor
// (adapters/acp/).
//
// As in app_stdio.cpp: the protocol owns a duplicate of fd 1 and fd 1 then
// points at stderr, so a stray print can never corrupt the stream; no port,
// no browser. The plugins load for the repository of the first session
// (its cwd, or --repo), on the agent's worker, so `initialize` is answered
// at once.
#include "app.hpp"

#include "acp/agent.hpp"
#include "acp/wire.hpp"
#include "config/config_files.hpp"

#include <acdc/host/errors.hpp>
#include <acdc/host/log.hpp>
#include <acdc/util/fd_lines.hpp>

#include <chrono>

namespace acdc::app {

namespace fs = std::filesystem;

int App::run_acp() {
  const int protocol_fd = take_stdout();
  if (protocol_fd < 0 || !load_config()) return 2;
  adapters::acp::AcpSettings settings;
  try {
    settings = adapters::acp::parse_acp_settings(
        config::ConfigFiles(paths_.user_config_dir, paths_.bundled_config_dir).read("app.yaml"));
  } catch (const acdc::Error& e) {
    log::error(std::string("config: ") + e.what());
    return 2;
  }
  control_thread_ = std::thread([this] { control_.run(); });
  io_threads_.emplace_back([this] { io_.run(); });

  util::FdLineWriter out(protocol_fd);
  adapters::acp::Connection conn([&out](std::string_view line) { out.write(line); });
  adapters::acp::Engine engine;
  adapters::acp::Agent agent({
      .conn = conn,
      .engine = engine,
      .settings = settings,
      .version = ACDC_VERSION,
      .repo = options_.repo == "." ? fs::path() : fs::path(repo_root_),
      .load_plugins = [this, &engine](const fs::path& root) {
        load_plugins_for(root);
        engine.attach(hub_, io_.get_executor());
      },
  });
  util::read_fd_lines(
      0, adapters::acp::kMaxLine,
      [&agent](std::string_view line) {
        agent.handle(adapters::acp::parse_incoming(line));
        return true;
      },
      [&conn] {
        conn.error("null", rpc::kInvalidRequest, "Invalid Request: a message over 64 MiB was dropped");
        return true;
      });
  agent.close();  // a running turn is stopped; the plugin writes its history
  // An orderly stop waits for the turn's end and the plugins.
  stop_within(std::chrono::seconds(5), "acp", 0);
  return 0;
}

}  // namespace acdc::app

// The usage examples at the top of host headers, compiled (STYLE.md: an
// example no test builds will rot). Each function holds one header's example
// as written there; they are compiled and linked (external functions), not
// run: running them means serving.
#include "app.hpp"
#include "net/listener.hpp"
#include "plugins/linked_plugins.hpp"
#include "plugins/plugin_manager.hpp"

#include <acdc/host/log.hpp>
#include <catch2/catch.hpp>

using namespace std::chrono_literals;

namespace header_examples {

// app/app.hpp
int app_example(acdc::app::CliOptions options) {
  using namespace acdc::app;
  using acdc::plugins::linked_plugins;
  App app(options, linked_plugins());
  return app.run();      // returns when SIGINT or SIGTERM arrives
}

// net/listener.hpp
void listener_example(boost::asio::io_context& io, const acdc::net::ServerContext& context) {
  using namespace acdc::net;
  using acdc::Status;
  namespace log = acdc::log;
  std::shared_ptr<Listener> l;
  Status s = Listener::bind(io, "127.0.0.1", 18080, /*attempts=*/50, l);  // 18080, 18081, ...
  if (!s.ok()) return log::error(s.message());
  l->start(context);   // each connection becomes an HttpSession on its own strand
}

// plugins/plugin_manager.hpp
void plugin_manager_example(acdc::plugins::HostContext& host, acdc::plugins::PluginSources sources,
                                             std::string host_json, acdc::config::ConfigFiles files,
                                             const acdc::config::HostConfig& config) {
  using namespace acdc::plugins;
  using acdc::Status;
  namespace log = acdc::log;
  PluginManager manager(host, sources, host_json, files);
  if (Status s = manager.load(config.plugins); !s.ok()) return log::error(s.message());
  manager.start_all();        // deferred start-up, on the start-up thread
  manager.stop_all();         // at shutdown
  manager.wait_retired(5s);
}

}  // namespace header_examples

TEST_CASE("the host headers' usage examples compile and link") {
  SUCCEED("app.hpp, listener.hpp and plugin_manager.hpp examples built");
}

// plugins/host_context.hpp -- what the host services need to reach.
//
// One HostContext per host process. The C service table (host_services.cpp)
// finds it through the calling plugin's generation.
#pragma once

#include "plugins/in_flight.hpp"

#include <acdc/plugin_api.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <memory>
#include <mutex>
#include <set>

namespace acdc::rpc {
class Hub;
}

namespace acdc::plugins {

class PluginManager;

struct HostContext {
  HostContext(boost::asio::io_context& io_, boost::asio::thread_pool& workers_,
              boost::asio::io_context& control_, rpc::Hub& hub_)
      : io(io_), workers(workers_), control(control_), hub(hub_) {}

  boost::asio::io_context& io;            // network I/O and invoke()
  boost::asio::thread_pool& workers;      // post(): work that may block
  boost::asio::io_context& control;       // lifecycle hooks, one at a time
  rpc::Hub& hub;
  PluginManager* manager = nullptr;

  std::atomic<bool> stopping{false};
  // Inbound calls not yet completed and open holds: shutdown waits for
  // them before it closes connections.
  InFlight inbound;

  // Timers of delayed post()s, so that shutdown can run them early instead
  // of dropping them (each holds a generation reference).
  std::mutex timers_mu;
  std::set<std::shared_ptr<boost::asio::steady_timer>> timers;
};

// The table handed to every plugin at negotiation.
const acdc_host_api* host_api();

}  // namespace acdc::plugins

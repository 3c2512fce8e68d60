// plugins/plugin_slot.hpp -- the routing target for one plugin id.
//
// A slot points at the plugin's current generation. During a hot swap it
// holds new calls in a bounded queue (never dropping them) until the next
// generation takes over, or the old one resumes after a failed swap.
//
//   slot->dispatch("Echo.add", "[1,2]", std::move(origin));
#pragma once

#include "plugins/generation.hpp"
#include "rpc/call_origin.hpp"
#include "rpc/call_target.hpp"

#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace acdc::plugins {

class PluginSlot final : public rpc::CallTarget {
 public:
  explicit PluginSlot(std::string id) : id_(std::move(id)) {}

  const std::string& id() const { return id_; }

  // [any] Runs the call on the current generation, holds it while swapping,
  // or fails it when the plugin is not loaded.
  void dispatch(std::string_view method, std::string_view args_json,
                std::unique_ptr<rpc::CallOrigin> origin) override;

  std::shared_ptr<Generation> current() const;
  void set_current(std::shared_ptr<Generation> generation);

  // Starts holding new calls (hot swap). Bounded: past kHoldLimit calls are
  // refused with ACDC_E_UNAVAILABLE rather than growing without end.
  void hold();
  // Stops holding and runs the held calls, in arrival order, on whatever
  // generation is current now.
  void release();

  static constexpr size_t kHoldLimit = 10000;

 private:
  struct Held {
    std::string method;
    std::string args;
    std::unique_ptr<rpc::CallOrigin> origin;
  };

  // `draining` is gen's drain ticket for this call, taken under the lock.
  void invoke(std::shared_ptr<Generation> gen, InFlight::Ticket draining, std::string_view method,
              std::string_view args, std::unique_ptr<rpc::CallOrigin> origin);

  std::string id_;
  mutable std::mutex mu_;
  std::shared_ptr<Generation> current_;
  bool holding_ = false;
  std::deque<Held> held_;
};

}  // namespace acdc::plugins

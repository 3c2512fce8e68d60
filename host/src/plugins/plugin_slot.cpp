#include "plugins/plugin_slot.hpp"

#include "plugins/call.hpp"
#include "plugins/host_context.hpp"

namespace acdc::plugins {

void PluginSlot::dispatch(std::string_view method, std::string_view args_json,
                          std::unique_ptr<rpc::CallOrigin> origin) {
  std::shared_ptr<Generation> gen;
  InFlight::Ticket draining;
  bool overflow = false;
  {
    std::lock_guard lock(mu_);
    if (holding_) {
      if (held_.size() < kHoldLimit) {
        held_.push_back(Held{std::string(method), std::string(args_json), std::move(origin)});
        return;
      }
      overflow = true;
    } else {
      gen = current_;
      // Taken under the lock: a swap's hold() then wait_drained() cannot
      // miss a call that was on its way to this generation.
      if (gen) draining = gen->drain_ticket();
    }
  }
  if (overflow) {
    origin->finish(ACDC_E_UNAVAILABLE, "plugin '" + id_ + "' is being swapped and " +
                                           std::to_string(kHoldLimit) +
                                           " calls are already waiting: retry shortly");
    return;
  }
  invoke(std::move(gen), std::move(draining), method, args_json, std::move(origin));
}

void PluginSlot::invoke(std::shared_ptr<Generation> gen, InFlight::Ticket draining, std::string_view method,
                        std::string_view args, std::unique_ptr<rpc::CallOrigin> origin) {
  if (!gen) {
    origin->finish(ACDC_E_UNAVAILABLE, "plugin '" + id_ + "' is not loaded");
    return;
  }
  const MethodEntry* entry = gen->find(method);
  if (!entry) {
    draining.release();  // now, while `gen` surely keeps its counter alive
    origin->finish(rpc::kStatusMethodNotFound,
                   "Method not found: " + std::string(method) + " (plugin '" + id_ +
                       "' version " + gen->version() + " no longer provides it)");
    return;
  }
  void* state = gen->state();
  // A long-running call must not hold a swap back; it finishes on `gen`.
  if (entry->flags & ACDC_METHOD_LONG_RUNNING) draining.release();
  InFlight::Ticket inbound = gen->host().inbound.take();
  auto* call = new acdc_call{std::move(gen), entry, std::move(origin), std::move(draining), std::move(inbound)};
  entry->invoke(state, entry->method_data, call, acdc_str{args.data(), args.size()});
}

std::shared_ptr<Generation> PluginSlot::current() const {
  std::lock_guard lock(mu_);
  return current_;
}

void PluginSlot::set_current(std::shared_ptr<Generation> generation) {
  std::lock_guard lock(mu_);
  current_ = std::move(generation);
}

void PluginSlot::hold() {
  std::lock_guard lock(mu_);
  holding_ = true;
}

void PluginSlot::release() {
  std::deque<Held> held;
  std::shared_ptr<Generation> gen;
  std::vector<InFlight::Ticket> tickets;
  {
    std::lock_guard lock(mu_);
    holding_ = false;
    held.swap(held_);
    gen = current_;
    if (gen)  // as dispatch() takes them, under the lock
      for (size_t i = 0; i < held.size(); ++i) tickets.push_back(gen->drain_ticket());
  }
  for (size_t i = 0; i < held.size(); ++i)
    invoke(gen, gen ? std::move(tickets[i]) : InFlight::Ticket(), held[i].method, held[i].args,
           std::move(held[i].origin));
}

}  // namespace acdc::plugins

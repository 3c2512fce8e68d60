#include "plugins/plugin_slot.hpp"

#include "plugins/call.hpp"
#include "plugins/host_context.hpp"

namespace acdc::plugins {

void PluginSlot::dispatch(std::string_view method, std::string_view args_json,
                          std::unique_ptr<rpc::CallOrigin> origin) {
  std::shared_ptr<Generation> gen;
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
      // Counted under the lock: a swap's hold() then drain() cannot miss a
      // call that was on its way to this generation (invoke() settles it).
      if (gen) gen->draining_calls++;
    }
  }
  if (overflow) {
    origin->finish(ACDC_E_UNAVAILABLE, "plugin '" + id_ + "' is being swapped and " +
                                           std::to_string(kHoldLimit) +
                                           " calls are already waiting: retry shortly");
    return;
  }
  invoke(std::move(gen), method, args_json, std::move(origin));
}

void PluginSlot::invoke(std::shared_ptr<Generation> gen, std::string_view method,
                        std::string_view args, std::unique_ptr<rpc::CallOrigin> origin) {
  if (!gen) {
    origin->finish(ACDC_E_UNAVAILABLE, "plugin '" + id_ + "' is not loaded");
    return;
  }
  const MethodEntry* entry = gen->find(method);
  if (!entry) {
    gen->draining_calls--;
    origin->finish(rpc::kStatusMethodNotFound,
                   "Method not found: " + std::string(method) + " (plugin '" + id_ +
                       "' version " + gen->version() + " no longer provides it)");
    return;
  }
  void* state = gen->state();
  gen->host().calls_in_flight++;
  // The count taken under the slot's lock is now this call's, but a
  // long-running call must not hold a swap back.
  if (entry->flags & ACDC_METHOD_LONG_RUNNING) gen->draining_calls--;
  auto* call = new acdc_call{std::move(gen), entry, std::move(origin)};
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
  {
    std::lock_guard lock(mu_);
    holding_ = false;
    held.swap(held_);
    gen = current_;
    if (gen) gen->draining_calls += static_cast<long>(held.size());  // as dispatch() counts
  }
  for (Held& h : held) invoke(gen, h.method, h.args, std::move(h.origin));
}

}  // namespace acdc::plugins

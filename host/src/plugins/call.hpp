// plugins/call.hpp -- one inbound call and one hold: the host side of the
// ABI's acdc_call and acdc_hold handles, each owning its accounting.
//
// An acdc_call is made by PluginSlot when it invokes a plugin method and
// deleted by the plugin's complete_result()/complete_error() (host_services)
// right after the answer is on its way. What it holds keeps the books
// without anyone counting by hand: the callee reference keeps the
// generation loaded, the drain ticket holds a hot swap back (empty for a
// long-running method), the inbound ticket holds shutdown back. Tickets go
// back exactly once, when the object is destroyed, on any thread; members
// are destroyed in reverse order, so the generation outlives its ticket.
#pragma once

#include "plugins/generation.hpp"
#include "plugins/in_flight.hpp"
#include "rpc/call_origin.hpp"

#include <memory>

struct acdc_call {
  std::shared_ptr<acdc::plugins::Generation> callee;
  const acdc::plugins::MethodEntry* method;
  std::unique_ptr<acdc::rpc::CallOrigin> origin;
  acdc::plugins::InFlight::Ticket draining;  // Generation::drain_ticket(), or empty
  acdc::plugins::InFlight::Ticket inbound;   // HostContext::inbound
};

// One hold() (plugin_api.h, since 1.1): keeps the generation loaded, and
// shutdown waiting, like an inbound call of a long-running method, until
// release() deletes it.
struct acdc_hold {
  std::shared_ptr<acdc::plugins::Generation> generation;
  acdc::plugins::InFlight::Ticket inbound;
};

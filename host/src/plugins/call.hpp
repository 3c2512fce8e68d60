// plugins/call.hpp -- the host side of the ABI's acdc_call handle.
//
// One acdc_call is allocated per inbound call to a plugin and freed by the
// plugin's complete_result()/complete_error(). It keeps the callee's
// generation loaded while the call is in flight.
#pragma once

#include "plugins/generation.hpp"
#include "rpc/call_origin.hpp"

#include <memory>

struct acdc_call {
  std::shared_ptr<acdc::plugins::Generation> callee;
  const acdc::plugins::MethodEntry* method;
  std::unique_ptr<acdc::rpc::CallOrigin> origin;
};

// One hold() (plugin_api.h, since 1.1): keeps the generation loaded, like an
// inbound call in flight, until release().
struct acdc_hold {
  std::shared_ptr<acdc::plugins::Generation> generation;
};

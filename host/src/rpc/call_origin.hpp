// rpc/call_origin.hpp -- where the answer to an inbound call goes.
//
// A call reaches a plugin from a client (the answer becomes a JSON-RPC
// response frame) or from another plugin (the answer becomes that plugin's
// reply callback). The router and the host services only see this interface.
#pragma once

#include <acdc/host/reply.hpp>
#include <acdc/plugin_api.h>

#include <string_view>

namespace acdc::rpc {

class CallOrigin {
 public:
  virtual ~CallOrigin() = default;
  // Delivers the answer [once]. On ACDC_OK `payload` is JSON text, otherwise
  // a message. May run on any thread.
  virtual void finish(acdc_status status, std::string_view payload) = 0;
  // The client on whose behalf the call runs (ACDC_CLIENT_NONE if none).
  virtual acdc_client client() const = 0;
};

}  // namespace acdc::rpc

// acdc/host/reply.hpp -- how the answer to a call comes back, for the core's
// peers and for a client inside the process (local_client.hpp) alike.
#pragma once

#include <acdc/plugin_api.h>

#include <functional>
#include <string_view>

namespace acdc::rpc {

// Host-only status for "no such method": JSON-RPC -32601 for clients,
// ACDC_E_NOT_FOUND for plugins. Outside the ABI's status range on purpose.
inline constexpr acdc_status kStatusMethodNotFound = -1000;

// The answer to a call: ACDC_OK with the result's JSON text, or an error
// status with a message.
using ReplyHandler = std::function<void(acdc_status, std::string_view)>;

}  // namespace acdc::rpc

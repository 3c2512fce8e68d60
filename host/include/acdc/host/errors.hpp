// acdc/host/errors.hpp -- the one place where acdc_status becomes a JSON-RPC code.
//
//   frame = error_frame(id_text, to_jsonrpc_code(status), message);
//
// Codes follow plugin-api.h: the JSON-RPC 2.0 ones for protocol errors, the
// server range -32000..-32099 for application failures (LSP's -32800 for a
// cancelled request).
#pragma once

#include <acdc/plugin_api.h>

#include <string>
#include <string_view>

namespace acdc::rpc {

inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;

int to_jsonrpc_code(acdc_status status);
// The inverse, for a client inside the host reading an error reply
// (adapters/local_client.hpp); a code of no status reads as ACDC_E_INTERNAL.
acdc_status from_jsonrpc_code(int code);

// A symbolic name for logs and error data ("not_found").
const char* status_name(acdc_status status);

// {"jsonrpc":"2.0","id":<id_text>,"error":{"code":..,"message":..}};
// id_text is the id exactly as it must appear ("null" when unknown).
std::string error_frame(std::string_view id_text, int code, std::string_view message);

// {"jsonrpc":"2.0","id":<id_text>,"result":<result_json>}
std::string result_frame(std::string_view id_text, std::string_view result_json);

}  // namespace acdc::rpc

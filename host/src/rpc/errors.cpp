#include <acdc/host/errors.hpp>

#include "rpc/call_origin.hpp"

#include <acdc/host/json.hpp>
#include <acdc/sdk/utf8.hpp>

#include <initializer_list>

namespace acdc::rpc {

int to_jsonrpc_code(acdc_status status) {
  switch (status) {
    case kStatusMethodNotFound: return kMethodNotFound;
    case ACDC_E_INVALID_PARAMS: return kInvalidParams;
    case ACDC_E_NOT_FOUND: return -32004;
    case ACDC_E_FAILED_PRECONDITION: return -32005;
    case ACDC_E_PERMISSION_DENIED: return -32006;
    case ACDC_E_UNAVAILABLE: return -32007;
    case ACDC_E_TIMEOUT: return -32008;
    case ACDC_E_CANCELLED: return -32800;
    case ACDC_E_UNSUPPORTED: return -32009;
    case ACDC_E_APPLICATION: return -32000;
    case ACDC_E_INTERNAL:
    default: return kInternalError;
  }
}

acdc_status from_jsonrpc_code(int code) {
  for (acdc_status s : std::initializer_list<acdc_status>{kStatusMethodNotFound, ACDC_E_INVALID_PARAMS, ACDC_E_NOT_FOUND, ACDC_E_FAILED_PRECONDITION,
                        ACDC_E_PERMISSION_DENIED, ACDC_E_UNAVAILABLE, ACDC_E_TIMEOUT, ACDC_E_CANCELLED,
                        ACDC_E_UNSUPPORTED, ACDC_E_APPLICATION})
    if (to_jsonrpc_code(s) == code) return s;
  return ACDC_E_INTERNAL;
}

const char* status_name(acdc_status status) {
  switch (status) {
    case ACDC_OK: return "ok";
    case ACDC_E_INVALID_PARAMS: return "invalid_params";
    case ACDC_E_NOT_FOUND: return "not_found";
    case ACDC_E_FAILED_PRECONDITION: return "failed_precondition";
    case ACDC_E_PERMISSION_DENIED: return "permission_denied";
    case ACDC_E_UNAVAILABLE: return "unavailable";
    case ACDC_E_TIMEOUT: return "timeout";
    case ACDC_E_CANCELLED: return "cancelled";
    case ACDC_E_UNSUPPORTED: return "unsupported";
    case ACDC_E_APPLICATION: return "application";
    case ACDC_E_INTERNAL: return "internal";
    case kStatusMethodNotFound: return "method_not_found";
    default: return "unknown";
  }
}

std::string error_frame(std::string_view id_text, int code, std::string_view message) {
  std::string out;
  out.reserve(64 + message.size());
  out += R"({"jsonrpc":"2.0","id":)";
  out += id_text;
  out += R"(,"error":{"code":)";
  out += std::to_string(code);
  out += R"(,"message":)";
  // Messages may come from plugins; a browser drops a socket on bad UTF-8.
  append_quoted(out, to_valid_utf8(message));
  out += "}}";
  return out;
}

std::string result_frame(std::string_view id_text, std::string_view result_json) {
  std::string out;
  out.reserve(40 + id_text.size() + result_json.size());
  out += R"({"jsonrpc":"2.0","id":)";
  out += id_text;
  out += R"(,"result":)";
  out += result_json.empty() ? std::string_view("null") : result_json;
  out += '}';
  return out;
}

}  // namespace acdc::rpc

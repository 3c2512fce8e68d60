// acp/wire.hpp -- one line of ACP's stdio transport as a JSON-RPC 2.0
// message (agentclientprotocol.com/protocol/v1/overview: newline-delimited
// JSON-RPC, no batches), and the one place where an error becomes a
// JSON-RPC code.
//
//   Incoming in = parse_incoming(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})");
//   if (in.kind == Incoming::Kind::malformed) write(rpc::error_frame(in.id, in.code, in.message));
//   else if (in.kind == Incoming::Kind::request) dispatch(in.method, in.params(), in.id);
#pragma once

#include <acdc/sdk/error.hpp>

#include <rapidjson/document.h>

#include <memory>
#include <string>
#include <string_view>

namespace acdc::adapters::acp {

// A prompt with images is large; a line beyond this is refused as a whole.
inline constexpr std::size_t kMaxLine = 64u << 20;

struct Incoming {
  enum class Kind { request, notification, response, malformed };
  Kind kind = Kind::malformed;
  std::string id = "null";  // the id as JSON text, for the answer; "null" when there is none to echo
  std::string method;
  int code = 0;             // malformed: -32700 (not JSON) or -32600 (not a request)
  std::string message;      // malformed: what is wrong, for the client
  // The whole message; shared so a handler on another thread keeps it.
  std::shared_ptr<rapidjson::Document> doc;

  // `params` of a request or notification, `result` / `error` of a
  // response; nullptr when absent.
  const rapidjson::Value* member(const char* key) const;
  const rapidjson::Value* params() const { return member("params"); }
};

Incoming parse_incoming(std::string_view line);

// An error's JSON-RPC code as ACP uses them: -32602 for bad params, -32002
// for a session or file that does not exist, -32601 for an unknown method,
// -32603 for the rest (the message says what happened).
int jsonrpc_code(acdc_status status);

// `s` as a JSON string literal.
std::string json_string(std::string_view s);
// `text` parsed within the reader's depth limit; null when it is not JSON.
rapidjson::Document parse_json(std::string_view text);
// ... an empty object when it is not a JSON object (a peer's answer read field by field).
rapidjson::Document parse_object(std::string_view text);
// A string member of `v`, "" when absent or not a string.
std::string string_member(const rapidjson::Value& v, const char* key);
// A string member of `obj`, or throws invalid_params naming `what`.
std::string required_string(const rapidjson::Value* obj, const char* key, std::string_view what);

}  // namespace acdc::adapters::acp

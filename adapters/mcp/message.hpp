// mcp/message.hpp -- one MCP message in, frames out: MCP's framing is plain
// JSON-RPC 2.0 (the spec's "Base Protocol"), over stdio lines or HTTP bodies.
//
//   rapidjson::Document doc;
//   Message m = read_message(text, doc);
//   if (m.kind == Message::invalid) send(error_frame(m.id, m.error_code, m.error));
//   send(result_frame(m.id, "{}"));                 // acdc/host/errors.hpp
//   send(notification("notifications/progress", R"({"progressToken":1,"progress":2})"));
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <string_view>

namespace acdc::adapters::mcp {

// MCP's limit on a message we parse; a larger one is refused, not read.
inline constexpr size_t kMaxMessageBytes = 8u << 20;

struct Message {
  enum Kind { request, notification, response, invalid } kind = invalid;
  std::string id = "null";      // the id as it appeared, for the reply
  std::string method;
  const rapidjson::Value* params = nullptr;  // into the document; null when absent
  int error_code = 0;           // invalid: the JSON-RPC code to answer with
  std::string error;            // invalid: what is wrong and what to do
};

// Parses and classifies `text`; `doc` keeps the values `params` points into.
Message read_message(std::string_view text, rapidjson::Document& doc);

// {"jsonrpc":"2.0","method":..,"params":<params_json>}
std::string notification(std::string_view method, std::string_view params_json);

}  // namespace acdc::adapters::mcp

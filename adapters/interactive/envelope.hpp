// adapters/interactive/envelope.hpp -- the JSON-RPC 2.0 envelope of the
// Interactive Mode API, exactly as interactive-api.md §2 lists it.
//
//   rapidjson::Document doc;
//   Envelope e = read_envelope(text, size, doc);      // text[size] == 0, parsed in place
//   if (e.kind == Envelope::Kind::reply_now) send(e.reply);   // -32700 / -32600
//   if (e.kind == Envelope::Kind::request) dispatch(e.method, *e.params, e.id);
//
// Not JSON: -32700, id null. JSON but not an object (batches included: we
// run none): -32600, id null. "jsonrpc" other than "2.0", or no string
// "method": -32600 with the id echoed. A method and no "id" key is a
// notification: not run, not answered. Error objects carry the reference's
// fixed messages; detail goes in "data".
#pragma once

#include <acdc/host/errors.hpp>

#include <rapidjson/document.h>

#include <string>
#include <string_view>

namespace acdc::interactive {

// The JSON-RPC 2.0 codes, defined once for the host.
using rpc::kInvalidParams;
using rpc::kInvalidRequest;
using rpc::kMethodNotFound;
using rpc::kParseError;

struct Envelope {
  enum class Kind { request, notification, reply_now } kind = Kind::reply_now;
  std::string id;                              // the id as JSON text, "null" when absent
  std::string_view method;                     // into the document
  const rapidjson::Value* params = nullptr;    // null when absent (counts as {})
  std::string reply;                           // Kind::reply_now: the error frame
};

Envelope read_envelope(char* text, size_t size, rapidjson::Document& doc);

// {"jsonrpc":"2.0","id":<id>,"error":{"code":..,"message":<the fixed text>[,"data":<detail>]}}
std::string error_reply(std::string_view id, int code, std::string_view detail = {});
// {"jsonrpc":"2.0","id":<id>,"result":<result_json>}
std::string result_reply(std::string_view id, std::string_view result_json);

}  // namespace acdc::interactive

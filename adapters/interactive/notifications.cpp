// Built by appending: a chunk notification goes out for every delta of every
// round (bench/interactive), and the other two share the same few lines.
#include "interactive/notifications.hpp"

#include <acdc/host/json.hpp>

namespace acdc::interactive {
namespace {

std::string open(std::string_view method, std::string_view session_id, size_t extra) {
  std::string out;
  out.reserve(96 + session_id.size() + extra);
  out += R"({"jsonrpc":"2.0","method":")";
  out += method;
  out += R"(","params":{"sessionId":)";
  rpc::append_quoted(out, session_id);
  return out;
}

}  // namespace

std::string chunk_notification(std::string_view session_id, std::string_view chunk, bool is_final,
                               std::string_view usage_json) {
  std::string out = open("AIMessageChunkNotification", session_id, chunk.size() + usage_json.size());
  out += R"(,"chunk":)";
  rpc::append_quoted(out, chunk);
  if (!usage_json.empty()) {
    out += R"(,"usage":)";
    out += usage_json;
  }
  out += is_final ? R"(,"isFinal":true}})" : R"(,"isFinal":false}})";
  return out;
}

std::string status_notification(std::string_view session_id, int status, std::string_view reason) {
  std::string out = open("SessionStatusNotification", session_id, reason.size());
  out += R"(,"status":)" + std::to_string(status) + R"(,"reason":)";
  rpc::append_quoted(out, reason);
  out += "}}";
  return out;
}

std::string tool_call_notification(std::string_view session_id, std::string_view call_id, std::string_view name,
                                   std::string_view arguments_json) {
  std::string out = open("ToolCallNotification", session_id, call_id.size() + name.size() + arguments_json.size());
  out += R"(,"toolCallId":)";
  rpc::append_quoted(out, call_id);
  out += R"(,"toolName":)";
  rpc::append_quoted(out, name);
  out += R"(,"arguments":)";
  out += arguments_json;
  out += "}}";
  return out;
}

}  // namespace acdc::interactive

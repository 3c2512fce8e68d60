#include "mcp/message.hpp"

#include <acdc/host/errors.hpp>
#include <acdc/host/json.hpp>

namespace acdc::adapters::mcp {

Message read_message(std::string_view text, rapidjson::Document& doc) {
  Message m;
  if (text.size() > kMaxMessageBytes) {
    m.error_code = rpc::kInvalidRequest;
    m.error = "the message is " + std::to_string(text.size()) + " bytes; acdc reads at most " +
              std::to_string(kMaxMessageBytes) + ": send less at once (a file's line range, fewer edits)";
    return m;
  }
  switch (rpc::parse_limited(text, doc, rpc::kMaxDepth)) {
    case rpc::ParseOutcome::ok: break;
    case rpc::ParseOutcome::too_deep:
      m.error_code = rpc::kParseError;
      m.error = "the message nests deeper than " + std::to_string(rpc::kMaxDepth) + " levels";
      return m;
    case rpc::ParseOutcome::invalid_json:
      m.error_code = rpc::kParseError;
      m.error = "the message is not JSON (one JSON-RPC 2.0 object per message)";
      return m;
  }
  if (doc.IsArray()) {
    m.error_code = rpc::kInvalidRequest;
    m.error = "JSON-RPC batches are not part of MCP since 2025-06-18: send one message at a time";
    return m;
  }
  if (!doc.IsObject()) {
    m.error_code = rpc::kInvalidRequest;
    m.error = "a message must be a JSON-RPC 2.0 object";
    return m;
  }
  auto id = doc.FindMember("id");
  const bool has_id = id != doc.MemberEnd();
  if (has_id) {
    if (id->value.IsString() || id->value.IsInt64() || id->value.IsUint64()) m.id = rpc::to_text(id->value);
    else {
      m.error_code = rpc::kInvalidRequest;
      m.error = "the id must be a string or an integer";
      return m;
    }
  }
  auto version = doc.FindMember("jsonrpc");
  if (version == doc.MemberEnd() || !version->value.IsString() || std::string_view(version->value.GetString()) != "2.0") {
    m.error_code = rpc::kInvalidRequest;
    m.error = "\"jsonrpc\" must be \"2.0\"";
    return m;
  }
  auto method = doc.FindMember("method");
  if (method == doc.MemberEnd()) {
    const bool answer = doc.HasMember("result") || doc.HasMember("error");
    if (has_id && answer) {
      m.kind = Message::response;
      return m;
    }
    m.error_code = rpc::kInvalidRequest;
    m.error = "a request needs a \"method\"";
    return m;
  }
  if (!method->value.IsString()) {
    m.error_code = rpc::kInvalidRequest;
    m.error = "\"method\" must be a string";
    return m;
  }
  m.method.assign(method->value.GetString(), method->value.GetStringLength());
  if (auto params = doc.FindMember("params"); params != doc.MemberEnd()) {
    if (!params->value.IsObject()) {
      m.error_code = rpc::kInvalidParams;
      m.error = "\"params\" must be an object in MCP";
      return m;
    }
    m.params = &params->value;
  }
  m.kind = has_id ? Message::request : Message::notification;
  return m;
}

std::string notification(std::string_view method, std::string_view params_json) {
  std::string out = R"({"jsonrpc":"2.0","method":)";
  rpc::append_quoted(out, method);
  out += R"(,"params":)";
  out += params_json;
  out += '}';
  return out;
}

}  // namespace acdc::adapters::mcp

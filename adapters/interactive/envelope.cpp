#include "interactive/envelope.hpp"

#include <acdc/host/json.hpp>

namespace acdc::interactive {
namespace {

std::string_view fixed_message(int code) {
  switch (code) {
    case kParseError: return "Parse error";
    case kInvalidRequest: return "Invalid Request";
    case kMethodNotFound: return "Method not found";
    case kInvalidParams: return "Invalid params";
    default: return "Internal error";
  }
}

Envelope reply_now(std::string id, int code, std::string_view detail) {
  Envelope e;
  e.reply = error_reply(id, code, detail);
  e.id = std::move(id);
  return e;
}

}  // namespace

std::string error_reply(std::string_view id, int code, std::string_view detail) {
  std::string out = R"({"jsonrpc":"2.0","id":)";
  out += id;
  out += R"(,"error":{"code":)" + std::to_string(code) + R"(,"message":)";
  rpc::append_quoted(out, fixed_message(code));
  if (!detail.empty()) {
    out += R"(,"data":)";
    rpc::append_quoted(out, detail);
  }
  out += "}}";
  return out;
}

std::string result_reply(std::string_view id, std::string_view result_json) {
  std::string out = R"({"jsonrpc":"2.0","id":)";
  out += id;
  out += R"(,"result":)";
  out += result_json;
  out += '}';
  return out;
}

Envelope read_envelope(char* text, size_t size, rapidjson::Document& doc) {
  switch (rpc::parse_limited_in_place(text, size, doc, rpc::kMaxDepth)) {
    case rpc::ParseOutcome::ok: break;
    case rpc::ParseOutcome::too_deep: return reply_now("null", kParseError, "nested deeper than 512 levels");
    case rpc::ParseOutcome::invalid_json: return reply_now("null", kParseError, "");
  }
  if (!doc.IsObject())
    return reply_now("null", kInvalidRequest,
                     doc.IsArray() ? "batches are not supported: send one request per message" : "");
  auto id = doc.FindMember("id");
  std::string id_text = id == doc.MemberEnd() ? "null" : rpc::to_text(id->value);
  auto version = doc.FindMember("jsonrpc");
  if (version == doc.MemberEnd() || !version->value.IsString() || std::string_view(version->value.GetString()) != "2.0")
    return reply_now(std::move(id_text), kInvalidRequest, "\"jsonrpc\" must be \"2.0\"");
  auto method = doc.FindMember("method");
  if (method == doc.MemberEnd() || !method->value.IsString())
    return reply_now(std::move(id_text), kInvalidRequest, "a request needs a string \"method\"");
  Envelope e;
  e.kind = id == doc.MemberEnd() ? Envelope::Kind::notification : Envelope::Kind::request;
  e.id = std::move(id_text);
  e.method = std::string_view(method->value.GetString(), method->value.GetStringLength());
  if (auto params = doc.FindMember("params"); params != doc.MemberEnd()) e.params = &params->value;
  return e;
}

}  // namespace acdc::interactive

// acp/wire.cpp -- see wire.hpp.
#include "acp/wire.hpp"

#include <acdc/host/errors.hpp>
#include <acdc/host/json.hpp>
#include <acdc/host/reply.hpp>

namespace acdc::adapters::acp {
namespace {

Incoming malformed(int code, std::string message, std::string id = "null") {
  Incoming in;
  in.code = code;
  in.message = std::move(message);
  in.id = std::move(id);
  return in;
}

bool is_id(const rapidjson::Value& v) { return v.IsString() || v.IsInt64() || v.IsUint64() || v.IsNull(); }

}  // namespace

const rapidjson::Value* Incoming::member(const char* key) const {
  if (!doc || !doc->IsObject()) return nullptr;
  auto it = doc->FindMember(key);
  return it == doc->MemberEnd() ? nullptr : &it->value;
}

Incoming parse_incoming(std::string_view line) {
  auto doc = std::make_shared<rapidjson::Document>();
  if (rpc::parse_limited(line, *doc, rpc::kMaxDepth) != rpc::ParseOutcome::ok)
    return malformed(rpc::kParseError, "Parse error: the message is not JSON (one JSON-RPC object per line)");
  if (!doc->IsObject())
    return malformed(rpc::kInvalidRequest, "Invalid Request: a message must be one JSON-RPC object (ACP sends no batches)");
  Incoming in;
  in.doc = doc;
  const rapidjson::Value* id = in.member("id");
  if (id && !is_id(*id)) return malformed(rpc::kInvalidRequest, "Invalid Request: an id must be a string, a number or null");
  const std::string id_text = id ? rpc::to_text(*id) : "null";
  const rapidjson::Value* version = in.member("jsonrpc");
  if (!version || !version->IsString() || std::string_view(version->GetString()) != "2.0")
    return malformed(rpc::kInvalidRequest, "Invalid Request: \"jsonrpc\" must be \"2.0\"", id_text);
  const rapidjson::Value* method = in.member("method");
  if (!method) {
    if (!id || (!in.member("result") && !in.member("error")))
      return malformed(rpc::kInvalidRequest, "Invalid Request: no \"method\", and not a response", id_text);
    in.kind = Incoming::Kind::response;
    in.id = id_text;
    return in;
  }
  if (!method->IsString()) return malformed(rpc::kInvalidRequest, "Invalid Request: \"method\" must be a string", id_text);
  const rapidjson::Value* params = in.params();
  if (params && !params->IsObject() && !params->IsArray())
    return malformed(rpc::kInvalidRequest, "Invalid Request: \"params\" must be an object", id_text);
  in.method.assign(method->GetString(), method->GetStringLength());
  in.kind = id ? Incoming::Kind::request : Incoming::Kind::notification;
  in.id = id_text;
  return in;
}

int jsonrpc_code(acdc_status status) {
  switch (status) {
    case ACDC_E_INVALID_PARAMS: return rpc::kInvalidParams;
    case ACDC_E_NOT_FOUND: return -32002;  // ACP's "resource not found"
    case rpc::kStatusMethodNotFound: return rpc::kMethodNotFound;
    default: return rpc::kInternalError;
  }
}

std::string json_string(std::string_view s) {
  std::string out;
  rpc::append_quoted(out, s);
  return out;
}

rapidjson::Document parse_json(std::string_view text) {
  rapidjson::Document doc;
  if (rpc::parse_limited(text, doc, rpc::kMaxDepth) != rpc::ParseOutcome::ok) doc.SetNull();
  return doc;
}

rapidjson::Document parse_object(std::string_view text) {
  rapidjson::Document doc = parse_json(text);
  if (!doc.IsObject()) doc.SetObject();
  return doc;
}

std::string string_member(const rapidjson::Value& v, const char* key) {
  if (!v.IsObject()) return "";
  auto it = v.FindMember(key);
  return it != v.MemberEnd() && it->value.IsString() ? std::string(it->value.GetString(), it->value.GetStringLength())
                                                     : std::string();
}

std::string required_string(const rapidjson::Value* obj, const char* key, std::string_view what) {
  if (obj && obj->IsObject()) {
    auto it = obj->FindMember(key);
    if (it != obj->MemberEnd() && it->value.IsString()) return std::string(it->value.GetString(), it->value.GetStringLength());
  }
  throw acdc::invalid_params(std::string(what) + " needs \"" + key + "\" (a string)");
}

}  // namespace acdc::adapters::acp

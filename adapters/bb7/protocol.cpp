// bb7/protocol.cpp -- see protocol.hpp.
#include "bb7/protocol.hpp"

#include <acdc/host/json.hpp>

#include <charconv>
#include <cmath>

namespace acdc::adapters::bb7 {

namespace {

// §1: a string id is echoed, a number becomes its decimal form (42, 1.5).
std::optional<std::string> normalise_id(const rapidjson::Value& doc) {
  auto it = doc.FindMember("request_id");
  if (it == doc.MemberEnd()) return std::nullopt;
  const auto& v = it->value;
  if (v.IsString()) {
    if (v.GetStringLength() == 0) return std::nullopt;  // only added when non-empty (§13)
    return std::string(v.GetString(), v.GetStringLength());
  }
  if (v.IsInt64()) return std::to_string(v.GetInt64());
  if (v.IsUint64()) return std::to_string(v.GetUint64());
  if (v.IsNumber()) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, v.GetDouble());
    return std::string(buf, r.ptr);
  }
  return std::nullopt;
}

}  // namespace

bool Request::parse(std::string_view line) {
  if (rpc::parse_limited(line, doc_, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !doc_.IsObject()) return false;
  request_id = normalise_id(doc_);
  action = str("action");
  return true;
}

const rapidjson::Value* Request::get(const char* key) const {
  auto it = doc_.FindMember(key);
  return it == doc_.MemberEnd() ? nullptr : &it->value;
}

bool Request::has(const char* key) const { return get(key) != nullptr; }

std::string Request::str(const char* key) const {
  const auto* v = get(key);
  return v && v->IsString() ? std::string(v->GetString(), v->GetStringLength()) : std::string();
}

bool Request::boolean(const char* key) const {
  const auto* v = get(key);
  return v && v->IsBool() && v->GetBool();
}

bool Request::is_bool(const char* key) const {
  const auto* v = get(key);
  return v && v->IsBool();
}

std::optional<long long> Request::number(const char* key) const {
  const auto* v = get(key);
  if (!v || !v->IsNumber()) return std::nullopt;
  if (v->IsInt64()) return v->GetInt64();
  double d = v->GetDouble();
  if (!std::isfinite(d) || std::fabs(d) > 9e15) return 0;
  return static_cast<long long>(d);
}

Reply::Reply(std::string_view type, const std::optional<std::string>& request_id)
    : writer_(buf_), request_id_(request_id) {
  writer_.StartObject();
  writer_.Key("type");
  writer_.String(type.data(), static_cast<rapidjson::SizeType>(type.size()));
}

Reply& Reply::field(const char* key, std::string_view value) {
  writer_.Key(key);
  writer_.String(value.data(), static_cast<rapidjson::SizeType>(value.size()));
  return *this;
}

Reply& Reply::field(const char* key, bool value) {
  writer_.Key(key);
  writer_.Bool(value);
  return *this;
}

Reply& Reply::field(const char* key, long long value) {
  writer_.Key(key);
  writer_.Int64(value);
  return *this;
}

Reply& Reply::field(const char* key, double value) {
  writer_.Key(key);
  writer_.Double(value);
  return *this;
}

Reply& Reply::strings(const char* key, const std::vector<std::string>& values) {
  writer_.Key(key);
  writer_.StartArray();
  for (const auto& v : values) writer_.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
  writer_.EndArray();
  return *this;
}

Writer& Reply::raw(const char* key) {
  writer_.Key(key);
  return writer_;
}

std::string Reply::line() {
  if (request_id_) field("request_id", *request_id_);
  writer_.EndObject();
  return std::string(buf_.GetString(), buf_.GetSize());
}

std::string ok_line(const std::optional<std::string>& request_id) { return Reply("ok", request_id).line(); }

std::string error_line(std::string_view message, const std::optional<std::string>& request_id) {
  return Reply("error", request_id).field("message", message).line();
}

}  // namespace acdc::adapters::bb7

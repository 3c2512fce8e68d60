// transport/transport.cpp -- see transport.hpp.
#include "transport/transport.hpp"

#include <acdc/sdk/json.hpp>

namespace acdc::mcp_client {

std::string error_reply(std::string_view message, int code, std::string_view why) {
  acdc::Json doc;
  doc.Parse(message.data(), message.size());
  if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("id") || !doc.HasMember("method")) return {};
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  w.Key("jsonrpc"), w.String("2.0");
  w.Key("id"), doc["id"].Accept(w);
  w.Key("error");
  w.StartObject();
  w.Key("code"), w.Int(code);
  w.Key("message"), w.String(why.data(), static_cast<rapidjson::SizeType>(why.size()));
  w.EndObject();
  w.EndObject();
  return {buf.GetString(), buf.GetSize()};
}

}  // namespace acdc::mcp_client

// import/json_text.cpp -- see json_text.hpp.
#include "import/json_text.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace acdc::app::importer {

std::string string_member(const JsonValue& object, const char* key) {
  if (!object.IsObject()) return {};
  auto it = object.FindMember(key);
  if (it == object.MemberEnd() || !it->value.IsString()) return {};
  return std::string(it->value.GetString(), it->value.GetStringLength());
}

std::string number_text(const JsonValue& number) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  number.Accept(w);
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::app::importer

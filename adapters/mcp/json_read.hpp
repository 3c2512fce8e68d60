// mcp/json_read.hpp -- reading the plugins' JSON answers, and writing the
// tools' structured content, with few words.
//
//   rapidjson::Document doc;
//   if (!parse(result, doc)) return done(tool_error("..."));
//   std::string f = str(doc, "file");   long n = num(doc, "references");
//   JsonOut o;  o.w.StartObject(); ...; std::string text = o.text();
#pragma once

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>
#include <string_view>
#include <vector>

namespace acdc::adapters::mcp {

bool parse(std::string_view json, rapidjson::Document& doc);
// A member's string / integer / bool, or "" / 0 / false.
std::string str(const rapidjson::Value& o, const char* key);
long num(const rapidjson::Value& o, const char* key);
bool flag(const rapidjson::Value& o, const char* key);
std::vector<std::string> strs(const rapidjson::Value& o, const char* key);
// `s` as a JSON string literal, for a call's args array.
std::string json_string(std::string_view s);
// A JSON string's text (the repo's get_file_content answers one).
std::string as_text(std::string_view json_string);

struct JsonOut {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w{buf};
  void key(const char* k) { w.Key(k); }
  void string(std::string_view s) { w.String(s.data(), static_cast<rapidjson::SizeType>(s.size())); }
  void strings(const std::vector<std::string>& v);
  std::string text() const { return std::string(buf.GetString(), buf.GetSize()); }
};

}  // namespace acdc::adapters::mcp

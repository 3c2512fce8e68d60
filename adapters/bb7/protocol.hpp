// bb7/protocol.hpp -- the wire of bb7.md §1-§3.8: one request line parsed
// into loosely typed fields (wrong types read as zero values, §3.8), and
// reply lines built with the request id normalised to a string (§1).
//
//   Request req;
//   if (!req.parse(line)) emit(error_line("Invalid JSON", std::nullopt));
//   Reply r("ok", req.request_id);
//   r.field("id", chat_id);
//   emit(r.line());
#pragma once

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::adapters::bb7 {

class Request {
 public:
  bool parse(std::string_view line);  // false: not a JSON object

  std::string action;
  std::optional<std::string> request_id;

  bool has(const char* key) const;
  std::string str(const char* key) const;     // "" when missing or not a string
  bool boolean(const char* key) const;        // false when missing or not a bool
  bool is_bool(const char* key) const;
  std::optional<long long> number(const char* key) const;  // only JSON numbers
  const rapidjson::Value* get(const char* key) const;

 private:
  rapidjson::Document doc_;
};

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

// One reply object; `type` first, `request_id` last when there is one.
class Reply {
 public:
  Reply(std::string_view type, const std::optional<std::string>& request_id);

  Reply& field(const char* key, std::string_view value);
  Reply& field(const char* key, const char* value) { return field(key, std::string_view(value)); }
  Reply& field(const char* key, const std::string& value) { return field(key, std::string_view(value)); }
  Reply& field(const char* key, bool value);
  Reply& field(const char* key, long long value);
  Reply& field(const char* key, double value);
  Reply& strings(const char* key, const std::vector<std::string>& values);
  Writer& raw(const char* key);  // write a value of your own after the key
  Writer& w() { return writer_; }

  std::string line();  // closes the object; no newline

 private:
  rapidjson::StringBuffer buf_;
  Writer writer_;
  std::optional<std::string> request_id_;
};

std::string ok_line(const std::optional<std::string>& request_id);
std::string error_line(std::string_view message, const std::optional<std::string>& request_id);

}  // namespace acdc::adapters::bb7

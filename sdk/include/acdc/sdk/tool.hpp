// acdc/sdk/tool.hpp -- both ends of a tool method (plugin_api.h, since 1.2):
// its arguments object read against its schema, and its CallToolResult.
// A problem the model can correct is a result with isError and a message
// that says what to do ("line: expected an integer from 1 to ..."), not an
// error status: the model reads it and tries again.
//
//   RawJson read_file(Json args) {
//     ToolArgs a(args, {"path", "start_line", "end_line"});
//     auto path = a.text("path", true);
//     auto from = a.integer("start_line", 1, 1'000'000'000);
//     if (!a.ok()) return tool_error(a.problem());
//     return tool_result(text_of(*path), R"({"path":...})");
//   }
#pragma once

#include <acdc/sdk/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc {

class ToolArgs {
 public:
  // `known`: the schema's properties; any other argument is a problem.
  // A missing `arguments` (null) reads as no arguments.
  ToolArgs(const JsonValue* arguments, std::vector<std::string> known) : args_(arguments), known_(std::move(known)) {
    if (!args_ || args_->IsNull()) {
      args_ = nullptr;
      return;
    }
    if (!args_->IsObject()) {
      fail("arguments must be an object");
      return;
    }
    for (const auto& m : args_->GetObject()) {
      const std::string_view name(m.name.GetString(), m.name.GetStringLength());
      bool listed = false;
      for (const auto& k : known_) listed = listed || k == name;
      if (listed) continue;
      std::string names;
      for (const auto& k : known_) names += (names.empty() ? "" : ", ") + k;
      fail("unknown argument '" + std::string(name) + "'" +
           (names.empty() ? ": this tool takes none" : ": this tool takes " + names));
      return;
    }
  }
  ToolArgs(const JsonValue& arguments, std::vector<std::string> known) : ToolArgs(&arguments, std::move(known)) {}

  std::optional<std::string> text(const char* key, bool required = false) {
    const JsonValue* v = find(key);
    if (!v) {
      if (required) fail(std::string(key) + ": required, a string");
      return std::nullopt;
    }
    if (!v->IsString()) return fail(std::string(key) + ": expected a string"), std::nullopt;
    std::string s(v->GetString(), v->GetStringLength());
    if (required && s.empty()) return fail(std::string(key) + ": must not be empty"), std::nullopt;
    return s;
  }

  std::optional<long> integer(const char* key, long min, long max) {
    const JsonValue* v = find(key);
    if (!v) return std::nullopt;
    if (!v->IsInt64() || v->GetInt64() < min || v->GetInt64() > max)
      return fail(std::string(key) + ": expected an integer from " + std::to_string(min) + " to " +
                  std::to_string(max)),
             std::nullopt;
    return static_cast<long>(v->GetInt64());
  }

  std::optional<bool> flag(const char* key) {
    const JsonValue* v = find(key);
    if (!v) return std::nullopt;
    if (!v->IsBool()) return fail(std::string(key) + ": expected true or false"), std::nullopt;
    return v->GetBool();
  }

  std::optional<std::vector<std::string>> texts(const char* key) {
    const JsonValue* v = find(key);
    if (!v) return std::nullopt;
    std::vector<std::string> out;
    if (v->IsArray())
      for (const auto& e : v->GetArray()) {
        if (!e.IsString()) break;
        out.emplace_back(e.GetString(), e.GetStringLength());
      }
    if (!v->IsArray() || out.size() != v->Size())
      return fail(std::string(key) + ": expected an array of strings"), std::nullopt;
    return out;
  }

  // The value itself, for a caller that reads an array of objects.
  const JsonValue* raw(const char* key) const { return find(key); }

  bool ok() const { return problem_.empty(); }
  const std::string& problem() const { return problem_; }
  // Keeps the first problem: the model fixes one thing at a time.
  void fail(std::string problem) {
    if (problem_.empty()) problem_ = std::move(problem);
  }

 private:
  const JsonValue* find(const char* key) const {
    if (!args_ || !args_->IsObject()) return nullptr;
    auto it = args_->FindMember(key);
    return it == args_->MemberEnd() || it->value.IsNull() ? nullptr : &it->value;
  }

  const JsonValue* args_;
  std::vector<std::string> known_;
  std::string problem_;
};

namespace detail {

inline RawJson call_tool_result(std::string_view text, std::string_view structured_json, bool is_error) {
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartObject();
  w.Key("content");
  w.StartArray();
  w.StartObject();
  w.Key("type"), w.String("text");
  w.Key("text"), w.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
  w.EndObject();
  w.EndArray();
  if (!structured_json.empty()) {
    w.Key("structuredContent");
    w.RawValue(structured_json.data(), structured_json.size(), rapidjson::kObjectType);
  }
  w.Key("isError"), w.Bool(is_error);
  w.EndObject();
  return RawJson{std::string(buf.GetString(), buf.GetSize())};
}

}  // namespace detail

// A CallToolResult: `text` for the model, and `structured_json` (a JSON
// object's text, "" for none) as structuredContent.
inline RawJson tool_result(std::string_view text, std::string_view structured_json = {}) {
  return detail::call_tool_result(text, structured_json, false);
}

// A CallToolResult the model reads as a failure: what went wrong, and what to ask instead.
inline RawJson tool_error(std::string_view message) { return detail::call_tool_result(message, {}, true); }

// structuredContent, written with few words.
struct ToolOut {
  rapidjson::StringBuffer buf;
  JsonWriter w{buf};
  void key(const char* k) { w.Key(k); }
  void string(std::string_view s) { w.String(s.data(), static_cast<rapidjson::SizeType>(s.size())); }
  void strings(const std::vector<std::string>& v) {
    w.StartArray();
    for (const auto& s : v) string(s);
    w.EndArray();
  }
  std::string text() const { return std::string(buf.GetString(), buf.GetSize()); }
};

// What a tool reads of another method's JSON answer: a member's string,
// integer or strings, or "" / 0 / {} when it is absent or of another type.
inline std::string text_member(const JsonValue& o, const char* key) {
  if (!o.IsObject()) return {};
  auto it = o.FindMember(key);
  return it != o.MemberEnd() && it->value.IsString() ? std::string(it->value.GetString(), it->value.GetStringLength())
                                                     : std::string();
}

inline long integer_member(const JsonValue& o, const char* key) {
  if (!o.IsObject()) return 0;
  auto it = o.FindMember(key);
  return it != o.MemberEnd() && it->value.IsInt64() ? static_cast<long>(it->value.GetInt64()) : 0;
}

inline std::vector<std::string> texts_member(const JsonValue& o, const char* key) {
  std::vector<std::string> out;
  if (!o.IsObject() || !o.HasMember(key) || !o[key].IsArray()) return out;
  for (const auto& v : o[key].GetArray())
    if (v.IsString()) out.emplace_back(v.GetString(), v.GetStringLength());
  return out;
}

}  // namespace acdc

// provider/json_fields.hpp -- tolerant reads of provider JSON, and the
// string value the request builders write. A missing key, a null or a value
// of another type reads as "absent", because every provider omits, nulls or
// adds fields freely (llm-wire.md §0: unknown fields are ignored, `*_details`
// objects are optional).
//
//   if (const auto* delta = field(choice, "delta")) text += str(*delta, "content");
#pragma once

#include <rapidjson/document.h>

#include <optional>
#include <string_view>

namespace acdc::llm {

inline const rapidjson::Value* field(const rapidjson::Value& obj, const char* key) {
  if (!obj.IsObject()) return nullptr;
  auto it = obj.FindMember(key);
  return it == obj.MemberEnd() || it->value.IsNull() ? nullptr : &it->value;
}

inline std::string_view str(const rapidjson::Value& obj, const char* key) {
  const auto* v = field(obj, key);
  return v && v->IsString() ? std::string_view(v->GetString(), v->GetStringLength())
                            : std::string_view();
}

inline std::optional<long> num(const rapidjson::Value& obj, const char* key) {
  const auto* v = field(obj, key);
  if (!v || !v->IsNumber()) return std::nullopt;
  if (v->IsInt64()) return v->GetInt64();
  // A count no long can hold is nonsense, and casting it would be undefined.
  const double d = v->GetDouble();
  if (!(d > -9.2e18 && d < 9.2e18)) return std::nullopt;
  return static_cast<long>(d);
}

// A string value copied into `a`'s document (request bodies being built).
inline rapidjson::Value string_value(std::string_view s, rapidjson::Document::AllocatorType& a) {
  return rapidjson::Value(s.data(), static_cast<rapidjson::SizeType>(s.size()), a);
}

inline const rapidjson::Value* path(const rapidjson::Value& obj, const char* a, const char* b) {
  const auto* v = field(obj, a);
  return v ? field(*v, b) : nullptr;
}

}  // namespace acdc::llm

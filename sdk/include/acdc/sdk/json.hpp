// acdc/sdk/json.hpp -- JSON in and out of plugin methods (RapidJSON).
//
// Arguments arrive as a JSON array and are decoded into the C++ parameter
// types of a method with from_json(); results are encoded with to_json().
// Both handle bool, integers, double, std::string, std::vector, std::map,
// std::optional (null or missing), acdc::Json (any value) and acdc::RawJson
// (text that already is JSON). Plugin types join in through argument
// dependent lookup:
//
//   struct Match { int line; std::string text; };
//   void to_json(acdc::JsonWriter& w, const Match& m) {
//     w.StartObject();
//     w.Key("line_num"); w.Int(m.line);
//     w.Key("line");     acdc::to_json(w, m.text);
//     w.EndObject();
//   }
//
//   std::string args = acdc::json_array(1, "two", std::vector<int>{3});  // [1,"two",[3]]
#pragma once

#include <acdc/sdk/error.hpp>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cmath>
#include <cstdio>
#include <concepts>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace acdc {

using Json = rapidjson::Document;
using JsonValue = rapidjson::Value;
using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

// Text that is already valid JSON, written through unchanged.
struct RawJson {
  std::string text;
};

// Parses JSON text into `doc` (a Json, or another rapidjson document type),
// whose allocators it uses; throws acdc::Error(ACDC_E_INVALID_PARAMS) when it
// is not JSON.
template <class Document>
void parse_json(std::string_view text, Document& doc) {
  doc.template Parse<rapidjson::kParseIterativeFlag>(text.data(), text.size());
  if (doc.HasParseError())
    throw invalid_params("not valid JSON (offset " + std::to_string(doc.GetErrorOffset()) + ")");
}

inline Json parse_json(std::string_view text) {
  Json doc;
  parse_json(text, doc);
  return doc;
}

inline const char* json_type_name(const JsonValue& v) {
  switch (v.GetType()) {
    case rapidjson::kNullType: return "null";
    case rapidjson::kFalseType:
    case rapidjson::kTrueType: return "a boolean";
    case rapidjson::kObjectType: return "an object";
    case rapidjson::kArrayType: return "an array";
    case rapidjson::kStringType: return "a string";
    case rapidjson::kNumberType: return "a number";
  }
  return "unknown";
}

// ------------------------------------------------------------- to_json

inline void to_json(JsonWriter& w, bool v) { w.Bool(v); }
inline void to_json(JsonWriter& w, std::string_view v) {
  w.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
}
inline void to_json(JsonWriter& w, const std::string& v) { to_json(w, std::string_view(v)); }
inline void to_json(JsonWriter& w, const char* v) { to_json(w, std::string_view(v)); }
inline void to_json(JsonWriter& w, const JsonValue& v) { v.Accept(w); }
inline void to_json(JsonWriter& w, const RawJson& v) {
  w.RawValue(v.text.data(), v.text.size(), rapidjson::kObjectType);
}
inline void to_json(JsonWriter& w, std::nullptr_t) { w.Null(); }

template <std::integral T>
  requires(!std::same_as<T, bool>)
void to_json(JsonWriter& w, T v) {
  if constexpr (std::is_signed_v<T>) w.Int64(static_cast<int64_t>(v));
  else w.Uint64(static_cast<uint64_t>(v));
}

template <std::floating_point T>
void to_json(JsonWriter& w, T v) {
  // JSON has no NaN or Infinity; a JS client silently drops such a reply.
  if (!std::isfinite(v))
    throw Error(ACDC_E_INTERNAL, "result contains NaN or Infinity, which JSON cannot carry");
  // Whole numbers go out as integers ("5", not "5.0"), as a JS peer writes them.
  const double d = static_cast<double>(v);
  if (std::trunc(d) == d && std::fabs(d) < 9007199254740992.0) w.Int64(static_cast<int64_t>(d));
  else w.Double(d);
}

template <class T>
void to_json(JsonWriter& w, const std::optional<T>& v) {
  if (v) to_json(w, *v);
  else w.Null();
}

template <class T>
void to_json(JsonWriter& w, const std::vector<T>& v) {
  w.StartArray();
  for (const auto& item : v) to_json(w, item);
  w.EndArray();
}

template <class T>
void to_json(JsonWriter& w, const std::map<std::string, T>& v) {
  w.StartObject();
  for (const auto& [key, item] : v) {
    w.Key(key.data(), static_cast<rapidjson::SizeType>(key.size()));
    to_json(w, item);
  }
  w.EndObject();
}

// Serialises one value to JSON text.
template <class T>
std::string to_json_text(const T& value) {
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  to_json(w, value);
  return std::string(buf.GetString(), buf.GetSize());
}

// Serialises values as a JSON array: the `args` of an outbound call.
template <class... Ts>
std::string json_array(const Ts&... values) {
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartArray();
  (to_json(w, values), ...);
  w.EndArray();
  return std::string(buf.GetString(), buf.GetSize());
}

// ----------------------------------------------------------- from_json
//
// Each overload throws acdc::Error(ACDC_E_INVALID_PARAMS) naming what was
// expected; the method trampoline prefixes the method and argument position.

inline void from_json(const JsonValue& v, bool& out) {
  if (!v.IsBool()) throw invalid_params(std::string("expected a boolean, got ") + json_type_name(v));
  out = v.GetBool();
}

inline void from_json(const JsonValue& v, std::string& out) {
  if (!v.IsString()) throw invalid_params(std::string("expected a string, got ") + json_type_name(v));
  out.assign(v.GetString(), v.GetStringLength());
}

inline void from_json(const JsonValue& v, double& out) {
  if (!v.IsNumber()) throw invalid_params(std::string("expected a number, got ") + json_type_name(v));
  out = v.GetDouble();
}

template <std::integral T>
  requires(!std::same_as<T, bool>)
void from_json(const JsonValue& v, T& out) {
  if (!v.IsNumber()) throw invalid_params(std::string("expected an integer, got ") + json_type_name(v));
  const auto out_of_range = [](const std::string& got) {
    return invalid_params("expected an integer in [" + std::to_string(std::numeric_limits<T>::min()) + ", " +
                          std::to_string(std::numeric_limits<T>::max()) + "], got " + got);
  };
  // Integers are compared as integers: through a double, 2^63 and up would
  // round and their conversion be undefined.
  if (v.IsInt64() || v.IsUint64()) {
    const bool negative = v.IsInt64() && v.GetInt64() < 0;
    const bool fits = negative ? std::in_range<T>(v.GetInt64()) : std::in_range<T>(v.GetUint64());
    if (!fits) throw out_of_range(negative ? std::to_string(v.GetInt64()) : std::to_string(v.GetUint64()));
    out = negative ? static_cast<T>(v.GetInt64()) : static_cast<T>(v.GetUint64());
    return;
  }
  // JS numbers are doubles: 3.0 counts as the integer 3.
  const double d = v.GetDouble();
  const auto text = [d] {
    char s[32];
    std::snprintf(s, sizeof s, "%.17g", d);
    return std::string(s);
  };
  if (std::trunc(d) != d) throw invalid_params("expected an integer, got " + text());
  if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0) ||
      !std::in_range<T>(static_cast<std::int64_t>(d)))
    throw out_of_range(text());
  out = static_cast<T>(static_cast<std::int64_t>(d));
}

inline void from_json(const JsonValue& v, Json& out) { out.CopyFrom(v, out.GetAllocator()); }

// Declared before any of them is defined, so each finds the others for its
// element type (std::optional<std::vector<std::string>>, say): ADL does not
// look in this namespace for them.
template <class T>
void from_json(const JsonValue& v, std::optional<T>& out);
template <class T>
void from_json(const JsonValue& v, std::vector<T>& out);
template <class T>
void from_json(const JsonValue& v, std::map<std::string, T>& out);

template <class T>
void from_json(const JsonValue& v, std::optional<T>& out) {
  if (v.IsNull()) {
    out.reset();
    return;
  }
  T inner{};
  from_json(v, inner);
  out = std::move(inner);
}

template <class T>
void from_json(const JsonValue& v, std::vector<T>& out) {
  if (!v.IsArray()) throw invalid_params(std::string("expected an array, got ") + json_type_name(v));
  out.clear();
  out.reserve(v.Size());
  for (const auto& item : v.GetArray()) {
    T decoded{};
    from_json(item, decoded);
    out.push_back(std::move(decoded));
  }
}

template <class T>
void from_json(const JsonValue& v, std::map<std::string, T>& out) {
  if (!v.IsObject()) throw invalid_params(std::string("expected an object, got ") + json_type_name(v));
  out.clear();
  for (const auto& m : v.GetObject()) {
    T decoded{};
    from_json(m.value, decoded);
    out.emplace(std::string(m.name.GetString(), m.name.GetStringLength()), std::move(decoded));
  }
}

}  // namespace acdc

// acdc/util/json_writer.hpp -- one member of a JSON object being written,
// its value through the SDK's to_json (strings, numbers, optionals as null,
// lists, maps, and any type with a to_json of its own).
//
//   w.StartObject();
//   acdc::util::write_member(w, "tokens", 42L);                      // "tokens":42
//   acdc::util::write_member(w, "cost", std::optional<double>{});    // "cost":null
//   acdc::util::write_member(w, "files", std::vector<std::string>{"a.c"});
//   w.EndObject();
#pragma once

#include <acdc/sdk/json.hpp>

#include <string_view>

namespace acdc::util {

template <class T>
void write_member(JsonWriter& w, std::string_view key, const T& value) {
  w.Key(key.data(), static_cast<rapidjson::SizeType>(key.size()));
  to_json(w, value);
}

}  // namespace acdc::util

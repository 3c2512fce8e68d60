// util/string_hash.hpp -- lets unordered maps keyed by std::string be searched
// with a std::string_view, without building a temporary string per lookup.
//
//   std::unordered_map<std::string, Route, StringHash, std::equal_to<>> routes;
//   routes.find(std::string_view("Echo.echo"));
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace acdc {

struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

}  // namespace acdc

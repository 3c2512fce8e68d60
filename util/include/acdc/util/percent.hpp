// acdc/util/percent.hpp -- URL percent-encoding, one copy for the host (the
// static files' paths, the ?token= query), the MCP adapter (file:// resource
// URIs) and the ACP adapter (resource links in prompts).
//
//   std::string path;
//   if (!percent_decode("src/a%20b.py", path)) refuse();   // path == "src/a b.py"
//   std::string uri = "file://" + percent_encode_path("/repo/a b.py");   // "/repo/a%20b.py"
#pragma once

#include <string>
#include <string_view>

namespace acdc::util {

// `out` becomes `in` decoded; false for a `%` not followed by two hex digits.
bool percent_decode(std::string_view in, std::string& out);
// Every byte but letters, digits, `-._~` and `/` as %XX (upper case).
std::string percent_encode_path(std::string_view path);

}  // namespace acdc::util

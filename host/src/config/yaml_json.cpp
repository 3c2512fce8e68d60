#include "config/yaml_json.hpp"

#include <acdc/host/json.hpp>

#include <acdc/sdk/utf8.hpp>

#include <cmath>
#include <cstdlib>

namespace acdc::config {
namespace {

bool is_number(const std::string& s) {
  if (s.empty()) return false;
  char* end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size() && std::isfinite(d) && s.find_first_of("xXnN") == std::string::npos;
}

bool is_integer(const std::string& s) {
  size_t i = s[0] == '-' ? 1 : 0;
  if (i == s.size() || s.size() > 18 || (s[i] == '0' && s.size() > i + 1)) return false;
  return s.find_first_not_of("0123456789", i) == std::string::npos;
}

// yaml-cpp takes bytes that are not UTF-8 as they are (a file saved as
// Latin-1); JSON text must be UTF-8, or the plugin's answers that carry the
// value cannot reach a client. Such bytes become U+FFFD.
void write_string(std::string& out, const std::string& s) { rpc::append_quoted(out, to_valid_utf8(s)); }

void write(const YAML::Node& node, std::string& out) {
  switch (node.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null: out += "null"; return;
    case YAML::NodeType::Sequence: {
      out += '[';
      bool first = true;
      for (const auto& item : node) {
        if (!first) out += ',';
        first = false;
        write(item, out);
      }
      out += ']';
      return;
    }
    case YAML::NodeType::Map: {
      out += '{';
      bool first = true;
      for (const auto& kv : node) {
        if (!first) out += ',';
        first = false;
        write_string(out, kv.first.Scalar());
        out += ':';
        write(kv.second, out);
      }
      out += '}';
      return;
    }
    case YAML::NodeType::Scalar: {
      const std::string& s = node.Scalar();
      if (node.Tag() != "!") {  // "!" marks a quoted scalar
        if (s == "true" || s == "false") return void(out += s);
        if (s == "~" || s == "null") return void(out += "null");
        if (is_integer(s)) return void(out += s);
        if (is_number(s)) return void(out += rpc::to_text(rapidjson::Value(std::strtod(s.c_str(), nullptr))));
      }
      write_string(out, s);
      return;
    }
  }
}

}  // namespace

std::string yaml_to_json(const YAML::Node& node) {
  std::string out;
  write(node, out);
  return out;
}

}  // namespace acdc::config

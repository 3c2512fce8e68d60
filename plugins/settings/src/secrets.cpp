#include "secrets.hpp"

#include <regex>

namespace acdc::settings {

namespace {

// `name: value` anywhere in a line (block or flow style), where the name ends
// in a word that means a secret. The value stops at a comma, a brace or a
// comment so that flow maps keep their shape.
const std::regex& named_secret() {
  static const std::regex re(
      R"re((^|[\s{,"'])([A-Za-z0-9_-]*(api[_-]?key|secret|secret[_-]key|access[_-]key|password|passwd|token|authorization))(["']?[ \t]*:[ \t]*)("[^"\n]*"|'[^'\n]*'|[^,}\s#][^,}\n#]*[^,}\s#]|[^,}\s#]))re",
      std::regex::ECMAScript | std::regex::icase);
  return re;
}

const std::regex& key_shaped() {
  static const std::regex re(
      R"re(sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{30,})re");
  return re;
}

std::string redact_line(const std::string& line, Secrets::Text kind) {
  std::string out = kind == Secrets::Text::settings
                        ? std::regex_replace(line, named_secret(), std::string("$1$2$4") + Secrets::kMask)
                        : line;
  return std::regex_replace(out, key_shaped(), "[redacted]");
}

template <class Fn>
void for_each_line(std::string_view text, Fn fn) {
  size_t start = 0;
  int number = 1;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (!fn(std::string(text.substr(start, end - start)), number, end < text.size())) return;
    start = end + 1;
    ++number;
  }
}

}  // namespace

std::string Secrets::redact(std::string_view text, Text kind) {
  std::string out;
  out.reserve(text.size());
  for_each_line(text, [&](const std::string& line, int, bool newline) {
    out += redact_line(line, kind);
    if (newline) out += '\n';
    return true;
  });
  return out;
}

std::optional<Secrets::Finding> Secrets::find(std::string_view text, Text kind) {
  std::optional<Finding> hit;
  for_each_line(text, [&](const std::string& line, int number, bool) {
    std::smatch m;
    // The mask counts too: saving it back would silently drop the user's key.
    if (kind == Text::settings && std::regex_search(line, m, named_secret()))
      hit = Finding{number, "the value of '" + m[2].str() + "'"};
    else if (std::regex_search(line, m, key_shaped()))
      hit = Finding{number, "a value shaped like an API key"};
    return !hit;
  });
  return hit;
}

}  // namespace acdc::settings

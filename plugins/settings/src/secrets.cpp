#include "secrets.hpp"

#include <re2/re2.h>

namespace acdc::settings {

namespace {

// RE2, not std::regex: it runs in linear time without recursion, so a
// pasted file with a megabyte-long line cannot exhaust the stack.
//
// `name: value` anywhere in a line (block or flow style), where the name ends
// in a word that means a secret. The value stops at a comma, a brace or a
// comment so that flow maps keep their shape.
const RE2& named_secret() {
  static const RE2 re(
      R"re((?i)(^|[\s{,"'])([A-Za-z0-9_-]*(?:api[_-]?key|secret|secret[_-]key|access[_-]key|password|passwd|token|authorization))(["']?[ \t]*:[ \t]*)("[^"\n]*"|'[^'\n]*'|[^,}\s#][^,}\n#]*[^,}\s#]|[^,}\s#]))re");
  return re;
}

const RE2& key_shaped() {
  static const RE2 re(
      R"re(sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{30,})re");
  return re;
}

std::string redact_line(std::string line, Secrets::Text kind) {
  if (kind == Secrets::Text::settings)
    RE2::GlobalReplace(&line, named_secret(), std::string("\\1\\2\\3") + Secrets::kMask);
  RE2::GlobalReplace(&line, key_shaped(), "[redacted]");
  return line;
}

template <class Fn>
void for_each_line(std::string_view text, Fn fn) {
  size_t start = 0;
  int number = 1;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (!fn(text.substr(start, end - start), number, end < text.size())) return;
    start = end + 1;
    ++number;
  }
}

}  // namespace

std::string Secrets::redact(std::string_view text, Text kind) {
  std::string out;
  out.reserve(text.size());
  for_each_line(text, [&](std::string_view line, int, bool newline) {
    out += redact_line(std::string(line), kind);
    if (newline) out += '\n';
    return true;
  });
  return out;
}

std::optional<Secrets::Finding> Secrets::find(std::string_view text, Text kind) {
  std::optional<Finding> hit;
  for_each_line(text, [&](std::string_view line, int number, bool) {
    std::string name;
    // The mask counts too: saving it back would silently drop the user's key.
    if (kind == Text::settings && RE2::PartialMatch(line, named_secret(), nullptr, &name))
      hit = Finding{number, "the value of '" + name + "'"};
    else if (RE2::PartialMatch(line, key_shaped()))
      hit = Finding{number, "a value shaped like an API key"};
    return !hit;
  });
  return hit;
}

}  // namespace acdc::settings

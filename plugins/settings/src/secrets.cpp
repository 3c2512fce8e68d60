#include "secrets.hpp"

#include <re2/re2.h>

#include <optional>

namespace acdc::settings {

namespace {

// RE2, not std::regex: it runs in linear time without recursion, so a
// pasted file with a megabyte-long line cannot exhaust the stack.
//
// `name: value` where a YAML key can start: at the start of a line (after
// indentation and list dashes) or after `{` or `,` in a flow map; the name,
// maybe quoted, ends in a word that means a secret. The value stops at a
// comma, a brace or a comment so that flow maps keep their shape.
// Groups: 1 what precedes the key, 2 the key and its colon, 3 the name, 4 the value.
const RE2& named_secret() {
  static const RE2 re(
      R"re((?i)(^[ \t]*(?:-[ \t]+)*|[{,][ \t]*)(["']?([A-Za-z0-9_-]*(?:api[_-]?key|secret|secret[_-]key|access[_-]key|password|passwd|token|authorization))["']?[ \t]*:[ \t]*)("[^"\n]*"|'[^'\n]*'|[^,}\s#][^,}\n#]*[^,}\s#]|[^,}\s#]))re");
  return re;
}

const RE2& key_shaped() {
  static const RE2 re(
      R"re(sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{30,})re");
  return re;
}

// False when `pos` lies inside a quoted scalar or a comment, where "token:"
// is just words (a snippet's message, a note to oneself).
bool where_a_key_can_be(std::string_view line, size_t pos) {
  char quote = 0, before = ':';  // the last character that is not a space, outside quotes
  for (size_t i = 0; i < pos; ++i) {
    const char c = line[i];
    if (quote) {
      if (quote == '"' && c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    // A quote opens a quoted scalar only where a scalar starts: don't, it's stay plain.
    if ((c == '"' || c == '\'') && std::string_view(":-[{,").find(before) != std::string_view::npos) quote = c;
    else if (c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) return false;
    if (c != ' ' && c != '\t') before = c;
  }
  return quote == 0;
}

struct NamedSecret {
  size_t value_start, value_end;  // offsets in the line
  std::string name;
};

// The first setting named like a secret at or after `from`.
std::optional<NamedSecret> next_named_secret(std::string_view line, size_t from) {
  re2::StringPiece g[5];
  const re2::StringPiece text(line.data(), line.size());
  while (from <= line.size() && named_secret().Match(text, from, line.size(), RE2::UNANCHORED, g, 5)) {
    const auto at = [&](const re2::StringPiece& p) { return static_cast<size_t>(p.data() - line.data()); };
    if (where_a_key_can_be(line, at(g[2])))
      return NamedSecret{at(g[4]), at(g[4]) + g[4].size(), std::string(g[3].data(), g[3].size())};
    from = at(g[0]) + 1;
  }
  return std::nullopt;
}

std::string redact_line(std::string_view line, Secrets::Text kind) {
  std::string out;
  if (kind == Secrets::Text::settings) {
    size_t done = 0;
    while (auto hit = next_named_secret(line, done)) {
      out.append(line.substr(done, hit->value_start - done)).append(Secrets::kMask);
      done = hit->value_end;
    }
    out.append(line.substr(done));
  } else {
    out = line;
  }
  RE2::GlobalReplace(&out, key_shaped(), "[redacted]");
  return out;
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
    out += redact_line(line, kind);
    if (newline) out += '\n';
    return true;
  });
  return out;
}

std::optional<Secrets::Finding> Secrets::find(std::string_view text, Text kind) {
  std::optional<Finding> hit;
  for_each_line(text, [&](std::string_view line, int number, bool) {
    // The mask counts too: saving it back would silently drop the user's key.
    if (auto named = kind == Text::settings ? next_named_secret(line, 0) : std::nullopt)
      hit = Finding{number, "the value of '" + named->name + "'"};
    else if (RE2::PartialMatch(line, key_shaped()))
      hit = Finding{number, "a value shaped like an API key"};
    return !hit;
  });
  return hit;
}

}  // namespace acdc::settings

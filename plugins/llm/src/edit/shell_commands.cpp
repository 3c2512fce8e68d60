#include "edit/shell_commands.hpp"

#include "edit/edit_parser.hpp"

#include <algorithm>

namespace acdc::llm {
namespace {

// ```bash, ```Shell, ```SH: the language is matched ignoring case.
bool is_shell_fence(std::string_view trimmed) {
  std::string lang(trim(trimmed.substr(3)));
  std::transform(lang.begin(), lang.end(), lang.begin(), [](unsigned char c) { return std::tolower(c); });
  return lang == "bash" || lang == "sh" || lang == "shell";
}

bool is_prose_quote(std::string_view cmd) {
  for (std::string_view word : {"Note", "Warning", "This", "The", "Make"})
    if (cmd.starts_with(word)) return true;
  return false;
}

void add(std::vector<std::string>& out, std::string_view cmd) {
  cmd = trim(cmd);
  if (cmd.empty()) return;
  if (std::find(out.begin(), out.end(), cmd) == out.end()) out.emplace_back(cmd);
}

}  // namespace

std::vector<std::string> detect_shell_commands(std::string_view text) {
  std::vector<std::string> out;
  enum { outside, shell_fence, other_fence } where = outside;
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    std::string_view line = text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    start = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    std::string_view trimmed = trim(line);
    if (trimmed.starts_with("```")) {
      if (where != outside) where = outside;
      else where = is_shell_fence(trimmed) ? shell_fence : other_fence;
    } else if (where == shell_fence) {
      if (!trimmed.starts_with("#")) add(out, trimmed);
    } else if (where == outside) {
      // At the start of the line only: an indented "$ x" is part of a list or a quote.
      if (line.starts_with("$ ")) add(out, line.substr(2));
      else if (line.starts_with("> ") && !is_prose_quote(trim(line.substr(2)))) add(out, line.substr(2));
    }
  }
  return out;
}

}  // namespace acdc::llm

// bb7/edit/lines.cpp -- see lines.hpp.
#include "bb7/edit/lines.hpp"

namespace acdc::adapters::bb7 {

std::string normalize_newlines(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i)
    if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) out += text[i];
  return out;
}

std::vector<std::string> split_lines(std::string_view text) {
  std::string norm = normalize_newlines(text);
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < norm.size()) {
    std::size_t nl = norm.find('\n', start);
    if (nl == std::string::npos) {
      lines.push_back(norm.substr(start));
      break;
    }
    lines.push_back(norm.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) {
    out += l;
    out += '\n';
  }
  return out;
}

std::string_view trim_right(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::string_view trim(std::string_view s) {
  s = trim_right(s);
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  return s;
}

std::string_view leading_ws(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size() && (s[n] == ' ' || s[n] == '\t')) ++n;
  return s.substr(0, n);
}

bool lines_equal(std::string_view a, std::string_view b, MatchPass pass) {
  switch (pass) {
    case MatchPass::exact: return a == b;
    case MatchPass::trailing_ws: return trim_right(a) == trim_right(b);
    case MatchPass::trimmed: return trim(a) == trim(b);
  }
  return false;
}

std::vector<std::size_t> find_block(const std::vector<std::string>& file, const std::vector<std::string>& pattern,
                                    MatchPass pass, std::size_t from) {
  std::vector<std::size_t> hits;
  if (pattern.empty() || pattern.size() > file.size()) return hits;
  for (std::size_t i = from; i + pattern.size() <= file.size();) {
    bool all = true;
    for (std::size_t j = 0; j < pattern.size() && all; ++j) all = lines_equal(file[i + j], pattern[j], pass);
    if (all) {
      hits.push_back(i);
      i += pattern.size();
    } else {
      ++i;
    }
  }
  return hits;
}

namespace {

// `line` was indented for `from`; give it the indentation of `to`.
std::string shift_indent(const std::string& line, std::string_view from, std::string_view to) {
  if (trim(line).empty()) return line;
  std::string_view indent = leading_ws(line);
  std::string_view body = std::string_view(line).substr(indent.size());
  if (indent.substr(0, from.size()) == from)  // the common case: keep what is beyond `from`
    return std::string(to) + std::string(indent.substr(from.size())) + std::string(body);
  if (from.substr(0, to.size()) == to) {  // file less indented: remove the difference
    std::size_t remove = from.size() - to.size();
    return std::string(indent.substr(std::min(remove, indent.size()))) + std::string(body);
  }
  return std::string(to) + std::string(body);  // tabs against spaces: replace the indent
}

}  // namespace

std::vector<std::string> reindent(const std::vector<std::string>& lines, const std::vector<std::string>& pattern,
                                  const std::vector<std::string>& file_block) {
  if (pattern.empty() || file_block.empty()) return lines;
  std::vector<std::string> out;
  out.reserve(lines.size());
  for (std::size_t j = 0; j < lines.size(); ++j) {
    // Extra lines take the first line's difference.
    std::size_t k = j < pattern.size() && j < file_block.size() ? j : 0;
    out.push_back(shift_indent(lines[j], leading_ws(pattern[k]), leading_ws(file_block[k])));
  }
  return out;
}

}  // namespace acdc::adapters::bb7

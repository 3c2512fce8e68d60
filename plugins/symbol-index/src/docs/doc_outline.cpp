#include "docs/doc_outline.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace acdc::symbols {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// "```" or "~~~" (three or more) opens or closes a fence; returns its marker.
std::string_view fence_marker(std::string_view line) {
  line = trim(line);
  for (char c : {'`', '~'}) {
    std::size_t n = 0;
    while (n < line.size() && line[n] == c) ++n;
    if (n >= 3) return line.substr(0, n);
  }
  return {};
}

// The heading level and text of an ATX heading line, level 0 otherwise.
int atx_heading(std::string_view line, std::string& text) {
  std::size_t indent = 0;
  while (indent < line.size() && line[indent] == ' ') ++indent;
  if (indent > 3) return 0;
  line.remove_prefix(indent);
  int level = 0;
  while (level < static_cast<int>(line.size()) && line[level] == '#') ++level;
  if (level < 1 || level > 6) return 0;
  if (static_cast<int>(line.size()) > level && line[level] != ' ' && line[level] != '\t') return 0;
  std::string_view rest = trim(line.substr(level));
  // A closing run of '#' is no part of the text.
  std::size_t end = rest.find_last_not_of('#');
  if (end != std::string_view::npos && end + 1 < rest.size() && (rest[end] == ' ' || rest[end] == '\t'))
    rest = trim(rest.substr(0, end + 1));
  else if (end == std::string_view::npos)
    rest = {};
  text = std::string(rest);
  return level;
}

// A table's delimiter row: "| --- | :---: |" or "--- | ---".
bool table_delimiter(std::string_view line) {
  line = trim(line);
  if (line.find('|') == std::string_view::npos || line.find("---") == std::string_view::npos) return false;
  return std::all_of(line.begin(), line.end(), [](char c) { return c == '|' || c == '-' || c == ':' || c == ' '; });
}

// The targets of "[text](target)" and "![alt](target "title")" on one line.
std::vector<std::string_view> link_targets(std::string_view line) {
  std::vector<std::string_view> out;
  for (std::size_t at = line.find("]("); at != std::string_view::npos; at = line.find("](", at + 2)) {
    std::size_t start = at + 2;
    if (start < line.size() && line[start] == '<') ++start;
    std::size_t end = start;
    while (end < line.size() && line[end] != ')' && line[end] != ' ' && line[end] != '>') ++end;
    if (end > start) out.push_back(line.substr(start, end - start));
  }
  return out;
}

void add_once(std::vector<std::string>& list, const std::string& v) {
  if (std::find(list.begin(), list.end(), v) == list.end()) list.push_back(v);
}

}  // namespace

std::string github_slug(std::string_view heading) {
  std::string slug;
  for (char c : heading) {
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x80 || std::isalnum(u) || c == '_' || c == '-') slug += static_cast<char>(u < 0x80 ? std::tolower(u) : c);
    else if (c == ' ') slug += '-';
  }
  return slug;
}

std::string resolve_link(std::string_view doc_path, std::string_view target) {
  if (target.empty() || target.front() == '#') return {};
  std::size_t colon = target.find(':');
  if (colon != std::string_view::npos && target.find('/') > colon) return {};  // http:, mailto:, ...
  std::string_view anchor;
  if (std::size_t hash = target.find('#'); hash != std::string_view::npos) {
    anchor = target.substr(hash);
    target = target.substr(0, hash);
  }
  if (std::size_t query = target.find('?'); query != std::string_view::npos) target = target.substr(0, query);
  if (target.empty()) return {};
  std::filesystem::path p = target.front() == '/' ? std::filesystem::path(target.substr(1))
                                                  : std::filesystem::path(doc_path).parent_path() / target;
  std::string norm = p.lexically_normal().generic_string();
  if (norm.empty() || norm == "." || norm.starts_with("../") || norm == ".." || norm.ends_with("/")) return {};
  return norm + std::string(anchor);
}

DocOutline extract_outline(std::string_view doc_path, std::string_view text) {
  DocOutline out;
  std::string_view fence;
  int line_no = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? text.size() - pos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    ++line_no;
    DocHeading* current = out.headings.empty() ? nullptr : &out.headings.back();
    if (std::string_view marker = fence_marker(line); !marker.empty()) {
      if (fence.empty()) fence = marker;
      else if (marker.front() == fence.front() && marker.size() >= fence.size()) fence = {};
      if (current) current->has_code = true;
      continue;
    }
    if (!fence.empty()) continue;
    std::string heading;
    if (int level = atx_heading(line, heading)) {
      out.headings.push_back(DocHeading{.level = level, .text = std::move(heading), .line = line_no});
      continue;
    }
    if (current && table_delimiter(line)) current->has_table = true;
    for (std::string_view target : link_targets(line)) {
      std::string resolved = resolve_link(doc_path, target);
      if (resolved.empty()) continue;
      add_once(out.links, resolved);
      if (current) add_once(current->links, resolved);
    }
  }
  out.total_lines = line_no;
  // A section runs to the next heading of the same or a higher level.
  for (std::size_t i = 0; i < out.headings.size(); ++i) {
    int end = out.total_lines + 1;
    for (std::size_t j = i + 1; j < out.headings.size(); ++j)
      if (out.headings[j].level <= out.headings[i].level) {
        end = out.headings[j].line;
        break;
      }
    out.headings[i].lines = end - out.headings[i].line;
  }
  return out;
}

}  // namespace acdc::symbols

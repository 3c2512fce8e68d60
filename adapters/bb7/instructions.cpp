// bb7/instructions.cpp -- see instructions.hpp.
#include "bb7/instructions.hpp"

#include "bb7/config.hpp"
#include "bb7/edit/lines.hpp"
#include "bb7/files.hpp"
#include "bb7/safe_path.hpp"

#include <acdc/sdk/error.hpp>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

namespace {

constexpr const char* kProjectFile = ".bb7/instructions";

[[noreturn]] void fail_at(std::size_t line, const std::string& msg) {
  throw Error(ACDC_E_INVALID_PARAMS, std::string(kProjectFile) + ":" + std::to_string(line) + ": " + msg);
}

std::string include_target(std::string_view rest, std::size_t line_no) {
  rest = trim(rest);
  if (rest.empty()) fail_at(line_no, "@include missing path");
  if (rest.front() != '"') return std::string(rest);
  std::size_t close = rest.find('"', 1);
  if (close == std::string_view::npos) fail_at(line_no, "@include missing closing quote");
  if (!trim(rest.substr(close + 1)).empty()) fail_at(line_no, "@include trailing text after quoted path");
  std::string path(rest.substr(1, close - 1));
  if (path.empty()) fail_at(line_no, "@include missing path");
  return path;
}

std::string read_include(const fs::path& root, const std::string& path, std::size_t line_no) {
  fs::path file;
  try {
    file = join_under(root, path);
    ensure_inside(root, file);  // a symlink out of the project is an escape too
  } catch (const Error&) {
    fail_at(line_no, "include path escapes project root");
  }
  auto text = read_file(file);
  if (!text) fail_at(line_no, "include file not found: " + path);
  return *text;
}

std::string trim_blank(std::string_view s) {
  std::size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  return std::string(s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1));
}

std::string wrap(const char* tag, const char* source, const std::string& text) {
  return "<" + std::string(tag) + " source=\"" + source + "\">\n" + text + "\n</" + tag + ">";
}

}  // namespace

std::string strip_comment_lines(std::string_view text) {
  std::string out;
  for (const auto& line : split_lines(text))
    if (line.rfind("@@", 0) != 0) out += line + "\n";
  return out;
}

std::string parse_project_instructions(const fs::path& root, std::string_view text) {
  std::string out;
  bool fenced = false;
  std::size_t line_no = 0;
  for (const auto& line : split_lines(text)) {
    ++line_no;
    if (line.rfind("@@", 0) == 0) continue;
    std::string_view t = trim(line);
    if (t.rfind("```", 0) == 0 || t.rfind("~~~", 0) == 0) fenced = !fenced;
    if (!fenced && (line == "@include" || line.rfind("@include ", 0) == 0 || line.rfind("@include\t", 0) == 0)) {
      std::string target = include_target(std::string_view(line).substr(8), line_no);
      if (!target.empty() && target.front() == '/') fail_at(line_no, "include path escapes project root");
      out += read_include(root, target, line_no);
      if (!out.empty() && out.back() != '\n') out += '\n';
      continue;
    }
    out += line + "\n";
  }
  return out;
}

std::string instructions_block(const fs::path& home, const fs::path& root, bool global_chat) {
  std::string block;
  if (auto g = read_file(bb7_config_dir(home) / "instructions.md")) {
    std::string text = trim_blank(strip_comment_lines(*g));
    if (!text.empty()) block += wrap("user-instructions", "~/.config/bb7/instructions.md", text);
  }
  if (!global_chat && !root.empty())
    if (auto p = read_file(root / ".bb7" / "instructions")) {
      std::string text = trim_blank(parse_project_instructions(root, *p));
      if (!text.empty()) block += (block.empty() ? "" : "\n\n") + wrap("project-instructions", kProjectFile, text);
    }
  return block;
}

}  // namespace acdc::adapters::bb7

#include "edit/edit_parser.hpp"

#include <algorithm>

namespace acdc::llm {
namespace {

// U+1F7E7 / U+1F7E8 / U+1F7E9 three times each (§4.3).
constexpr std::string_view kEdit = "\xF0\x9F\x9F\xA7\xF0\x9F\x9F\xA7\xF0\x9F\x9F\xA7 EDIT";
constexpr std::string_view kRepl = "\xF0\x9F\x9F\xA8\xF0\x9F\x9F\xA8\xF0\x9F\x9F\xA8 REPL";
constexpr std::string_view kEnd = "\xF0\x9F\x9F\xA9\xF0\x9F\x9F\xA9\xF0\x9F\x9F\xA9 END";
constexpr std::string_view kAgent = "\xF0\x9F\x9F\xA7\xF0\x9F\x9F\xA7\xF0\x9F\x9F\xA7 AGENT";
constexpr std::string_view kAgentEnd = "\xF0\x9F\x9F\xA9\xF0\x9F\x9F\xA9\xF0\x9F\x9F\xA9 AGEND";

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Python's \w on str matches Unicode letters and digits; every non-ASCII
// byte is treated as part of such a character.
bool is_word(char c) {
  auto u = static_cast<unsigned char>(c);
  return u >= 0x80 || (u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') ||
         c == '_';
}
bool is_name_char(char c) { return is_word(c) || c == '-' || c == '.'; }
bool all_name_chars(std::string_view s) { return std::all_of(s.begin(), s.end(), is_name_char); }
bool all_word(std::string_view s) { return std::all_of(s.begin(), s.end(), is_word); }

// ^\.?[\w\-\.]+\.\w+$
bool has_extension(std::string_view s) {
  size_t dot = s.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == s.size()) return false;
  return all_name_chars(s) && all_word(s.substr(dot + 1));
}
// ^\.\w[\w\-\.]*$
bool is_dotfile(std::string_view s) {
  return s.size() >= 2 && s[0] == '.' && is_word(s[1]) && all_name_chars(s.substr(2));
}
// ^\w[\w\-\.]*$ (Makefile, LICENSE)
bool is_bare_name(std::string_view s) { return !s.empty() && is_word(s[0]) && all_name_chars(s); }

bool is_blank(std::string_view s) { return trim(s).empty(); }

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i) out += '\n';
    out += lines[i];
  }
  return out;
}

}  // namespace

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool EditParser::is_file_path(std::string_view line) {
  std::string_view s = trim(line);
  if (s.empty() || s.size() >= 200) return false;
  for (std::string_view bad : {"#", "//", "*", "-", ">", "```"})
    if (s.starts_with(bad)) return false;
  bool has_space = s.find(' ') != std::string_view::npos;
  if (!has_space && s.find_first_of("/\\") != std::string_view::npos) return true;
  return has_extension(s) || is_dotfile(s) || (!has_space && is_bare_name(s));
}

void EditParser::feed(std::string_view chunk) {
  partial_.append(chunk);
  size_t start = 0;
  for (size_t nl = partial_.find('\n'); nl != std::string::npos; nl = partial_.find('\n', start)) {
    on_line(std::string_view(partial_).substr(start, nl - start));
    start = nl + 1;
  }
  partial_.erase(0, start);
}

std::vector<EditBlock> EditParser::finish() {
  if (!partial_.empty()) {
    std::string last = std::move(partial_);
    partial_.clear();
    on_line(last);
  }
  if (state_ == State::reading_old || state_ == State::reading_new) {
    EditBlock block{pending_path_, join_lines(old_lines_), join_lines(new_lines_),
                    is_blank(join_lines(old_lines_)), false};
    blocks_.push_back(std::move(block));
  }
  state_ = State::scanning;
  return std::move(blocks_);
}

std::vector<EditBlock> EditParser::parse(std::string_view text) {
  EditParser parser;
  parser.feed(text);
  return parser.finish();
}

void EditParser::on_line(std::string_view line) {
  std::string_view trimmed = trim(line);
  switch (state_) {
    case State::scanning: return on_scanning(trimmed);
    case State::expect_edit: return on_expect_edit(trimmed);
    case State::reading_old:
      if (trimmed == kRepl) state_ = State::reading_new;
      else old_lines_.emplace_back(line);
      return;
    case State::reading_new:
      if (trimmed == kEnd) emit();
      else new_lines_.emplace_back(line);
      return;
    case State::reading_agent:
      // Agent spawn blocks are ADVANCED (§4.14); their body is never an edit.
      if (trimmed == kAgentEnd) state_ = State::scanning;
      return;
  }
}

void EditParser::on_scanning(std::string_view trimmed) {
  if (trimmed == kAgent) {
    state_ = State::reading_agent;
  } else if (is_file_path(trimmed)) {
    pending_path_ = std::string(trimmed);
    state_ = State::expect_edit;
  }
}

void EditParser::on_expect_edit(std::string_view trimmed) {
  if (trimmed == kEdit) {
    old_lines_.clear();
    new_lines_.clear();
    state_ = State::reading_old;
  } else if (trimmed.empty() || trimmed.starts_with("```")) {
    // The code tolerates blank lines and a wrapping fence here (§4.3).
  } else if (is_file_path(trimmed)) {
    pending_path_ = std::string(trimmed);
  } else {
    pending_path_.clear();
    state_ = State::scanning;
  }
}

void EditParser::emit() {
  std::string old_text = join_lines(old_lines_);
  bool create = is_blank(old_text);
  blocks_.push_back(EditBlock{pending_path_, std::move(old_text), join_lines(new_lines_), create, true});
  pending_path_.clear();
  old_lines_.clear();
  new_lines_.clear();
  state_ = State::scanning;
}

}  // namespace acdc::llm

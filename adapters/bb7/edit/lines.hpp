// bb7/edit/lines.hpp -- the line model both edit formats match on (bb7.md §8):
// CRLF becomes LF, and a trailing newline does not make an empty last line.
//
//   std::vector<std::string> lines = split_lines("a\r\nb\n");   // {"a", "b"}
//   std::string text = join_lines(lines);                        // "a\nb\n"
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace acdc::adapters::bb7 {

std::string normalize_newlines(std::string_view text);
std::vector<std::string> split_lines(std::string_view text);
// Joined with '\n' and always ending in a newline (an empty list gives "").
std::string join_lines(const std::vector<std::string>& lines);

std::string_view trim_right(std::string_view s);  // spaces, tabs, CR
std::string_view trim(std::string_view s);
std::string_view leading_ws(std::string_view s);

// The matching passes of §8.1, in the order they are tried.
enum class MatchPass { exact, trailing_ws, trimmed };
bool lines_equal(std::string_view file_line, std::string_view pattern_line, MatchPass pass);

// Start indices in `file` where every line of `pattern` matches under `pass`;
// matches do not overlap, scanning from `from`.
std::vector<std::size_t> find_block(const std::vector<std::string>& file, const std::vector<std::string>& pattern,
                                    MatchPass pass, std::size_t from = 0);

// Pass-3 re-indentation: `lines` were written against the indentation of
// `pattern`; the file has `file_block` there. See §8.1 "Pass-3 indentation fix".
std::vector<std::string> reindent(const std::vector<std::string>& lines, const std::vector<std::string>& pattern,
                                  const std::vector<std::string>& file_block);

}  // namespace acdc::adapters::bb7

// edit/edit_parser.hpp -- the streaming edit-block parser of
// acdc-features.md §4.3: a line state machine fed with arbitrary chunks.
//
//   EditParser parser;
//   parser.feed("src/a.py\n🟧🟧🟧 EDIT\nx = 1\n🟨🟨🟨 REPL\nx = 2\n🟩🟩🟩 END\n");
//   std::vector<EditBlock> blocks = parser.finish();   // one completed block
//
// Marker lines are compared after trimming whitespace and must be the exact
// emoji bytes; there is no ASCII fallback. A block still open when the input
// ends is returned with completed == false.
#pragma once

#include "edit/edit_block.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

class EditParser {
 public:
  // Feeds more text; a trailing partial line is buffered until its "\n".
  void feed(std::string_view chunk);
  // Ends the input: returns every block, the incomplete one last.
  std::vector<EditBlock> finish();

  // Parses a complete answer in one go.
  static std::vector<EditBlock> parse(std::string_view text);
  // The backend file-path predicate of §4.3, applied to a trimmed line.
  static bool is_file_path(std::string_view line);

 private:
  enum class State { scanning, expect_edit, reading_old, reading_new, reading_agent };

  void on_line(std::string_view line);
  void on_scanning(std::string_view trimmed);
  void on_expect_edit(std::string_view trimmed);
  void emit();

  State state_ = State::scanning;
  std::string partial_;
  std::string pending_path_;
  std::vector<std::string> old_lines_;
  std::vector<std::string> new_lines_;
  std::vector<EditBlock> blocks_;
};

// Whitespace trim as Python's str.strip() does it for ASCII whitespace.
std::string_view trim(std::string_view s);

}  // namespace acdc::llm

// html/text_writer.hpp -- the output side of html_to_text: collapses
// whitespace as a browser does, keeps at most one blank line between
// blocks, and writes inline marks (**, `, [..](..)) only around text.
//
//   TextWriter w;
//   w.text("  two\n words "); w.block(); w.raw("# Title");
//   w.finish();   // "two words\n\n# Title"
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace acdc::urls {

class TextWriter {
 public:
  // Character data: collapsed, unless inside <pre>.
  void text(std::string_view s);
  // Written as is (a heading's #, a list bullet, a table row).
  void raw(std::string_view s);
  // Ends the paragraph: a blank line before whatever comes next (a line
  // break only, inside a list item).
  void block();
  // A line break before whatever comes next.
  void line();
  // A line break unless at the start of a line already.
  void end_line();
  void inline_mark(std::string_view open);
  // Closes the last inline_mark; both vanish when nothing came in between.
  void close_mark(std::string_view close);

  void set_verbatim(bool on) { verbatim_ = on; }
  bool verbatim() const { return verbatim_; }
  void set_list_item(bool on) { list_item_ = on; }

  // The text on one line, for a table cell ('|' escaped).
  std::string cell_text() const;
  std::string finish();

 private:
  void flush_breaks();

  std::string out_;
  int pending_breaks_ = 0;
  bool pending_space_ = false;
  bool verbatim_ = false;
  bool list_item_ = false;
  struct Mark {
    size_t before, after;  // out_.size() before and after an open mark
  };
  std::vector<Mark> marks_;
};

}  // namespace acdc::urls

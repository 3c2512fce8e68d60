// edit/line_ends.hpp -- CRLF files seen with the LF line ends the model writes.
//
//   std::string text = to_lf(file);              // for a prompt, or to match an edit
//   if (only_crlf(file)) written = to_crlf(lf);  // back to the file's own ends
#pragma once

#include <string>
#include <string_view>

namespace acdc::llm {

// Every CRLF as LF; a lone CR stays.
std::string to_lf(std::string_view text);
// Every LF as CRLF (for text with LF ends only).
std::string to_crlf(std::string_view text);
// True when the text has line ends and every one is CRLF: such a file is
// edited with LF ends and written back with CRLF; mixed ones are left as
// they are.
bool only_crlf(std::string_view text);

}  // namespace acdc::llm

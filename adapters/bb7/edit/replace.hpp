// bb7/edit/replace.hpp -- search/replace as bb7.md §8.1 describes it: five
// matching passes tried in order (exact lines, trailing whitespace, trimmed
// with re-indentation, boundary prefixes, raw substring), the first that
// matches anything wins. Errors carry the reference's exact text, which the
// send pipeline prefixes with the edit's place (§7.4).
//
//   std::string out = replace_text("a\n  b\n", "b", "c", false);  // "a\n  c\n"
//   replace_text("x\n", "y", "z", false);   // throws "old_string not found in file"
#pragma once

#include <string>
#include <string_view>

namespace acdc::adapters::bb7 {

// Throws acdc::Error with the message a client sees.
std::string replace_text(std::string_view content, std::string_view old_string, std::string_view new_string,
                         bool replace_all);

}  // namespace acdc::adapters::bb7

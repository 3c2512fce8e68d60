// html/charset.hpp -- a fetched body as UTF-8 text, whatever it was sent in.
//
// The charset comes from, in order: a byte-order mark, the Content-Type
// header's charset=, an HTML <meta charset> / http-equiv within the first
// 4 KiB, else UTF-8. A body that is not valid in that charset is read as
// Latin-1 (acdc-features.md §6: "decoded as UTF-8, falling back to latin-1"),
// and `note` says so.
//
//   Decoded d = decode_body(bytes, "text/html; charset=Shift_JIS", true);
//   use(d.text);   // valid UTF-8, always
#pragma once

#include <string>
#include <string_view>

namespace acdc::urls {

struct Decoded {
  std::string text;
  std::string charset;  // what it was read as, lower case
  std::string note;     // why not the declared charset, when not
};

Decoded decode_body(std::string_view body, std::string_view content_type, bool html);
// ISO-8859-1 to UTF-8: every byte is a character.
std::string latin1_to_utf8(std::string_view bytes);

}  // namespace acdc::urls

// fuzz/html_text_fuzz.cpp -- any bytes a web server sends, through the
// url-fetch plugin's charset decoding and HTML to text (plugins/url-fetch/
// src/html): no crash, no hang, and the text the model gets is valid UTF-8.
//
// The first byte picks the Content-Type the body claims (a charset or none).
#include "html/charset.hpp"
#include "html/html_text.hpp"

#include <acdc/sdk/utf8.hpp>

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static constexpr std::string_view kTypes[] = {"text/html", "text/html; charset=utf-8",
                                                "text/html; charset=iso-8859-1", "text/html; charset=windows-1252",
                                                "text/html; charset=shift_jis"};
  const std::string_view type = kTypes[data[0] % std::size(kTypes)];
  const std::string_view body(reinterpret_cast<const char*>(data) + 1, size - 1);
  const acdc::urls::Decoded decoded = acdc::urls::decode_body(body, type, true);
  const acdc::urls::PageText page = acdc::urls::html_to_text(decoded.text);
  if (!acdc::is_valid_utf8(page.text) || !acdc::is_valid_utf8(page.title) || !acdc::is_valid_utf8(page.description))
    std::abort();
  return 0;
}

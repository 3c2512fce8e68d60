#include "html/charset.hpp"

#include <acdc/sdk/utf8.hpp>

#include <iconv.h>

#include <algorithm>
#include <cctype>
#include <cerrno>

namespace acdc::urls {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

// The value after "charset=" in `text` (a header or a <meta> tag), or "".
std::string charset_after(std::string_view text) {
  std::string l = lower(text);
  auto at = l.find("charset=");
  if (at == std::string::npos) return {};
  size_t i = at + 8;
  while (i < l.size() && (l[i] == '"' || l[i] == '\'' || l[i] == ' ')) ++i;
  size_t end = i;
  while (end < l.size() && (std::isalnum(static_cast<unsigned char>(l[end])) || l[end] == '-' || l[end] == '_' ||
                            l[end] == ':' || l[end] == '.'))
    ++end;
  return l.substr(i, end - i);
}

std::string meta_charset(std::string_view body) {
  std::string_view head = body.substr(0, std::min<size_t>(body.size(), 4096));
  std::string l = lower(head);
  for (size_t at = l.find("<meta"); at != std::string::npos; at = l.find("<meta", at + 5)) {
    auto end = l.find('>', at);
    std::string c = charset_after(std::string_view(head).substr(at, end == std::string::npos ? end : end - at));
    if (!c.empty()) return c;
  }
  return {};
}

// Converts with iconv; false when iconv does not know `charset` or the
// bytes are not valid in it.
bool convert(std::string_view bytes, const std::string& charset, std::string& out) {
  iconv_t cd = iconv_open("UTF-8", charset.c_str());
  if (cd == reinterpret_cast<iconv_t>(-1)) return false;
  out.assign(bytes.size() * 2 + 16, '\0');
  char* in = const_cast<char*>(bytes.data());
  size_t in_left = bytes.size();
  size_t produced = 0;
  bool ok = true;
  while (in_left > 0) {
    char* dst = out.data() + produced;
    size_t out_left = out.size() - produced;
    size_t r = iconv(cd, &in, &in_left, &dst, &out_left);
    produced = out.size() - out_left;
    if (r != static_cast<size_t>(-1)) break;
    if (errno != E2BIG) {
      ok = false;
      break;
    }
    out.resize(out.size() * 2);
  }
  iconv_close(cd);
  out.resize(produced);
  return ok;
}

}  // namespace

std::string latin1_to_utf8(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 8);
  for (unsigned char c : bytes) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

Decoded decode_body(std::string_view body, std::string_view content_type, bool html) {
  Decoded d;
  if (body.starts_with("\xEF\xBB\xBF")) {
    body.remove_prefix(3);
    d.charset = "utf-8";
  } else if (body.starts_with("\xFF\xFE") || body.starts_with("\xFE\xFF")) {
    d.charset = body[0] == '\xFF' ? "utf-16le" : "utf-16be";
    body.remove_prefix(2);
  }
  if (d.charset.empty()) d.charset = charset_after(content_type);
  if (d.charset.empty() && html) d.charset = meta_charset(body);
  if (d.charset.empty() || d.charset == "utf8") d.charset = "utf-8";
  if (d.charset == "utf-8" || d.charset == "us-ascii" || d.charset == "ascii") {
    if (acdc::is_valid_utf8(body)) {
      d.text.assign(body);
      return d;
    }
  } else if (d.charset == "iso-8859-1" || d.charset == "latin1" || d.charset == "latin-1") {
    d.text = latin1_to_utf8(body);
    return d;
  } else if (convert(body, d.charset, d.text) && acdc::is_valid_utf8(d.text)) {
    return d;
  }
  d.note = "the page is not valid " + d.charset + ": it was read as Latin-1";
  d.charset = "iso-8859-1";
  d.text = latin1_to_utf8(body);
  return d;
}

}  // namespace acdc::urls

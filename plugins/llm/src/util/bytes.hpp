// util/bytes.hpp -- SHA-256 and base64 for the llm plugin: the tokenizer
// checks its rank file with them, the image store names and decodes pasted
// images with them.
//
//   std::string hex = sha256_hex("abc");            // 64 lowercase hex digits
//   std::optional<std::string> raw = base64_decode("aGk=");  // "hi"
//   std::string text = base64_encode(*raw);         // "aGk="
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace acdc::llm {

std::string sha256_hex(std::string_view bytes);
std::string base64_encode(std::string_view bytes);
// Standard alphabet with "=" padding (RFC 4648 §4). nullopt when the text is
// not that: a character outside the alphabet, a bad length or misplaced padding.
std::optional<std::string> base64_decode(std::string_view text);

}  // namespace acdc::llm

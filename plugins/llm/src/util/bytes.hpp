// util/bytes.hpp -- SHA-256 for the llm plugin: the tokenizer checks its
// rank file with it, the image store names pasted images with it (base64 is
// the SDK's, acdc/sdk/base64.hpp).
//
//   std::string hex = sha256_hex("abc");            // 64 lowercase hex digits
#pragma once

#include <string>
#include <string_view>

namespace acdc::llm {

std::string sha256_hex(std::string_view bytes);

}  // namespace acdc::llm

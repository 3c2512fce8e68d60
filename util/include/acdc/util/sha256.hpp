// acdc/util/sha256.hpp -- content digests: cache keys, file versions, the
// pinned hash of the BPE ranks, AWS request signing.
//
//   std::string key = acdc::util::sha256_hex(url).substr(0, 16);
#pragma once

#include <string>
#include <string_view>

namespace acdc::util {

// SHA-256 of `bytes` as 64 lowercase hex digits (OpenSSL's EVP digest).
std::string sha256_hex(std::string_view bytes);

}  // namespace acdc::util

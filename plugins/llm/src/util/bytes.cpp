// util/bytes.cpp -- see bytes.hpp.
#include "util/bytes.hpp"

#include <openssl/evp.h>

#include <array>

namespace acdc::llm {

std::string sha256_hex(std::string_view bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int len = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest.data(), &len, EVP_sha256(), nullptr);
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < len; ++i) {
    out.push_back(hex[digest[i] >> 4]);
    out.push_back(hex[digest[i] & 15]);
  }
  return out;
}

}  // namespace acdc::llm

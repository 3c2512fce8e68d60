// tokenizer/pretokenizer.hpp -- splits text into the pieces cl100k_base
// encodes one by one, with tiktoken's own pattern compiled by PCRE2 (UTF +
// UCP so \p{L}, \p{N} and \s are Unicode-aware; JIT for speed). Bytes that
// are not valid UTF-8 become pieces of their own instead of an error.
//
//   Pretokenizer split;
//   split.for_each("Hello world", [](std::string_view piece) { ... });  // "Hello", " world"
#pragma once

#include <functional>
#include <memory>
#include <string_view>

namespace acdc::llm {

class Pretokenizer {
 public:
  Pretokenizer();
  ~Pretokenizer();
  Pretokenizer(const Pretokenizer&) = delete;
  Pretokenizer& operator=(const Pretokenizer&) = delete;

  // Safe to call from several threads at once (match data is per call).
  void for_each(std::string_view text,
                const std::function<void(std::string_view)>& on_piece) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace acdc::llm

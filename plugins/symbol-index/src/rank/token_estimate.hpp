// rank/token_estimate.hpp -- about how many tokens a BPE tokenizer (cl100k,
// o200k) makes of map text, without its rank table: the symbol-index
// plugin has none, and the map's budget is in tokens.
//
// It follows the tokenizers' pre-split: a run of letters is a token per five
// letters (a camelCase hump starts a new run), a run of digits one per three,
// up to three punctuation marks one, a space or a lone "/" or "." before a
// word nothing. Dense map text ("mod_0100.py", "←3 →a,b") is ~2.5 bytes a
// token, prose ~4.5: a flat bytes ratio errs both ways. Over a whole map it
// errs towards too many tokens; the llm plugin counts the real ones and cuts
// what still does not fit (bench/map-localization reports estimate against
// cl100k).
//
//   std::size_t n = estimate_tokens("c SymbolIndex(Base)");   // 6 (cl100k: 5)
#pragma once

#include <cstddef>
#include <string_view>

namespace acdc::symbols {

std::size_t estimate_tokens(std::string_view text);

}  // namespace acdc::symbols

// bench/context/anthropic_cache.hpp -- bills a request as Anthropic's prompt
// cache does: each cache_control marker writes the prefix up to it; a later
// request reads the longest marked prefix that is byte for byte one written
// before (all within the 5-minute lifetime here); tokens after the read
// point up to the last marker are written, the rest is plain input.
//
//   AnthropicCache cache;
//   Bill b = cache.send(body, {2900, 4100});   // tokens up to each marker, in order
#pragma once

#include <cstddef>
#include <string>
#include <unordered_set>
#include <vector>

struct Bill {
  std::size_t read = 0, written = 0, fresh = 0;
  std::size_t input() const { return read + written + fresh; }
  // Claude Sonnet 4.5 list prices, USD per million tokens: input 3, cache
  // write 3.75 (1.25x), cache read 0.30 (0.1x), output 15.
  double cost(std::size_t output) const {
    return (static_cast<double>(fresh) * 3.0 + static_cast<double>(written) * 3.75 +
            static_cast<double>(read) * 0.30 + static_cast<double>(output) * 15.0) / 1e6;
  }
};

class AnthropicCache {
 public:
  // `tokens_at_marker[i]`: the prompt's tokens up to and including the
  // block the i-th marker of `body` sits on; `total`: the whole prompt's.
  Bill send(const std::string& body, const std::vector<std::size_t>& tokens_at_marker, std::size_t total);

 private:
  std::unordered_set<std::string> written_;  // hashes of the prefixes written so far
};
